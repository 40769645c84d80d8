import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 31, item 9: /rest/v1/rpc/jwt_claims, es_admin, es_personal_de and the other helpers of
 * the policies answered anyone, although docs/security.md says functions are not exposed. Only
 * the functions declared for the API (GATEWAY_RPC_FUNCTIONS; the portal declares none) are.
 */
let server: TestServer;
let helpers: string[];

beforeAll(async () => {
  server = await startTestServer();
  // every callable function of schema public, whatever migrations add later
  helpers = (
    await server.ctx.db.query<{ proname: string }>(
      `select distinct proname from pg_proc where pronamespace = 'public'::regnamespace and prokind = 'f'
          and prorettype not in ('trigger'::regtype, 'event_trigger'::regtype) order by 1`,
    )
  ).rows.map((r) => r.proname);
});
afterAll(() => server?.close());

describe('functions through /rest/v1/rpc', () => {
  it('no function of schema public answers, anonymous, signed in or admin, by POST or GET', async () => {
    expect(helpers).toEqual(expect.arrayContaining(['jwt_claims', 'es_admin', 'es_personal_de', 'persona_actual']));
    const tokens = [undefined, await server.token('00000000-0000-4000-8000-000000000002', 'assistant', [1]), await server.token('00000000-0000-4000-8000-000000000001', 'admin')];
    for (const name of helpers) {
      for (const token of tokens) {
        const post = await server.supabase(token).rpc(name, {});
        expect([name, post.status, post.error?.code]).toEqual([name, 404, 'PGRST202']);
      }
      const get = await fetch(`${server.url}/rest/v1/rpc/${name}`, { headers: { apikey: server.ctx.anonKey } });
      expect([name, get.status]).toEqual([name, 404]);
    }
  });

  it('a function declared for the API is callable', async () => {
    const declared = await startTestServer({ gateway: { ...server.ctx.config.gateway, rpcFunctions: ['horas_cita'] } });
    try {
      const { status, data } = await declared.supabase().rpc('horas_cita', { p_date: '2030-01-05' });
      expect([status, data]).toEqual([200, ['10:00:00', '11:00:00', '12:00:00']]);
      expect((await declared.supabase().rpc('jwt_claims')).status).toBe(404);
    } finally {
      await declared.close();
    }
  });
});
