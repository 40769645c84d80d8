import pg from 'pg';
import { StartupError } from '../config.js';
import { BatchQuery } from './pg-batch.js';
import { pipelines } from './pg-pipelines.js';
import { CONNECTION_LOST, type Db, type PgError, type Queryable, type QueryResult, type SqlStatement } from './db.js';

// Same value shapes as PGlite: int8 and numeric ids as numbers.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * A connection the server ended or the network lost (failover, restart, pg_terminate_backend)
 * becomes one error, SQLSTATE 08006 (connection_failure): the gateway and the services API answer
 * it with 503. pg raises it as 57P01-57P03, a socket error or "Connection terminated".
 */
function connectionLost(e: unknown): PgError | null {
  const err = e as PgError;
  if (err?.code === CONNECTION_LOST) return err; // already said
  const lost =
    /^(08|57P0[123]$)/.test(err?.code ?? '') ||
    ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(err?.code ?? '') ||
    // pg's own timeouts: connecting, waiting for a pooled connection, a query that got no answer
    /Connection terminated|not queryable|timeout exceeded when trying to connect|Query read timeout/.test(err?.message ?? '');
  return lost ? unavailable(err.message, e) : null;
}

const unavailable = (reason: string, cause?: unknown): PgError =>
  Object.assign(new Error(`conexión con PostgreSQL perdida: ${reason}`), { code: CONNECTION_LOST, cause });

/** How long the server waits for PostgreSQL (see Config: dbStatementTimeoutSeconds, dbConnectTimeoutSeconds). */
export interface PostgresTimeouts {
  /** A statement running longer is cancelled by PostgreSQL (statement_timeout): 57014. */
  statementMs: number;
  /** Opening a connection, or waiting for one of the pool; and the check of a server that does not answer. */
  connectMs: number;
}

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = { statementMs: 10_000, connectMs: 3_000 };

/** An operation waiting this long for PostgreSQL has the server checked (see the monitor below). */
const CHECK_AFTER_MS = 1000;

type Guard = <T>(work: Promise<T>) => Promise<T>;

/** The longest timer Node keeps (about 24 days): a script (migration) has no client-side limit. */
const NO_LIMIT_MS = 2 ** 31 - 1;

/**
 * `scripts`: how exec() lifts statement_timeout for its own statements: inside a transaction with
 * SET LOCAL; outside one, the caller gives a connection that is not pooled again.
 */
function wrap(c: pg.Pool | pg.PoolClient, guard: Guard, scripts: 'set local' | 'set session'): Queryable {
  const send = (sql: string, params?: unknown[], script = false) =>
    guard(
      c
        .query(script ? ({ text: sql, query_timeout: NO_LIMIT_MS } as pg.QueryConfig) : sql, params as unknown[] | undefined)
        .catch((e: unknown) => Promise.reject(connectionLost(e) ?? e)),
    );
  return {
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const r = await send(sql, params);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
    // scripts (migrations, bulk loads) are not limited, as on PGlite
    async exec(sql: string) {
      await send(scripts === 'set local' ? 'set local statement_timeout = 0' : 'set statement_timeout = 0');
      await send(sql, undefined, true); // several statements: pg answers an array of results
    },
  };
}

/**
 * Watches the operations waiting for PostgreSQL. A server that is frozen (SIGSTOP, a hung network)
 * neither answers nor closes its connections: TCP keep-alive sees a dead network only after
 * minutes and a query's own timeout comes after statement_timeout. So when an operation has waited
 * CHECK_AFTER_MS, a new connection asks the server `select 1`; if that gets no answer within
 * connectMs, every waiting operation fails at once as a lost connection (503), and so does every
 * new one, without waiting, until a check answers again (every second): the portal comes back by
 * itself. The operations' own connections finish or time out later and are not pooled again.
 */
function unresponsiveServerMonitor(connectionString: string, timeouts: PostgresTimeouts) {
  const waiting = new Set<{ since: number; fail(e: Error): void }>();
  let down: PgError | null = null;
  let checking = false;

  const check = async () => {
    const probe = new pg.Client({ connectionString, connectionTimeoutMillis: timeouts.connectMs, query_timeout: timeouts.connectMs });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.query('select 1');
      if (down) console.error('PostgreSQL responde de nuevo');
      down = null;
    } catch (e) {
      if (!down) console.error(`PostgreSQL no responde (${(e as Error).message}): las peticiones se responden con 503 hasta que vuelva`);
      down = unavailable(`el servidor no responde (${(e as Error).message})`, e);
      for (const op of waiting) op.fail(down);
      waiting.clear();
    } finally {
      // a frozen server does not answer the goodbye either: the socket is dropped
      void probe.end().catch(() => undefined);
      setTimeout(() => (probe as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy(), timeouts.connectMs).unref();
    }
  };

  const timer = setInterval(() => {
    if (checking) return;
    const now = Date.now();
    if (!down && ![...waiting].some((op) => now - op.since >= CHECK_AFTER_MS)) return;
    checking = true;
    void check().finally(() => (checking = false));
  }, Math.min(CHECK_AFTER_MS, 500));
  timer.unref();

  const guard: Guard = (work) => {
    if (down) {
      work.catch(() => undefined);
      return Promise.reject(down);
    }
    return new Promise((resolve, reject) => {
      const op = { since: Date.now(), fail: reject };
      waiting.add(op);
      work.then(
        (value) => (waiting.delete(op), resolve(value)),
        (e: unknown) => (waiting.delete(op), reject(e)),
      );
    });
  };
  return { guard, stop: () => clearInterval(timer) };
}

export async function openPostgres(connectionString: string, timeouts: PostgresTimeouts = DEFAULT_POSTGRES_TIMEOUTS): Promise<Db> {
  const connection: pg.ClientConfig = {
    connectionString,
    // opening a connection, and waiting for a pooled one, end with an error rather than never
    connectionTimeoutMillis: timeouts.connectMs,
    // PostgreSQL cancels a statement that runs too long (57014, answered 503)
    statement_timeout: timeouts.statementMs,
    // a transaction left open by a client that hangs cannot hold its locks for ever
    idle_in_transaction_session_timeout: Math.max(60_000, timeouts.statementMs * 2),
    // a query with no answer at all (frozen server, lost network) ends some time after the server's own timeout
    query_timeout: timeouts.statementMs + timeouts.connectMs,
    // the kernel probes idle connections: a peer gone without a word is found and the connection dropped
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
  const pool = new pg.Pool({ ...connection, max: Number(process.env.PG_POOL_SIZE || 10) });
  const pipes = pipelines(connection, Number(process.env.PG_PIPELINES ?? 2));
  const monitor = unresponsiveServerMonitor(connectionString, timeouts);
  const { guard } = monitor;
  // An idle connection that the server ends (restart, failover, pg_terminate_backend, or a
  // connection still closing after pool.end()) must not crash the process: the pool replaces it.
  pool.on('error', (e: Error & { code?: string }) => console.error(`PostgreSQL: conexión inactiva cerrada (${e.code ?? e.message})`));
  // Nor one the server ends in the very packet that made it ready (a failover landing on a new
  // connection): the pool hands it over without its listener and the caller's comes a microtask
  // later, after the error. The caller then finds the connection broken and does not pool it again.
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    await pool.query('select 1');
  } catch (e) {
    monitor.stop();
    await pipes.close();
    await pool.end();
    // pg's reasons name the host and the user, never the password of the URL
    throw new StartupError(`No se puede conectar a la PostgreSQL de DATABASE_URL: ${(e as Error).message}`);
  }
  /** A connection of the pool; one given up on (guard) before the pool answered goes back unused when it comes. */
  async function checkout(): Promise<pg.PoolClient> {
    const connecting = pool.connect();
    try {
      return await guard(connecting);
    } catch (e) {
      connecting.then((late) => late.release(), () => undefined);
      throw connectionLost(e) ?? e;
    }
  }

  async function transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const client = await checkout();
      // A checked-out client has no listener of the pool's: a connection the server ends mid-way
      // would throw an unhandled 'error' and end the process. A broken client is not pooled again.
      let broken: Error | undefined;
      const onError = (e: Error) => (broken = e);
      client.on('error', onError);
      const tx = wrap(client, guard, 'set local');
      let begun = false;
      try {
        await tx.query('begin');
        begun = true;
        const result = await fn(tx);
        await tx.query('commit');
        return result;
      } catch (e) {
        if (!begun) broken ??= e as Error;
        // a lost connection is not used again; one that cannot roll back is not given to the next caller
        else if ((e as PgError).code === CONNECTION_LOST) broken ??= e as Error;
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
  /** The statements in one implicit transaction, one round trip (see BatchQuery), on a pipeline when one takes it. */
  async function batch(statements: SqlStatement[]): Promise<QueryResult<Record<string, unknown>>[]> {
    const piped = pipes.run(statements);
    if (piped) return guard(piped).catch((e: unknown) => Promise.reject(connectionLost(e) ?? e));
    const client = await checkout();
    let broken: Error | undefined;
    const onError = (e: Error) => (broken = e);
    client.on('error', onError);
    try {
      return await guard(BatchQuery.run(client, statements));
    } catch (e) {
      const error = connectionLost(e) ?? (e as PgError);
      // a lost connection is not pooled again; on a live one the Sync has ended the failed transaction
      if (error.code === CONNECTION_LOST) broken ??= error;
      throw error;
    } finally {
      client.removeListener('error', onError);
      client.release(broken);
    }
  }
  return {
    kind: 'postgres',
    ...wrap(pool, guard, 'set session'),
    async exec(sql: string) {
      const client = await checkout();
      client.on('error', () => undefined);
      try {
        await wrap(client, guard, 'set session').exec(sql);
      } finally {
        client.release(true); // its session's statement_timeout is lifted: not pooled again
      }
    },
    transaction,
    batch,
    close: async () => {
      monitor.stop();
      await pipes.close();
      await pool.end();
    },
  };
}
