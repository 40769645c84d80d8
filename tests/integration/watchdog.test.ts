import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/boot';
import { openPgliteInWorker } from '../../server/db/pglite-in-worker';
import { signAccessToken } from '../../server/auth/jwt';
import { SERVICES, TEST_JWT_SECRET } from '../support/server';

/**
 * The embedded database's watchdog (PGlite cannot cancel a statement: one that runs too long is
 * stopped with its worker thread and the database opened again): everything caught in it answers
 * 503 with the Spanish message, as a PostgreSQL restart does, never 500; then the portal serves.
 */
const UNAVAILABLE = 'El servicio no está disponible en este momento. Inténtelo de nuevo en unos segundos.';
let dataDir: string;
let server: RunningServer;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'watchdog-'));
  server = await startServer(
    { port: 0, dataDir, databaseUrl: null, jwtSecret: TEST_JWT_SECRET, production: false, dbStatementTimeoutSeconds: 1 },
    { log: () => undefined },
  );
}, 120_000);
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a statement stopped by the watchdog', () => {
  it('answers 503 to every request caught in it, outside /rest/v1 too, and the portal serves again', async () => {
    const token = await signAccessToken(TEST_JWT_SECRET, { sub: '00000000-0000-4000-8000-000000000001', app_role: 'admin' });
    const send = (p: string, init: RequestInit = {}) =>
      fetch(`${server.url}${p}`, { ...init, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...init.headers } });
    const stuck = server.ctx.db.query('select pg_sleep(30)').catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 100));
    const caught = await Promise.all([
      send(`${SERVICES}/health`),
      send(`${SERVICES}/persona/00000000-0000-4000-8000-000000000001`),
      send(`${SERVICES}/persona`, {
        method: 'POST',
        body: JSON.stringify({ tipoPersona: 'FISICA', identificador: { tipo: 'NIF', numero: '73000040J' }, nombre: 'Eva' }),
      }),
      send(`${SERVICES}/auth/unified-login`, { method: 'POST', body: JSON.stringify({ username: '12345678Z' }), headers: { Authorization: '' } }),
      send('/functions/v1/auth-proxy', { method: 'POST', body: JSON.stringify({ action: 'unifiedLogin', username: '12345678Z' }), headers: { Authorization: '' } }),
      send('/geo/postal-code/28001'),
    ]);
    expect(await stuck).toMatchObject({ code: '57014' });
    for (const res of caught) {
      expect({ url: res.url, status: res.status, body: await res.json() }).toEqual({ url: res.url, status: 503, body: { message: UNAVAILABLE } });
    }
    let health = await send(`${SERVICES}/health`);
    for (const deadline = Date.now() + 30_000; health.status !== 200 && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 250));
      health = await send(`${SERVICES}/health`);
    }
    expect(health.status).toBe(200);
  }, 60_000);

  it('a transaction left open across the restart fails as a lost connection (503), not with an unknown error', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'watchdog-tx-'));
    const db = await openPgliteInWorker(folder, { statementTimeoutMs: 500 });
    try {
      const outcome = db
        .transaction(async (tx) => {
          await tx.query('select 1');
          // while this transaction waits, a statement queued behind it makes no progress: the watchdog restarts
          await new Promise((r) => setTimeout(r, 2500));
          await tx.query('select 2');
        })
        .catch((e: unknown) => e);
      const queued = db.query('select 3').catch((e: unknown) => e);
      expect(await queued).toMatchObject({ code: '57014' });
      expect(await outcome).toMatchObject({ code: '08006' });
      await expect(db.query('select 4 as n')).resolves.toMatchObject({ rows: [{ n: 4 }] });
    } finally {
      await db.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
