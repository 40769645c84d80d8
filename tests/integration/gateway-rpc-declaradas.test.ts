import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 31, item 9: /rest/v1/rpc/jwt_claims, es_admin, es_personal_de and the other helpers of
 * the policies answered anyone, although docs/security.md says functions are not exposed. The
 * portal's own functions (app_meta.funciones_privadas) are unknown names there; a function created
 * for an API (as the postgrest-js suite's fixture creates its own) is callable, as PostgREST does.
 */
let server: TestServer;
let helpers: string[];

beforeAll(async () => {
  server = await startTestServer();
  // every callable function of schema public on a fresh database, whatever migrations add later
  helpers = (
    await server.ctx.db.query<{ proname: string }>(
      `select distinct proname from pg_proc where pronamespace = 'public'::regnamespace and prokind = 'f'
          and prorettype not in ('trigger'::regtype, 'event_trigger'::regtype) order by 1`,
    )
  ).rows.map((r) => r.proname);
});
afterAll(() => server?.close());

describe('functions through /rest/v1/rpc', () => {
  it('no function of the portal answers, anonymous, signed in or admin, by POST or GET', async () => {
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

  it('a function created for an API is callable, the helpers still are not', async () => {
    await server.ctx.db.exec(`
      create function public.saludo(nombre text) returns text language sql immutable as $$ select 'Hola, ' || nombre $$;
      grant execute on function public.saludo(text) to anon, authenticated;
      notify pgrst, 'reload schema';`);
    const deadline = Date.now() + 5000;
    let answer = await server.supabase().rpc('saludo', { nombre: 'Ana' });
    while (answer.status !== 200 && Date.now() < deadline) answer = await server.supabase().rpc('saludo', { nombre: 'Ana' });
    expect([answer.status, answer.data]).toEqual([200, 'Hola, Ana']);
    expect((await server.supabase().rpc('jwt_claims')).status).toBe(404);
  });
});
