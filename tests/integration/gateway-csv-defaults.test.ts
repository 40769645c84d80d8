import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { startConformanceServer } from './gateway-conformance-fixtures';

// CSV written as PostgREST writes it (class 6), and missing=default as PostgREST applies it
// (class 7), in the conformance schema. On PGlite, or PostgreSQL with TEST_DATABASE_URL.

let server: TestServer;

beforeAll(async () => {
  server = await startConformanceServer();
});
afterAll(() => server?.close());

const sb = () => server.supabase();
const csv = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/rest/v1/${path}`, { headers: { Accept: 'text/csv', ...headers } });

describe('CSV (class 6)', () => {
  it('writes every type in its Postgres text form, quoted where PostgREST quotes it, empty and null as it leaves them', async () => {
    const res = await csv('gc_kinds?order=id');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await res.text()).toBe(
      'id,span,words,doc,flag,tags,note,empty\n' +
        `1,"[1,2)","'cat' 'fat'","{""a"": 1, ""b"": ""x y""}",t,"{x,""y z""}",plain,""\n` +
        '2,,,,,,,',
    );
  });

  it('keeps selection, ranges and counts, and answers a header-less empty result as PostgREST does', async () => {
    const { data, error } = await sb().from('gc_kinds').select('words, id').eq('id', 1).csv();
    expect(error).toBeNull();
    expect(data).toBe(`words,id\n"'cat' 'fat'",1`);
    const paged = await csv('gc_kinds?select=id&order=id', { Range: '1-1', Prefer: 'count=exact' });
    expect(paged.status).toBe(206);
    expect(paged.headers.get('content-range')).toBe('1-1/2');
    expect(await paged.text()).toBe('id\n2');
    const none = await csv('gc_kinds?id=eq.99');
    expect([none.status, await none.text()]).toEqual([200, '\n']);
  });
});

describe('missing=default (class 7)', () => {
  it('a bulk insert gives each row its defaults as PostgREST does: the sequence advances once per row', async () => {
    const { data, error, status } = await sb()
      .from('gc_seq_items')
      .insert([{ id: 100 }, { slug: 'test-slug' }], { defaultToNull: false })
      .select()
      .rollback();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([
      { id: 100, slug: null, qty: 7 },
      { id: 2, slug: 'test-slug', qty: 7 },
    ]);
  });

  it('a bulk upsert sets a column without default that a row leaves out to null, as PostgREST does', async () => {
    const { data, error, status } = await sb()
      .from('gc_seq_items')
      .upsert([{ id: 1 }, { slug: 'test-slug' }], { defaultToNull: false })
      .select()
      .rollback();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([
      { id: 1, slug: null, qty: 3 },
      { id: 4, slug: 'test-slug', qty: 7 },
    ]);
    expect((await sb().from('gc_seq_items').select('slug').eq('id', 1)).data).toEqual([{ slug: 'uno' }]);
  });
});
