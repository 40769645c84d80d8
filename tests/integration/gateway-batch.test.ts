import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyToken } from '../../server/auth/jwt';
import { TEST_JWT_SECRET, type TestServer } from '../support/server';
import { READER, rest, signRaw, startGatewayServer } from './gateway-fixtures';

/**
 * How the gateway runs a request on the database: SET_REQUEST and the statement as one batch
 * (PGlite: one pipelined protocol message, prepared statements), a transaction when the answer
 * may still roll it back. The role and claims of one request must never reach the next, a
 * failure must roll the whole batch back, and a cached JWT verification must not outlive the token.
 */

let server: TestServer;
let admin: string;
let reader: string;

beforeAll(async () => {
  ({ server, admin, reader } = await startGatewayServer());
  await server.ctx.db.exec('create table public.gw_batch (id int primary key, note text)');
});
afterAll(() => server?.close());
afterEach(() => vi.useRealTimers());

const db = () => server.ctx.db;
const one = async (sql: string, params: unknown[] = []) => (await db().query<Record<string, unknown>>(sql, params)).rows[0];
/** The server's own role, and no claims (a custom setting once set reads '' afterwards, never null again). */
const session = () => one(`select current_user as role, coalesce(current_setting('request.jwt.claims', true), '') as claims`);

describe('Db.batch', () => {
  it('runs the statements in one transaction: local settings reach the next statement and end with it', async () => {
    const { role } = await session();
    const [, , seen] = await db().batch([
      { sql: `select set_config('role', $1::text, true)`, params: ['authenticated'] },
      { sql: `select set_config('request.jwt.claims', $1::text, true)`, params: ['{"sub":"x"}'] },
      { sql: `select current_user as role, current_setting('request.jwt.claims', true) as claims` },
    ]);
    expect(seen.rows).toEqual([{ role: 'authenticated', claims: '{"sub":"x"}' }]);
    expect(role).not.toBe('authenticated');
    expect(await session()).toEqual({ role, claims: '' });
  });

  it('commits when every statement succeeds, and answers each one result', async () => {
    const results = await db().batch([
      { sql: 'insert into public.gw_batch (id, note) values ($1, $2)', params: [1, 'uno'] },
      { sql: 'update public.gw_batch set note = $2 where id = $1 returning note', params: [1, 'one'] },
    ]);
    expect(results.map((r) => r.rowCount)).toEqual([1, 1]);
    expect(results[1].rows).toEqual([{ note: 'one' }]);
    expect(await one('select note from public.gw_batch where id = 1')).toEqual({ note: 'one' });
  });

  it('rolls every statement back when a later one fails, and the next call starts clean', async () => {
    await expect(
      db().batch([
        { sql: 'insert into public.gw_batch (id) values ($1)', params: [2] },
        { sql: 'insert into public.gw_batch (id) values ($1)', params: [1] }, // duplicate key
      ]),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(
      db().batch([{ sql: 'select 1 / $1::int', params: [0] }, { sql: 'insert into public.gw_batch (id) values (3)' }]),
    ).rejects.toMatchObject({ code: '22012' });
    expect(await one('select array_agg(id order by id) as ids from public.gw_batch')).toEqual({ ids: [1] });
    expect(await one('select 1 as ok')).toEqual({ ok: 1 });
  });

  it('serialises parameters by their type in the database, as PGlite query() does', async () => {
    const [{ rows }] = await db().batch([
      { sql: `select $1::jsonb ->> 'a' as a, $2::int + 1 as n, $3::boolean as b, $4::text is null as missing, $5::text[] as tags`, params: [{ a: 'x' }, 41, true, null, ['p', 'q']] },
    ]);
    expect(rows).toEqual([{ a: 'x', n: 42, b: true, missing: true, tags: ['p', 'q'] }]);
  });

  it('still answers a prepared statement after its table changed shape (the stale plan is dropped)', async () => {
    await db().exec('create table public.gw_shape (a int); insert into public.gw_shape values (1)');
    expect(await one('select * from public.gw_shape')).toEqual({ a: 1 });
    await db().exec('alter table public.gw_shape add column b text');
    expect(await one('select * from public.gw_shape')).toEqual({ a: 1, b: null });
  });

  it('keeps a bounded number of prepared statements and re-prepares an evicted one', async () => {
    for (let i = 0; i < 250; i++) await db().query(`select ${i}::int as n`);
    expect(await one('select 0::int as n')).toEqual({ n: 0 });
    const { count } = (await one('select count(*)::int as count from pg_prepared_statements')) as { count: number };
    expect(count).toBeLessThanOrEqual(200);
  });

  it('runs queries inside transaction() on the same statements, rolled back on error', async () => {
    await expect(
      db().transaction(async (tx) => {
        await tx.query('insert into public.gw_batch (id) values ($1)', [10]);
        await tx.query('insert into public.gw_batch (id) values ($1)', [10]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await one('select count(*)::int as n from public.gw_batch where id = 10')).toEqual({ n: 0 });
  });
});

describe('gateway requests in one batch', () => {
  const ids = async (token: string) => {
    const res = await rest(server, 'gw_books?select=id&order=id', { token });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: number }[]).map((r) => r.id);
  };
  const all = [1, 2, 3, 4, 5, 6];
  const published = [1, 2, 3, 4, 5];

  it('keeps each request to its own role and claims, one after another and interleaved', async () => {
    // the same statement text (prepared once) answered for admin, anon and a reader in turn
    expect(await ids(admin)).toEqual(all);
    expect(await ids(server.ctx.anonKey)).toEqual(published);
    expect(await ids(admin)).toEqual(all);
    expect(await ids(reader)).toEqual(published);
    const tokens = Array.from({ length: 30 }, (_, i) => [admin, server.ctx.anonKey, reader][i % 3]);
    const answers = await Promise.all(tokens.map(ids));
    answers.forEach((got, i) => expect(got).toEqual(tokens[i] === admin ? all : published));
  });

  it('leaves no role or claims behind for the server’s own queries', async () => {
    const { role } = await session();
    await ids(admin);
    expect(await session()).toEqual({ role, claims: '' });
  });

  it('commits a write without a representation, and keeps nothing of a write that fails', async () => {
    const post = (rows: object[]) =>
      rest(server, 'gw_books', { method: 'POST', token: admin, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(rows) });
    expect((await post([{ id: 201, author_id: 1, title: 'Lote uno' }])).status).toBe(201);
    // the second row violates the foreign key: the first one is not kept either
    const failed = await post([{ id: 202, author_id: 1, title: 'Lote dos' }, { id: 203, author_id: 999, title: 'Sin autor' }]);
    expect(failed.status).toBe(409);
    expect(await failed.json()).toMatchObject({ code: '23503' });
    const stored = await db().query<{ id: number }>('select id from public.gw_books where id > 200 order by id');
    expect(stored.rows.map((r) => r.id)).toEqual([201]);
    // and the next request runs normally, as anon
    expect(await ids(server.ctx.anonKey)).toEqual([...published, 201]);
  });

  it('refuses an RLS violation as the request’s role and keeps nothing', async () => {
    const res = await rest(server, 'gw_books', {
      method: 'POST',
      token: reader,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 204, author_id: 1, title: 'No soy admin' }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: '42501' });
    expect((await db().query('select 1 from public.gw_books where id = 204')).rowCount).toBe(0);
  });
});

describe('read plans kept between requests', () => {
  // a read's plan is kept by its request's text and schema (server/gateway/index.ts, planRead)
  const answer = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
    const res = await rest(server, path, { token: admin, headers, method });
    return { status: res.status, range: res.headers.get('content-range'), type: res.headers.get('content-type'), body: await res.text() };
  };

  it("answers each request by its own Accept, Prefer and Range, whatever was asked before on the same path", async () => {
    const path = 'gw_books?select=id,title&author_id=eq.3&order=id';
    const variants: Record<string, string>[] = [
      {}, { Accept: 'text/csv' }, { Prefer: 'count=exact' }, { Range: '1-1' }, { Accept: 'application/vnd.pgrst.object+json' },
      { Accept: 'application/json', Prefer: 'count=exact' }, { Accept: 'application/vnd.pgrst.object+json', Range: '0-0' },
    ];
    const first = [];
    for (const headers of variants) first.push(await answer(path, headers));
    expect(first.map((a) => [a.status, a.range])).toEqual([
      [200, '0-1/*'], [200, '0-1/*'], [200, '0-1/2'], [200, '1-1/*'], [406, null], [200, '0-1/2'], [200, '0-0/*'],
    ]);
    expect(JSON.parse(first[0].body)).toEqual([{ id: 5, title: 'Los pazos de Ulloa' }, { id: 6, title: 'Borrador inédito' }]);
    expect(first[1].type).toMatch(/^text\/csv/);
    expect(JSON.parse(first[3].body)).toEqual([{ id: 6, title: 'Borrador inédito' }]);
    expect(JSON.parse(first[6].body)).toEqual({ id: 5, title: 'Los pazos de Ulloa' });
    // again, from the kept plans, in another order, and HEAD beside GET
    for (const [i, headers] of [...variants.entries()].reverse()) expect(await answer(path, headers)).toEqual(first[i]);
    expect(await answer(path, {}, 'HEAD')).toEqual({ ...first[0], body: '' });
  });

  it('a kept plan goes with its schema: a dropped column is answered as dropped, the rest as before', async () => {
    await db().exec(`create table public.gw_plan (a int, b int); insert into public.gw_plan values (1, 2);
      grant select on public.gw_plan to anon, authenticated`);
    expect(JSON.parse((await answer('gw_plan?select=a,b')).body)).toEqual([{ a: 1, b: 2 }]);
    await db().exec('alter table public.gw_plan drop column b');
    for (let i = 0; i < 2; i++) {
      const gone = await answer('gw_plan?select=a,b');
      expect([gone.status, JSON.parse(gone.body).code]).toEqual([400, '42703']);
    }
    expect(JSON.parse((await answer('gw_plan?select=a')).body)).toEqual([{ a: 1 }]);
  });
});

describe('cached JWT verification', () => {
  it('refuses a token once it expires, although it was verified (and cached) before', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await signRaw({ sub: READER, role: 'authenticated', app_role: 'assistant', exp: now + 60 });
    expect((await rest(server, 'gw_books?select=id&id=eq.1', { token })).status).toBe(200);
    expect((await server.api(`/persona/${READER}`, { token })).status).not.toBe(401);
    expect(await verifyToken(TEST_JWT_SECRET, token)).toMatchObject({ ok: true });

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((now + 61) * 1000);
    const res = await rest(server, 'gw_books?select=id&id=eq.1', { token });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'PGRST303' });
    expect((await server.api(`/persona/${READER}`, { token })).status).toBe(401);
    expect(await verifyToken(TEST_JWT_SECRET, token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('never caches a token under another secret', async () => {
    // with an exp: a token without one is refused (issue 31, item 14)
    const token = await signRaw({ sub: READER, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 300 });
    expect(await verifyToken(TEST_JWT_SECRET, token)).toMatchObject({ ok: true });
    expect(await verifyToken('another-secret-0123456789abcdef012345', token)).toEqual({ ok: false, reason: 'invalid' });
  });
});
