import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db';
import { openPglite } from '../../server/db/pglite';
import { startAutovacuum, vacuumDueTables } from '../../server/db/autovacuum';

/**
 * PGlite has no autovacuum of its own: server/db/autovacuum.ts vacuums and analyzes the tables
 * that Postgres's autovacuum would, by its thresholds (50 rows + 20 % dead, 50 + 10 % changed,
 * 1,000 + 20 % inserted).
 */

let db: Db;

beforeAll(async () => {
  db = await openPglite(null);
});
afterAll(() => db?.close());

/** Postgres reports a backend's counters when it goes idle, at most once a second: now, please. */
async function flushCounters() {
  await db.query('select pg_stat_force_next_flush()');
  await db.query('select 1');
}

const stats = async (table: string) =>
  (
    await db.query<{ dead: number; reltuples: number; vacuumed: boolean; analyzed: boolean }>(
      `select t.n_dead_tup::int as dead, c.reltuples, t.last_vacuum is not null as vacuumed, t.last_analyze is not null as analyzed
         from pg_stat_user_tables t join pg_class c on c.oid = t.relid where t.relname = $1`,
      [table],
    )
  ).rows[0];

describe('autovacuum of the embedded database', () => {
  it('vacuums a table with many dead rows, analyzes one with many changes, leaves a quiet one alone', async () => {
    await db.exec(`
      create table muertas (id int primary key, v text);
      insert into muertas select g, 'x' from generate_series(1, 300) g;
      delete from muertas where id <= 200;
      create table cambiadas (id int primary key, v text);
      insert into cambiadas select g, 'x' from generate_series(1, 80) g;
      create table tranquilas (id int primary key, v text);
      insert into tranquilas select g, 'x' from generate_series(1, 10) g;
    `);
    await flushCounters();
    expect((await stats('muertas')).dead).toBe(200);

    const done = await vacuumDueTables(db);
    expect(done.map(({ table, action }) => ({ table, action }))).toEqual([
      { table: 'public.cambiadas', action: 'analyze' },
      { table: 'public.muertas', action: 'vacuum' },
    ]);
    await flushCounters();
    expect(await stats('muertas')).toMatchObject({ dead: 0, reltuples: 100, vacuumed: true, analyzed: true });
    expect(await stats('cambiadas')).toMatchObject({ reltuples: 80, vacuumed: false, analyzed: true });
    expect(await stats('tranquilas')).toMatchObject({ reltuples: -1, vacuumed: false, analyzed: false });

    // done: nothing is due until the tables change again
    expect(await vacuumDueTables(db)).toEqual([]);
    await db.exec(`update muertas set v = 'y'`); // 100 dead rows: more than 50 + 20 % of 100
    await flushCounters();
    expect((await vacuumDueTables(db)).map((m) => m.table)).toEqual(['public.muertas']);
  });

  it('runs every so often, logs what it did, and stops without a pass left running', async () => {
    await db.exec(`
      create table repaso (id int primary key);
      insert into repaso select generate_series(1, 100);
    `);
    await flushCounters();
    const logged: string[] = [];
    const autovacuum = await startAutovacuum(db, (m) => logged.push(m), 200);
    await expect.poll(() => logged, { timeout: 5000 }).toContainEqual(expect.stringMatching(/^autovacuum: analyze public\.repaso \(\d+ ms\)$/));
    await autovacuum.stop();
    expect((await stats('repaso')).analyzed).toBe(true);
  });
});
