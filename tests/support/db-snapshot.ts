import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../../server/db/pglite';
import { migrate } from '../../server/db/migrate';

/**
 * Vitest global setup: migrates and seeds one fresh database and dumps it, so every
 * integration test file starts its own server on a copy in milliseconds instead of a new initdb.
 */
export default async function setup() {
  const db = (await openPglite(null)) as Awaited<ReturnType<typeof openPglite>> & { dump(): Promise<Blob> };
  await migrate(db, { seed: true });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'notaria-db-')), 'snapshot.tar');
  fs.writeFileSync(file, Buffer.from(await (await db.dump()).arrayBuffer()));
  await db.close();
  process.env.TEST_DB_SNAPSHOT = file;
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
