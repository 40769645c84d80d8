import pg from 'pg';
import { StartupError } from '../config.js';
import { CONNECTION_LOST, type Db, type PgError, type Queryable, type QueryResult } from './db.js';

// Same value shapes as PGlite: int8 and numeric ids as numbers.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * A connection the server ended or the network lost (failover, restart, pg_terminate_backend)
 * becomes one error, SQLSTATE 08006 (connection_failure): the gateway and the services API answer
 * it with 503. pg raises it as 57P01-57P03, a socket error or "Connection terminated".
 */
function connectionLost(e: unknown): PgError | null {
  const err = e as PgError;
  const lost =
    /^(08|57P0[123]$)/.test(err?.code ?? '') ||
    ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT'].includes(err?.code ?? '') ||
    /Connection terminated|not queryable/.test(err?.message ?? '');
  return lost ? Object.assign(new Error(`conexión con PostgreSQL perdida: ${err.message}`), { code: CONNECTION_LOST, cause: e }) : null;
}

function wrap(c: pg.Pool | pg.PoolClient): Queryable {
  const send = (sql: string, params?: unknown[]) =>
    c.query(sql, params as unknown[] | undefined).catch((e: unknown) => Promise.reject(connectionLost(e) ?? e));
  return {
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const r = await send(sql, params);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await send(sql); // several statements: pg answers an array of results
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
    for (let attempt = 1; ; attempt++) {
      const client = await pool.connect().catch((e: unknown) => Promise.reject(connectionLost(e) ?? e));
      // A checked-out client has no listener of the pool's: a connection the server ends mid-way
      // would throw an unhandled 'error' and end the process. A broken client is not pooled again.
      let broken: Error | undefined;
      const onError = (e: Error) => (broken = e);
      client.on('error', onError);
      const tx = wrap(client);
      let begun = false;
      try {
        await tx.query('begin');
        begun = true;
        const result = await fn(tx);
        await tx.query('commit');
        return result;
      } catch (e) {
        if (!begun) broken ??= e as Error;
        // a connection that cannot roll back is not given to the next caller
        else broken ??= await tx.query('rollback').then(() => undefined, (r: Error) => r);
        // nothing was sent on a connection found dead at BEGIN: another one may be alive
        if (!begun && attempt === 1 && (e as PgError).code === CONNECTION_LOST) continue;
        throw e;
      } finally {
        client.removeListener('error', onError);
        client.release(broken);
      }
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
