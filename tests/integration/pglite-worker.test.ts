import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPgError, type Db, type Queryable } from '../../server/db/db';
import { openPgliteInWorker } from '../../server/db/pglite-in-worker';

/**
 * The server's embedded database runs in a worker thread (server/db/pglite-in-worker.ts). These
 * tests hold it to the Db contract the rest of the server relies on: values in and out with their
 * types, Postgres errors with their fields, batches and transactions that commit or roll back
 * whole, callers queued behind an open transaction, and data kept in DATA_DIR across a restart.
 */

let dir: string;
let db: Db;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-worker-'));
  db = await openPgliteInWorker(dir);
  await db.exec(`
    create table cuentas (id int primary key, titular text not null unique, datos jsonb, alta timestamptz, saldo numeric);
    insert into cuentas values (1, 'Ana', '{"a": [1, 2]}', '2026-01-02T03:04:05Z', 10.5);
  `);
}, 60_000);
afterAll(async () => {
  await db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const count = async (q: Queryable = db) => Number((await q.query<{ n: number }>('select count(*)::int as n from cuentas')).rows[0].n);

describe('the Db contract across the thread boundary', () => {
  it('parameters and rows keep their types: integers, text, JSON, dates, null', async () => {
    const alta = new Date('2026-05-06T07:08:09.123Z');
    const inserted = await db.query('insert into cuentas values ($1, $2, $3, $4, $5) returning *', [2, 'Bea ñ €', { b: { c: true } }, alta, null]);
    expect(inserted.rowCount).toBe(1);
    expect(inserted.rows[0]).toEqual({ id: 2, titular: 'Bea ñ €', datos: { b: { c: true } }, alta, saldo: null });
    const { rows } = await db.query<{ alta: Date }>('select alta from cuentas where id = $1', [1]);
    expect(rows[0].alta).toBeInstanceOf(Date);
    expect(rows[0].alta.toISOString()).toBe('2026-01-02T03:04:05.000Z');
  });

  it('a Postgres error arrives with its code, constraint and detail, and changes nothing', async () => {
    const before = await count();
    const error = await db.query('insert into cuentas values (3, $1)', ['Ana']).catch((e: unknown) => e);
    expect(isPgError(error)).toBe(true);
    expect(error).toMatchObject({ code: '23505', constraint: 'cuentas_titular_key' });
    expect((error as { detail: string }).detail).toContain('Ana');
    expect(await count()).toBe(before);
  });

  it('a batch is one transaction: a failing statement rolls back the ones before it', async () => {
    const before = await count();
    await expect(
      db.batch([
        { sql: 'insert into cuentas (id, titular) values ($1, $2)', params: [10, 'Carla'] },
        { sql: 'insert into cuentas (id, titular) values ($1, $2)', params: [11, 'Ana'] },
      ]),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await count()).toBe(before);
    const [first, second] = await db.batch([
      { sql: 'insert into cuentas (id, titular) values ($1, $2)', params: [10, 'Carla'] },
      { sql: 'select titular from cuentas where id = $1', params: [10] },
    ]);
    expect([first.rowCount, second.rows]).toEqual([1, [{ titular: 'Carla' }]]);
  });

  it('a transaction commits what fn did, or rolls it all back when fn throws', async () => {
    const before = await count();
    const answer = await db.transaction(async (tx) => {
      await tx.query('insert into cuentas (id, titular) values (20, $1)', ['Dora']);
      return count(tx);
    });
    expect(answer).toBe(before + 1);
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into cuentas (id, titular) values (21, $1)', ['Eva']);
        throw new Error('el usuario canceló');
      }),
    ).rejects.toThrow('el usuario canceló');
    expect(await count()).toBe(before + 1);
  });

  it('a failed statement inside a transaction rolls it back; its queryable is closed afterwards', async () => {
    const before = await count();
    let kept: Queryable | undefined;
    await expect(
      db.transaction(async (tx) => {
        kept = tx;
        await tx.query('insert into cuentas (id, titular) values (30, $1)', ['Fina']);
        await tx.query('insert into cuentas (id, titular) values (31, $1)', ['Fina']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await count()).toBe(before);
    await expect(kept!.query('select 1')).rejects.toThrow('Transaction is closed');
  });

  it('a caller outside an open transaction waits for it, and then sees what it committed', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = db.transaction(async (tx) => {
      await tx.query('insert into cuentas (id, titular) values (40, $1)', ['Gala']);
      await gate;
    });
    await new Promise((r) => setTimeout(r, 50));
    let seen: string[] | null = null;
    const reader = db.query<{ titular: string }>('select titular from cuentas where id = 40').then((r) => (seen = r.rows.map((x) => x.titular)));
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toBeNull(); // still queued behind the transaction
    release();
    await Promise.all([slow, reader]);
    expect(seen).toEqual(['Gala']);
  });

  it('what was committed is in DATA_DIR after the database is closed and opened again', async () => {
    const before = await count();
    await db.close();
    db = await openPgliteInWorker(dir);
    expect(await count()).toBe(before);
    await expect(db.query('select 1 as uno')).resolves.toMatchObject({ rows: [{ uno: 1 }] });
  }, 60_000);

  it('after close, calls fail with a clear error instead of hanging', async () => {
    const closed = await openPgliteInWorker(null);
    await closed.close();
    await expect(closed.query('select 1')).rejects.toThrow(/database worker/);
  }, 60_000);
});

describe('a statement that runs too long (PGlite has no statement_timeout of its own)', () => {
  it('is stopped: its caller gets 57014, the database opens again from DATA_DIR with what was committed, and serves', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-timeout-'));
    const limited = await openPgliteInWorker(folder, { statementTimeoutMs: 1000 });
    try {
      await limited.exec('create table t (id int primary key); insert into t values (1)');
      const started = performance.now();
      const stuck = limited.query('select pg_sleep(60)');
      const queued = limited.query('insert into t values (2)'); // waiting behind it: fails with it
      await expect(stuck).rejects.toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
      await expect(queued).rejects.toMatchObject({ code: '57014' });
      expect(performance.now() - started).toBeLessThan(5000);
      expect((await limited.query('select array_agg(id order by id) as ids from t')).rows).toEqual([{ ids: [1] }]);
      await limited.query('insert into t values (3)');
      expect((await limited.query('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
    } finally {
      await limited.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it('does not limit scripts (migrations, vacuum, bulk loads): exec runs as long as it needs', async () => {
    const limited = await openPgliteInWorker(null, { statementTimeoutMs: 500 });
    try {
      await expect(limited.exec('select pg_sleep(1.5)')).resolves.toBeUndefined();
      await expect(limited.query('select 1 as uno')).resolves.toMatchObject({ rows: [{ uno: 1 }] });
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('stops an in-memory database for good rather than opening it again empty', async () => {
    const limited = await openPgliteInWorker(null, { statementTimeoutMs: 500 });
    await expect(limited.query('select pg_sleep(60)')).rejects.toMatchObject({ code: '57014' });
    await expect(limited.query('select 1')).rejects.toMatchObject({ code: '57014' });
    await limited.close();
  }, 60_000);

  it('renew opens the same folder in a new thread: the data stays, the memory a burst took is given back', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-renew-'));
    const renewed = await openPgliteInWorker(folder);
    try {
      await renewed.exec('create table t (id int primary key); insert into t values (1)');
      // a sort held in memory, as a first start's migrations and seed grow it: WebAssembly memory never shrinks
      await renewed.exec(`set work_mem = '400MB'; select count(*) from (select md5(i::text) from generate_series(1, 1500000) i order by 1) s`);
      const grown = process.memoryUsage().rss;
      await renewed.renew!();
      const after = process.memoryUsage().rss;
      expect(grown - after).toBeGreaterThan(100 * 1024 * 1024);
      expect((await renewed.query('select array_agg(id) as ids from t')).rows).toEqual([{ ids: [1] }]);
      await renewed.query('insert into t values (2)');
      expect((await renewed.query('select count(*)::int as n from t')).rows).toEqual([{ n: 2 }]);
    } finally {
      await renewed.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
