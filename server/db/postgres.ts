import pg from 'pg';
import { StartupError } from '../config.js';
import type { Db, Queryable, QueryResult } from './db.js';

// Same value shapes as PGlite: int8 and numeric ids as numbers.
pg.types.setTypeParser(20, (v) => Number(v));

function wrap(c: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const r = await c.query(sql, params as unknown[] | undefined);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  };
}

export async function openPostgres(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: Number(process.env.PG_POOL_SIZE || 10) });
  // An idle connection that the server ends (restart, failover, pg_terminate_backend, or a
  // connection still closing after pool.end()) must not crash the process: the pool replaces it.
  pool.on('error', (e: Error & { code?: string }) => console.error(`PostgreSQL: conexión inactiva cerrada (${e.code ?? e.message})`));
  try {
    await pool.query('select 1');
  } catch (e) {
    await pool.end();
    // pg's reasons name the host and the user, never the password of the URL
    throw new StartupError(`No se puede conectar a la PostgreSQL de DATABASE_URL: ${(e as Error).message}`);
  }
  async function transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const result = await fn(wrap(client));
      await client.query('commit');
      return result;
    } catch (e) {
      await client.query('rollback').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }
  return {
    kind: 'postgres',
    ...wrap(pool),
    transaction,
    // one transaction, a round trip per statement: a pool connection's round trips are cheap
    batch: (statements) =>
      transaction(async (tx) => {
        const results = [];
        for (const s of statements) results.push(await tx.query(s.sql, s.params));
        return results;
      }),
    close: () => pool.end(),
  };
}
