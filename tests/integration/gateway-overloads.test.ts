import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { startConformanceServer } from './gateway-conformance-fixtures';

// Functions as PostgREST 12 resolves them (the postgrest-js suite's polymorphic_function_* and
// postgrest_(un)resolvable_* kinds, in the conformance schema as gc_poly_* / gc_(un)resolvable):
// overloads chosen by the argument names given, unnamed arguments taking the raw body, PostgREST's
// PGRST202/PGRST203 wording, and counts on functions. On PGlite, or PostgreSQL with TEST_DATABASE_URL.

let server: TestServer;

beforeAll(async () => {
  server = await startConformanceServer();
});
afterAll(() => server?.close());

const sb = () => server.supabase();
const post = (fn: string, body: BodyInit, type: string) =>
  fetch(`${server.url}/rest/v1/rpc/${fn}`, { method: 'POST', headers: { 'Content-Type': type }, body });

describe('overloaded functions (class 1)', () => {
  it('calls the one overload PostgREST can call with an unnamed argument, whatever the JSON value', async () => {
    expect(await sb().rpc('gc_poly_return', { '': 'test' })).toMatchObject({ data: 'foo', error: null, status: 200 });
    expect(await sb().rpc('gc_poly_return', { '': true })).toMatchObject({ data: 'foo', error: null, status: 200 });
    expect(await sb().rpc('gc_poly_none_or_unnamed')).toMatchObject({ data: 1, error: null });
    expect(await sb().rpc('gc_poly_none_or_unnamed', { '': '' })).toMatchObject({ data: 'foo', error: null });
    expect(await sb().rpc('gc_poly_default', { '': 'custom text' })).toMatchObject({ data: 'foo', error: null });
  });

  it('picks the overload by the names of the arguments given', async () => {
    expect(await sb().rpc('gc_resolvable')).toMatchObject({ data: null, error: null, status: 204 });
    expect(await sb().rpc('gc_resolvable', { a: 'test' })).toMatchObject({ data: 1, error: null });
    expect(await sb().rpc('gc_resolvable', { b: 1 })).toMatchObject({ data: 'foo', error: null });
    expect((await sb().rpc('gc_resolvable', { profile_id: 1 })).data).toEqual([{ id: 1, username: 'supabot' }]);
    const messages = await sb().rpc('gc_resolvable', { cid: 1, search: 'Some message' });
    expect(messages.data).toEqual([{ id: 3, message: 'Some message', channel_id: 1, username: 'kiwicopple' }]);
    expect((await sb().rpc('gc_resolvable', { cid: 2 }, { get: true })).data).toEqual([
      { id: 2, message: 'Perfection is attained.', channel_id: 2, username: 'supabot' },
    ]);
  });

  it('answers an ambiguous call 300 PGRST203 with PostgREST message and hint, never Postgres 42725', async () => {
    const hint = 'Try renaming the parameters or the function itself in the database so function overloading can be resolved';
    expect(await sb().rpc('gc_unresolvable')).toMatchObject({ data: null, error: null, status: 204 });
    for (const a of ['test', 1]) {
      const res = await sb().rpc('gc_unresolvable', { a });
      expect(res.status).toBe(300);
      expect(res.error).toEqual({
        code: 'PGRST203', details: null, hint,
        message: 'Could not choose the best candidate function between: public.gc_unresolvable(a => integer), public.gc_unresolvable(a => text)',
      });
    }
    for (const args of [undefined, {}]) {
      const res = await sb().rpc('gc_poly_default', args);
      expect(res.status).toBe(300);
      expect(res.error).toEqual({
        code: 'PGRST203', details: null, hint,
        message: 'Could not choose the best candidate function between: public.gc_poly_default(), public.gc_poly_default( => text)',
      });
    }
  });
});

describe('unnamed parameters and PGRST202 (class 2)', () => {
  it('gives a single unnamed text, xml, bytea or json argument the raw body of its media type', async () => {
    const text = await post('gc_poly_unnamed_text', 'hola, mundo', 'text/plain');
    expect(text.status).toBe(200);
    expect(await text.json()).toBe('hola, mundo');
    const xml = await post('gc_poly_unnamed_xml', '<a>1</a>', 'text/xml');
    expect(await xml.json()).toBe('<a>1</a>');
    const bytes = await post('gc_poly_unnamed_bytea', new Uint8Array([0, 92, 120, 255]), 'application/octet-stream');
    expect(await bytes.json()).toBe(4);
    expect((await sb().rpc('gc_poly_unnamed_json', { '': { test: 'value' } })).data).toEqual({ '': { test: 'value' } });
  });

  it('names the parameters searched as PostgREST writes them', async () => {
    const integer = await sb().rpc('gc_poly_unnamed_integer', { '': 1 });
    expect(integer.status).toBe(404);
    expect(integer.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.gc_poly_unnamed_integer() in the schema cache',
      details: 'Searched for the function public.gc_poly_unnamed_integer with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
    expect(integer.error?.hint).toMatch(/^Perhaps you meant to call the function public\.gc_poly_unnamed_/);

    const rowArgument = await sb().rpc('gc_blurb');
    expect(rowArgument.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.gc_blurb without parameters in the schema cache',
      details: 'Searched for the function public.gc_blurb without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });

    const wrongKeys = await sb().rpc('gc_add', { c: 2, a: 1 });
    expect(wrongKeys.error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.gc_add(a, c) in the schema cache',
      details: 'Searched for the function public.gc_add with parameters a, c or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.gc_add(a, b)',
    });

    const byGet = await sb().rpc('gc_add', { a: 1 }, { get: true });
    expect(byGet.error?.details).toBe('Searched for the function public.gc_add with parameter a, but no matches were found in the schema cache.');

    const plain = await post('gc_add', 'x', 'text/plain');
    expect(plain.status).toBe(404);
    expect(await plain.json()).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.gc_add in the schema cache',
      details: 'Searched for the function public.gc_add with a single unnamed text parameter, but no matches were found in the schema cache.',
      hint: null,
    });
  });
});

describe('counts on functions (class 3)', () => {
  it('counts a scalar as one row, by POST, GET and HEAD', async () => {
    expect(await sb().rpc('gc_add', { a: 1, b: 2 }, { count: 'exact' })).toMatchObject({ data: 3, count: 1, status: 200 });
    expect(await sb().rpc('gc_add', { a: 1, b: 2 }, { get: true, count: 'exact' })).toMatchObject({ data: 3, count: 1 });
    expect(await sb().rpc('gc_add', { a: 1, b: 2 }, { head: true, count: 'exact' })).toMatchObject({ data: null, count: 1, status: 200 });
    expect((await sb().rpc('gc_add', { a: 1, b: 2 })).count).toBeNull();
  });

  it('counts a set of values and a set of rows, by POST, GET and HEAD', async () => {
    expect(await sb().rpc('gc_ages', {}, { count: 'exact' })).toMatchObject({ data: [3, 25, 30, 40], count: 4 });
    expect(await sb().rpc('gc_ages', {}, { head: true, count: 'exact' })).toMatchObject({ data: null, count: 4 });
    const page = await sb().rpc('gc_ages', {}, { count: 'exact' }).range(1, 2);
    expect(page).toMatchObject({ data: [25, 30], count: 4, status: 206 });
    expect((await sb().rpc('gc_ages', {}, { get: true }).limit(1)).data).toEqual([3]);
    expect(await sb().rpc('gc_users_by_status', { s: 'ONLINE' }, { get: true, count: 'exact' })).toMatchObject({ count: 3 });
    const head = await sb().rpc('gc_users_by_status', { s: 'ONLINE' }, { get: true, head: true, count: 'exact' });
    expect(head).toMatchObject({ data: null, count: 3, error: null });
    expect(await sb().rpc('gc_user', { name: 'supabot' }, { count: 'exact' })).toMatchObject({ count: 1 });
  });
});
