import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { READER, rest, signRaw, startGatewayServer } from './gateway-fixtures';

// Writes, authentication, RLS and errors of the /rest/v1 gateway, through the real supabase-js.

let server: TestServer;
let admin: string;
let reader: string;

beforeAll(async () => {
  ({ server, admin, reader } = await startGatewayServer());
});
afterAll(() => server?.close());

const asAdmin = () => server.supabase(admin);
const countRows = async (sql: string) => Number((await server.ctx.db.query<{ n: number }>(sql)).rows[0].n);

describe('writes', () => {
  it('POST one row with return=representation answers 201 and the row (with embeds)', async () => {
    const { data, error, status } = await asAdmin()
      .from('gw_books')
      .insert({ author_id: 2, title: 'El hacedor', year: 1960, tags: ['poesia'], meta: { pages: 120 } })
      .select('id, title, tags, meta, published, gw_authors(name)')
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toMatchObject({ title: 'El hacedor', tags: ['poesia'], meta: { pages: 120 }, published: true, gw_authors: { name: 'Jorge Luis Borges' } });
    expect(data!.id).toBeGreaterThan(100);
  });

  it('POST with return=minimal answers 201 with no body', async () => {
    const { data, error, status } = await asAdmin().from('gw_authors').insert({ name: 'Rosalía de Castro', country: 'ES' });
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
    expect(await countRows(`select count(*) n from gw_authors where name = 'Rosalía de Castro'`)).toBe(1);
  });

  it('POST many rows in one request', async () => {
    const { data, error } = await asAdmin()
      .from('gw_books')
      .insert([
        { author_id: 3, title: 'La Tribuna', year: 1883 },
        { author_id: 3, title: 'Insolación', year: 1889, price: 9.5 },
      ])
      .select('title, year, price');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'La Tribuna', year: 1883, price: null },
      { title: 'Insolación', year: 1889, price: 9.5 },
    ]);
  });

  it('upserts with Prefer resolution=merge-duplicates on a unique column', async () => {
    const { data, error } = await asAdmin()
      .from('gw_authors')
      .upsert({ name: 'Jorge Luis Borges', country: 'XX' }, { onConflict: 'name' })
      .select('id, country');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 2, country: 'XX' }]);
    await asAdmin().from('gw_authors').update({ country: 'AR' }).eq('id', 2);
  });

  it('PATCH with filters updates only the matching rows and returns them', async () => {
    const { data, error, status } = await asAdmin().from('gw_books').update({ price: 30 }).eq('author_id', 1).select('id, price').order('id');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ id: 1, price: 30 }, { id: 2, price: 30 }]);
    expect(await countRows(`select count(*) n from gw_books where price = 30`)).toBe(2);
  });

  it('PATCH without select answers 204, with count=exact the number of rows', async () => {
    const { data, status, count, error } = await asAdmin().from('gw_books').update({ price: 31 }, { count: 'exact' }).eq('author_id', 1);
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(data).toBeNull();
    expect(count).toBe(2);
  });

  it('DELETE with filters removes only the matching rows', async () => {
    await asAdmin().from('gw_books').insert([{ author_id: 4, title: 'Borrar 1' }, { author_id: 4, title: 'Borrar 2' }, { author_id: 4, title: 'Quedar' }]);
    const { data, error } = await asAdmin().from('gw_books').delete().eq('author_id', 4).like('title', 'Borrar*').select('title').order('title');
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'Borrar 1' }, { title: 'Borrar 2' }]);
    expect(await countRows(`select count(*) n from gw_books where author_id = 4`)).toBe(1);
  });

  it('single() on a PATCH touching several rows is 406 and changes nothing', async () => {
    const { error, status } = await asAdmin().from('gw_books').update({ year: 1 }).eq('author_id', 1).select().single();
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST116');
    expect(await countRows(`select count(*) n from gw_books where year = 1`)).toBe(0);
  });

  it('a default from the JWT claims (public.persona_actual()) fills the row', async () => {
    const { data, error } = await server.supabase(reader).from('gw_reviews').insert({ book_id: 3, rating: 4 }).select('reviewer, rating').single();
    expect(error).toBeNull();
    expect(data).toEqual({ reviewer: READER, rating: 4 });
  });
});

describe('RLS and authentication', () => {
  it('anon cannot insert where the policy forbids: 401 with code 42501', async () => {
    const { error, status } = await server.supabase().from('gw_books').insert({ author_id: 1, title: 'Pirata' });
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: '42501', message: 'new row violates row-level security policy for table "gw_books"' });
    expect(await countRows(`select count(*) n from gw_books where title = 'Pirata'`)).toBe(0);
  });

  it('a signed-in non-admin is forbidden: 403 with code 42501; an admin can insert', async () => {
    const denied = await server.supabase(reader).from('gw_authors').insert({ name: 'Nadie' });
    expect(denied.status).toBe(403);
    expect(denied.error?.code).toBe('42501');
    const allowed = await asAdmin().from('gw_authors').insert({ name: 'Nadie' }).select('name');
    expect(allowed.error).toBeNull();
    expect(allowed.data).toEqual([{ name: 'Nadie' }]);
  });

  it('updates and deletes only reach rows the policy allows (others are silently untouched)', async () => {
    const { data, error } = await server.supabase(reader).from('gw_reviews').update({ body: 'Cambiado' }).eq('book_id', 1).select('reviewer');
    expect(error).toBeNull();
    expect(data).toEqual([{ reviewer: READER }]);
    const { count } = await server.supabase().from('gw_reviews').delete({ count: 'exact' }).eq('book_id', 1);
    expect(count).toBe(0);
  });

  it('an expired token is 401 PGRST303 "JWT expired"', async () => {
    const expired = await signRaw({ sub: READER, role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 60 });
    const { error, status } = await server.supabase(expired).from('gw_books').select('id');
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
  });

  it('a token signed with another secret is 401 PGRST301', async () => {
    const forged = await signRaw({ sub: READER, role: 'authenticated', app_role: 'admin' }, 'not-the-secret-0123456789abcdefghij');
    const { error, status } = await server.supabase(forged).from('gw_authors').insert({ name: 'Intruso' });
    expect(status).toBe(401);
    expect(error?.code).toBe('PGRST301');
    expect(await countRows(`select count(*) n from gw_authors where name = 'Intruso'`)).toBe(0);
  });

  it('a token with another role (service_role) is refused', async () => {
    const service = await signRaw({ role: 'service_role', exp: Math.floor(Date.now() / 1000) + 300 });
    const { status, error } = await server.supabase(service).from('gw_books').select('id');
    expect(status).toBe(401);
    expect(error?.code).toBe('PGRST301');
  });

  it('a non-JWT api key (the SPA placeholder) or no key at all reads as anon', async () => {
    const res = await fetch(`${server.url}/rest/v1/gw_books?select=id&order=id&limit=1`, {
      headers: { apikey: 'public-anon-key', Authorization: 'Bearer public-anon-key' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ id: 1 }]);
    const bare = await fetch(`${server.url}/rest/v1/gw_books?select=id&id=eq.6`);
    expect(await bare.json()).toEqual([]);
  });
});

describe('errors in PostgREST shape', () => {
  it('unknown table: 404 PGRST205 with code, message, details and hint', async () => {
    const res = await rest(server, 'no_such_table?select=*');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: 'PGRST205',
      details: null,
      hint: null,
      message: "Could not find the table 'public.no_such_table' in the schema cache",
    });
  });

  it('unknown column: 400 42703', async () => {
    const { error, status } = await server.supabase().from('gw_books').select('id, nope');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '42703', message: 'column gw_books.nope does not exist' });
    const filtered = await server.supabase().from('gw_books').select('id').eq('title"; drop table gw_books; --', 'x');
    expect(filtered.error?.code).toBe('PGRST100');
    expect(await countRows(`select count(*) n from gw_books`)).toBeGreaterThan(0);
  });

  it('unknown relationship: 400 PGRST200', async () => {
    const { error, status } = await server.supabase().from('gw_books').select('*, gw_nothing(*)');
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST200');
  });

  it('unknown column in a body: 400 PGRST204', async () => {
    const { error, status } = await asAdmin().from('gw_authors').insert({ name: 'X', nope: 1 });
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST204');
  });

  it('malformed query strings: 400 PGRST100', async () => {
    const bad = await server.supabase().from('gw_books').select('id').filter('id', 'nonsense', '1');
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('PGRST100');
    const badSelect = await rest(server, 'gw_books?select=id,gw_authors(name');
    expect(badSelect.status).toBe(400);
    expect((await badSelect.json()).code).toBe('PGRST100');
  });

  it('a request beyond what Postgres can answer: 400 with its reason, not a 500', async () => {
    const res = await rest(server, `gw_books?select=${Array.from({ length: 1700 }, (_, i) => `${i.toString(36)}:id`).join(',')}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: '54011', message: 'target lists can have at most 1664 entries' });
  });

  it('regular expressions that would keep the embedded database busy for minutes: 400 at once, and the next request is served', async () => {
    const started = performance.now();
    // each compiles in 22 ms on PGlite, and the second one after the first never finished
    for (const pattern of ['(a{0,255}){0,255}x', '(b{0,255}){0,255}y']) {
      const { error, status } = await server.supabase().from('gw_books').select('id').filter('title', 'match', pattern);
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: '2201B', message: 'invalid regular expression: regular expression is too complex' });
    }
    // quantified lists and or= are checked too
    const inList = await rest(server, `gw_books?select=id&title=imatch(any).${encodeURIComponent('{x,(c{0,255}){0,255}z}')}`);
    expect(inList.status).toBe(400);
    const inOr = await rest(server, `gw_books?select=id&or=${encodeURIComponent('(title.match.(d{0,255}){0,255}w,id.eq.1)')}`);
    expect(inOr.status).toBe(400);
    expect(performance.now() - started).toBeLessThan(2000);
    const ordinary = await server.supabase().from('gw_books').select('title').filter('title', 'match', '^El (h|a)[a-z]{2,9}');
    expect(ordinary.error).toBeNull();
  });

  it('a value of the wrong type: 400 22P02', async () => {
    const { error, status } = await server.supabase().from('gw_books').select('id').eq('id', 'abc');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '22P02', message: 'invalid input syntax for type bigint: "abc"' });
  });

  it('constraint violations: 409 for unique and foreign keys, 400 for not-null and checks', async () => {
    const dup = await asAdmin().from('gw_authors').insert({ name: 'Miguel de Cervantes' });
    expect([dup.status, dup.error?.code]).toEqual([409, '23505']);
    const orphan = await asAdmin().from('gw_books').insert({ author_id: 999, title: 'Huérfano' });
    expect([orphan.status, orphan.error?.code]).toEqual([409, '23503']);
    const missing = await asAdmin().from('gw_books').insert({ author_id: 1 });
    expect([missing.status, missing.error?.code]).toEqual([400, '23502']);
    const check = await server.supabase(reader).from('gw_reviews').insert({ book_id: 1, rating: 9 });
    expect([check.status, check.error?.code]).toEqual([400, '23514']);
  });

  it('schemas other than public: 406 PGRST106', async () => {
    const { error, status } = await server.supabase().schema('servicios').from('personas').select('*');
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST106');
  });

  it('invalid JSON bodies: 400 PGRST102', async () => {
    const res = await rest(server, 'gw_authors', { method: 'POST', token: admin, headers: { 'Content-Type': 'application/json' }, body: '{"name":' });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('PGRST102');
  });

  it('finds tables created after the server started (schema cache reload)', async () => {
    await server.supabase().from('gw_books').select('id').limit(1); // the cache is loaded by now
    await server.ctx.db.exec(`create table public.gw_late (id int primary key, label text);
      grant select on public.gw_late to anon; insert into public.gw_late values (1, 'tarde');`);
    const { data, error } = await server.supabase().from('gw_late').select('label');
    expect(error).toBeNull();
    expect(data).toEqual([{ label: 'tarde' }]);
  });

  it('an unknown function answers 404 PGRST202, other paths 404 (never the SPA)', async () => {
    const { error, status } = await server.supabase().rpc('no_existe');
    expect([status, error?.code]).toEqual([404, 'PGRST202']);
    // the policies' own helpers are not declared for the API: they do not exist for a caller (issue 31, item 9)
    const helper = await server.supabase().rpc('es_admin');
    expect([helper.status, helper.error?.code]).toEqual([404, 'PGRST202']);
    const trigger = await server.supabase().rpc('validar_cita');
    expect([trigger.status, trigger.error?.code]).toEqual([404, 'PGRST202']);
    const other = await rest(server, 'a/b/c');
    expect([other.status, (await other.json()).code]).toEqual([404, 'PGRST125']);
  });

  it('refuses absurdly deep nesting before it reaches Postgres', async () => {
    const deep = `${'or('.repeat(40)}id.eq.1${')'.repeat(40)}`;
    const res = await rest(server, `gw_books?select=id&or=(${encodeURIComponent(deep)})`);
    expect([res.status, (await res.json()).code]).toEqual([400, 'PGRST100']);
  });

  it('Prefer tx=rollback answers the result but keeps nothing', async () => {
    const res = await rest(server, 'gw_authors?select=name', {
      method: 'POST',
      token: admin,
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation, tx=rollback' },
      body: JSON.stringify({ name: 'Efímero' }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual([{ name: 'Efímero' }]);
    expect(await countRows(`select count(*) n from gw_authors where name = 'Efímero'`)).toBe(0);
  });

  it('a table without grants for the role: 401 42501 for anon', async () => {
    await server.ctx.db.exec(`create table public.gw_secret (id int primary key)`);
    const { status, error } = await server.supabase().from('gw_secret').select('*');
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
  });
});
