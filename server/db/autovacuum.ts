/**
 * Autovacuum for the embedded database. PGlite runs Postgres without its background workers, so
 * nothing vacuums or analyzes on its own: dead rows would pile up for good, the planner would keep
 * the statistics of an empty database, and transaction ids would never be frozen. This does what
 * Postgres's autovacuum launcher does, by its rules and with its settings (autovacuum_*): every
 * autovacuum_naptime, each table whose counters passed a threshold is vacuumed or analyzed.
 * A hosted PostgreSQL (DATABASE_URL) runs its own autovacuum.
 */
import type { Db } from './db.js';

export interface Maintenance {
  table: string;
  action: 'vacuum' | 'analyze';
  ms: number;
}

// The thresholds of autovacuum.c's relation_needs_vacanalyze() (Postgres 17's insert threshold):
// a never-vacuumed table counts as empty (reltuples -1), so its first 50 changes make it due.
const DUE_TABLES = `
with s as (
  select format('%I.%I', t.schemaname, t.relname) as name, t.n_dead_tup, t.n_ins_since_vacuum,
         t.n_mod_since_analyze, greatest(c.reltuples, 0) as tuples, age(c.relfrozenxid) as xid_age
    from pg_stat_user_tables t join pg_class c on c.oid = t.relid
)
select name,
       n_dead_tup > least(current_setting('autovacuum_vacuum_threshold')::float8
                            + current_setting('autovacuum_vacuum_scale_factor')::float8 * tuples,
                          nullif(current_setting('autovacuum_vacuum_max_threshold')::float8, -1))
       or n_ins_since_vacuum > current_setting('autovacuum_vacuum_insert_threshold')::float8
                               + current_setting('autovacuum_vacuum_insert_scale_factor')::float8 * tuples
       or xid_age > current_setting('autovacuum_freeze_max_age')::float8 as vacuum,
       n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
                             + current_setting('autovacuum_analyze_scale_factor')::float8 * tuples as analyze
  from s
 order by name`;

/** Vacuums (with analyze) or analyzes each table that is due; answers what it did. */
export async function vacuumDueTables(db: Db): Promise<Maintenance[]> {
  const { rows } = await db.query<{ name: string; vacuum: boolean; analyze: boolean }>(DUE_TABLES);
  const done: Maintenance[] = [];
  for (const { name, vacuum, analyze } of rows) {
    if (!vacuum && !analyze) continue;
    const started = performance.now();
    // one table at a time: requests wait for one table's pass, not for all of them
    await db.exec(vacuum ? `vacuum (analyze) ${name}` : `analyze ${name}`);
    done.push({ table: name, action: vacuum ? 'vacuum' : 'analyze', ms: Math.round(performance.now() - started) });
  }
  return done;
}

/**
 * Runs vacuumDueTables every `everyMs` (default autovacuum_naptime) until stopped; stop() waits
 * for a pass under way.
 */
export async function startAutovacuum(db: Db, log: (m: string) => void, everyMs?: number): Promise<{ stop(): Promise<void> }> {
  if (everyMs === undefined) {
    const { rows } = await db.query<{ seconds: number }>(`select setting::int as seconds from pg_settings where name = 'autovacuum_naptime'`);
    everyMs = rows[0].seconds * 1000;
  }
  let pass: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    pass = pass.then(async () => {
      try {
        for (const m of await vacuumDueTables(db)) log(`autovacuum: ${m.action} ${m.table} (${m.ms} ms)`);
      } catch (e) {
        log(`autovacuum: ${(e as Error).message}`);
      }
    });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await pass;
    },
  };
}
