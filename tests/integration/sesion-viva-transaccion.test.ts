import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { ANA, claimsOf, signIn } from '../support/sign-in';
import { comprobarSesion, olvidarSesiones } from '../../server/auth/sesion-viva';

/**
 * The embedded database runs one transaction at a time, and a statement outside it waits for it.
 * A session check another request started (outside any transaction) therefore waits behind this
 * request's transaction: this request must not wait for that check, or neither ends (before, the
 * check's promise was shared, and the database's watchdog stopped everything after 10 s).
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

it("a request's session check inside its transaction never waits for another request's check", async () => {
  const t = await signIn(s, ANA.doc, ANA.email, '198.51.100.90');
  const claims = claimsOf(t.access_token);
  olvidarSesiones([claims.sid as string]);
  await s.ctx.db.transaction(async (tx) => {
    // another request's check, outside any transaction: it waits for this one to end
    const otra = comprobarSesion(s.ctx.db, claims);
    const propia = await Promise.race([comprobarSesion(tx, claims), new Promise((r) => setTimeout(() => r('bloqueada'), 3000))]);
    expect(propia).toBe('ok');
    void otra.catch(() => undefined);
  });
});
