import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { ANA } from '../support/sign-in';
import { ENDPOINTS } from '../../api';
import { doors, fullPath, type Endpoint } from '../../api/endpoint';

/**
 * Every declared endpoint's door, swept from the declarations (api/): a new endpoint is in these
 * checks without editing them. Without a token, an endpoint behind any door but `anyone` answers
 * 401; a signed-in client who is neither staff nor admin gets the door's refusal from a staff or
 * admin endpoint; a JSON-only endpoint refuses a form body with 415 before reading it.
 */
let s: TestServer;
let cliente: string;
beforeAll(async () => {
  s = await startTestServer();
  cliente = await s.token(ANA.personaId);
});
afterAll(() => s?.close());

const SOME_ID = '00000000-0000-4000-8000-0000000000ff';
const url = (e: Endpoint) => `${s.url}${fullPath(e).replace(/\{\w+\}/g, SOME_ID)}`;
const call = (e: Endpoint, init: RequestInit = {}) =>
  fetch(url(e), { method: e.method, ...init, ...(e.method !== 'GET' && !init.body ? { body: '{}', headers: { 'content-type': 'application/json', ...init.headers } } : {}) });
const served = ENDPOINTS.filter((e) => !e.base);

describe('the doors of the declared endpoints', () => {
  it('every endpoint that needs a session answers 401 without a token', async () => {
    const needSession = served.filter((e) => e.access !== doors.anyone);
    expect(needSession.length).toBeGreaterThan(80);
    for (const e of needSession) {
      const res = await call(e);
      expect(res.status, `${e.method} ${e.path}`).toBe(401);
      expect(((await res.json()) as { message: string }).message, `${e.method} ${e.path}`).toMatch(/token|sesión/i);
    }
  });

  it("a client gets the door's refusal from the office's and the admin's endpoints", async () => {
    const closed = served.filter((e) => e.access === doors.staff || e.access === doors.admin || e.access === doors.staffOrAdmin);
    expect(closed.length).toBeGreaterThan(5);
    for (const e of closed) {
      const res = await call(e, { headers: { authorization: `Bearer ${cliente}` } });
      expect(res.status, `${e.method} ${e.path}`).toBe(e.access.refused.status);
      expect(await res.json(), `${e.method} ${e.path}`).toEqual({ message: e.access.refused.message });
    }
  });

  it('a JSON-only endpoint refuses a form body with 415', async () => {
    const jsonOnly = served.filter((e) => e.jsonOnly);
    expect(jsonOnly.length).toBeGreaterThan(4);
    for (const e of jsonOnly) {
      const res = await call(e, { body: 'username=12345678Z', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(res.status, `${e.method} ${e.path}`).toBe(415);
    }
  });
});
