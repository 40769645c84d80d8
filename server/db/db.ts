/**
 * The one small interface the server uses to talk to Postgres, with two adapters:
 * embedded PGlite (default) and node-postgres (DATABASE_URL).
 */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** One statement of a batch: SQL text with its bound parameters. */
export interface SqlStatement {
  sql: string;
  params?: unknown[];
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs the statements in order as ONE transaction and answers each one's result; an error in
   * any of them rolls them all back. Both adapters send them as one series of protocol messages
   * closed by one Sync (one round trip, no BEGIN or COMMIT), each statement prepared once per
   * connection: PGlite (pglite-protocol.ts), node-postgres (pg-batch.ts).
   */
  batch(statements: SqlStatement[]): Promise<QueryResult<Record<string, unknown>>[]>;
  /** Runs fn in one transaction; a thrown error rolls it back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Embedded database on disk only: closes it and opens it again in a new worker thread, to give
   * back the memory a burst of work (a first start's migrations and seed) made it take. A
   * WebAssembly memory never shrinks: only a new thread starts small again. Others: nothing.
   */
  renew?(): Promise<void>;
  close(): Promise<void>;
}

/** Postgres error as both adapters raise it (node-postgres and PGlite share these fields). */
export interface PgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
}

/** SQLSTATE connection_failure: the database could not be reached or the connection was lost. */
export const CONNECTION_LOST = '08006';
/** SQLSTATE query_canceled, as Postgres raises it for statement_timeout (PGlite's watchdog too). */
export const STATEMENT_TIMEOUT = '57014';

/**
 * An error of the database: a SQLSTATE code (five characters) and none of the marks of a Node
 * system error. A file system's ENOENT or EPERM also has a string code: it was logged as
 * 'Postgres ENOENT' and answered as the database's.
 */
export function isPgError(e: unknown): e is PgError {
  if (!(e instanceof Error)) return false;
  const x = e as PgError & { syscall?: unknown; errno?: unknown };
  return typeof x.code === 'string' && /^[0-9A-Z]{5}$/.test(x.code) && x.syscall === undefined && typeof x.errno !== 'number';
}

export async function openDb(opts: {
  databaseUrl: string | null;
  dataDir: string | null;
  dbStatementTimeoutSeconds?: number;
  dbConnectTimeoutSeconds?: number;
}): Promise<Db> {
  const statementMs = (opts.dbStatementTimeoutSeconds ?? 10) * 1000;
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgres.js');
    return openPostgres(opts.databaseUrl, { statementMs, connectMs: (opts.dbConnectTimeoutSeconds ?? 3) * 1000 });
  }
  const { openPgliteInWorker } = await import('./pglite-in-worker.js');
  return openPgliteInWorker(opts.dataDir, { statementTimeoutMs: statementMs });
}
