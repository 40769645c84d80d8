import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { startConformanceServer } from './gateway-conformance-fixtures';

// Functions through /rest/v1/rpc/<fn> as supabase-js calls them (supabase.rpc), answered as
// PostgREST answers them: scalars, rows, sets (filterable, orderable, pageable, countable, HEAD).

let server: TestServer;

beforeAll(async () => {
  server = await startConformanceServer();
});
afterAll(() => server?.close());

const sb = (token?: string) => server.supabase(token);
const rest = (path: string, init: RequestInit = {}) => fetch(`${server.url}/rest/v1/${path}`, init);

describe('calling functions', () => {
  it('calls a function with named arguments by POST and answers its scalar', async () => {
    const { data, error } = await sb().rpc('gc_add', { a: 1, b: 2 });
    expect(error).toBeNull();
    expect(data).toBe(3);
  });

  it('calls a stable function with GET, arguments in the query', async () => {
    const { data, error } = await sb().rpc('gc_add', { a: 4, b: 5 }, { get: true });
    expect(error).toBeNull();
    expect(data).toBe(9);
    expect(await (await rest('rpc/gc_hello')).json()).toBe('hola');
  });

  it('uses the defaults of omitted arguments, and converts JSON arrays to Postgres arrays', async () => {
    expect((await sb().rpc('gc_with_default', { a: 1 })).data).toBe(11);
    expect((await sb().rpc('gc_array_len', { xs: [1, 2, 3] })).data).toBe(3);
  });

  it('answers a set of rows that can be filtered, ordered, paged and counted', async () => {
    const { data, error, count } = await sb()
      .rpc('gc_users_by_status', { s: 'ONLINE' }, { count: 'exact' })
      .select('username, age')
      .gt('age', 10)
      .order('age', { ascending: false })
      .range(0, 0);
    expect(error).toBeNull();
    expect(data).toEqual([{ username: 'awailas', age: 30 }]);
    expect(count).toBe(2);
  });

  it('embeds the related rows of a function returning a table type', async () => {
    const { data, error } = await sb().rpc('gc_users_by_status', { s: 'OFFLINE' }).select('username, gc_messages(id)');
    expect(error).toBeNull();
    expect(data).toEqual([{ username: 'kiwicopple', gc_messages: [{ id: 3 }] }]);
  });

  it('answers a row-returning function as one object, and a set of scalars as an array', async () => {
    expect((await sb().rpc('gc_user', { name: 'supabot' })).data).toEqual({ username: 'supabot', status: 'ONLINE', age: 3 });
    expect((await sb().rpc('gc_ages')).data).toEqual([3, 25, 30, 40]);
    expect((await sb().rpc('gc_stats').eq('status', 'ONLINE')).data).toEqual([{ status: 'ONLINE', n: 3 }]);
  });

  it('supports single() on a set, and HEAD with a count', async () => {
    const one = await sb().rpc('gc_users_by_status', { s: 'OFFLINE' }).single();
    expect(one.data).toMatchObject({ username: 'kiwicopple' });
    const head = await sb().rpc('gc_users_by_status', { s: 'ONLINE' }, { head: true, count: 'exact' });
    expect(head.error).toBeNull();
    expect(head.data).toBeNull();
    expect(head.count).toBe(3);
  });

  it('passes the whole body to a single unnamed json argument, and to any json argument with params=single-object', async () => {
    expect((await sb().rpc('gc_echo', { x: [1, { y: 2 }] })).data).toEqual({ x: [1, { y: 2 }] });
    const res = await rest('rpc/gc_echo_object', {
      method: 'POST', headers: { 'Content-Type': 'application/json', Prefer: 'params=single-object' }, body: '{"k":"v"}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ k: 'v' });
    expect(res.headers.get('preference-applied')).toContain('params=single-object');
  });

  it('answers 204 for a function returning void', async () => {
    const res = await rest('rpc/gc_touch', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(204);
  });

  it('writes with POST, keeps nothing with tx=rollback, and refuses writes from GET (read-only, 405)', async () => {
    const { data, error } = await sb().rpc('gc_add_user', { name: 'nuevo' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ username: 'nuevo', status: 'ONLINE' });

    const rolled = await rest('rpc/gc_add_user', {
      method: 'POST', headers: { 'Content-Type': 'application/json', Prefer: 'tx=rollback' }, body: '{"name":"fantasma"}',
    });
    expect(rolled.status).toBe(200);
    expect((await sb().from('gc_users').select('username').eq('username', 'fantasma')).data).toEqual([]);

    const viaGet = await sb().rpc('gc_add_user', { name: 'por-get' }, { get: true });
    expect(viaGet.status).toBe(405);
    expect(viaGet.error?.code).toBe('25006');
  });

  it('runs as the caller: role and claims', async () => {
    expect((await sb().rpc('gc_whoami')).data).toEqual({ role: 'anon', sub: null });
    const token = await server.token('11111111-1111-4111-8111-111111111111');
    expect((await sb(token).rpc('gc_whoami')).data).toEqual({ role: 'authenticated', sub: '11111111-1111-4111-8111-111111111111' });
    const denied = await sb().rpc('gc_private');
    expect(denied.status).toBe(401);
    expect(denied.error?.code).toBe('42501');
  });

  it('answers errors as PostgREST does: a raised exception, an unknown function, a wrong method', async () => {
    const failed = await sb().rpc('gc_fail');
    expect(failed.status).toBe(400);
    expect(failed.error).toMatchObject({ code: 'P0001', message: 'no se puede', details: 'detalle', hint: 'pista' });

    const missing = await sb().rpc('gc_nope', { a: 1 });
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.gc_nope(a) in the schema cache',
      details: 'Searched for the function public.gc_nope with parameter a or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
    const wrongArgs = await sb().rpc('gc_add', { a: 1, c: 2 });
    expect(wrongArgs.status).toBe(404);

    const del = await rest('rpc/gc_add', { method: 'DELETE' });
    expect(del.status).toBe(405);
  });

  it('honours max-affected with handling=strict on a set', async () => {
    const res = await rest('rpc/gc_users_by_status', {
      method: 'POST', headers: { 'Content-Type': 'application/json', Prefer: 'handling=strict, max-affected=1' }, body: '{"s":"ONLINE"}',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'PGRST124' });
  });
});

describe('upsert', () => {
  it('merge-duplicates updates (DO UPDATE) even when the body holds only key columns, and answers the row', async () => {
    const { data, error } = await sb()
      .from('gc_users')
      .upsert({ username: 'supabot' }, { onConflict: 'username' })
      .select('username, status');
    expect(error).toBeNull();
    expect(data).toEqual([{ username: 'supabot', status: 'ONLINE' }]);
  });

  it('ignore-duplicates still skips the existing row', async () => {
    const { data, error } = await sb()
      .from('gc_users')
      .upsert({ username: 'supabot' }, { onConflict: 'username', ignoreDuplicates: true })
      .select('username');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});
