import fs from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable, QueryResult } from './db.js';

function wrap(q: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const r = await q.query<T>(sql, params as unknown[] | undefined);
      // PGlite reports 0 affected rows for a SELECT; node-postgres counts the rows returned.
      return { rows: r.rows, rowCount: Math.max(r.affectedRows ?? 0, r.rows.length) };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  };
}

/**
 * Embedded Postgres. PGlite runs one statement at a time; its transaction() holds
 * an exclusive lock, so concurrent requests queue rather than interleave.
 * `loadDataDir` lets tests start from a migrated snapshot instead of a fresh initdb.
 */
export async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<Db> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir ?? undefined, loadDataDir ? { loadDataDir } : {});
  const base = wrap(pg);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
    // exposed for test snapshots
    dump: () => pg.dumpDataDir('none'),
  } as Db & { dump: () => Promise<Blob | File> };
}
