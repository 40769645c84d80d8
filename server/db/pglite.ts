import fs from 'node:fs';
import { PGlite, protocol, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Queryable, QueryResult, SqlStatement } from './db.js';
import { BatchResults, batchMessage, type BoundStatement } from './pglite-protocol.js';

const { serialize } = protocol;

/** Prepared statements kept at most; the least recently used is closed (each holds a plan in memory). */
const MAX_PREPARED = 200;

/**
 * The SQL texts prepared on the backend (Parse once, then Bind/Execute only), so a statement is
 * parsed and planned once instead of on every call, and each call is ONE protocol message
 * (Bind, Describe, Execute, ..., Sync) where PGlite's query() makes six (Parse, Describe
 * statement, Bind, Describe portal, Execute, Sync). Postgres itself re-plans a prepared
 * statement when what it depends on changes: a table altered or dropped, the role (RLS
 * policies), search_path. Not safe for concurrent use: run under PGlite's query mutex.
 */
class PreparedStatements {
  /** SQL text → statement name and parameter types; Map order is the LRU order. */
  private readonly byText = new Map<string, { name: string; paramTypes: number[] }>();
  private counter = 0;

  constructor(private readonly pg: PGlite) {}

  /** The prepared statement for sql, preparing it (one round trip) the first time. */
  async get(sql: string) {
    const known = this.byText.get(sql);
    if (known) {
      this.byText.delete(sql);
      this.byText.set(sql, known);
      return known;
    }
    // names are never reused, so a statement whose Parse failed leaves nothing to confuse
    const name = `s${++this.counter}`;
    const parts = [serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name })];
    const evicted = this.byText.size >= MAX_PREPARED ? this.byText.keys().next().value : undefined;
    if (evicted !== undefined) {
      parts.unshift(serialize.close({ type: 'S', name: this.byText.get(evicted)!.name }));
      this.byText.delete(evicted);
    }
    parts.push(serialize.sync());
    const { messages } = await this.pg.execProtocol(concat(parts), { syncToFs: false });
    const description = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
    const prepared = { name, paramTypes: description?.dataTypeIDs ?? [] };
    this.byText.set(sql, prepared);
    return prepared;
  }

  /** Forget sql (its cached plan is stale for good: "cached plan must not change result type"). */
  async forget(sql: string): Promise<void> {
    const known = this.byText.get(sql);
    if (!known) return;
    this.byText.delete(sql);
    await this.pg.execProtocol(concat([serialize.close({ type: 'S', name: known.name }), serialize.sync()]), { syncToFs: false });
  }

  /**
   * Runs the statements in one protocol message ending in a single Sync. Outside BEGIN, Postgres
   * runs everything before a Sync as one implicit transaction: committed at the Sync, or rolled
   * back entirely when any statement fails (the rest are skipped). Inside BEGIN it is part of
   * that transaction. Answers one result per statement.
   */
  async run(statements: SqlStatement[]): Promise<QueryResult<Record<string, unknown>>[]> {
    const bound: BoundStatement[] = [];
    for (const { sql, params = [] } of statements) {
      const { name, paramTypes } = await this.get(sql);
      // the values as PGlite's query() serialises them: by the parameter's type in the database
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const toText = this.pg.serializers[paramTypes[i]];
        return toText ? toText(value) : String(value);
      });
      bound.push({ name, values });
    }
    const answer = new BatchResults(this.pg.parsers);
    await this.pg.execProtocolRawStream(batchMessage(bound), { syncToFs: false, onRawData: answer.push });
    if (answer.error) {
      // as PGlite's query() reports it
      throw Object.assign(answer.error, { query: statements.map((s) => s.sql).join(';\n') });
    }
    return answer.results;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

const SHARED_BUFFERS = '32MB';

const isStalePlan = (e: unknown) => (e as { code?: string }).code === '0A000' && /cached plan/.test((e as Error).message);

/**
 * Embedded Postgres. PGlite runs one statement at a time; its transaction() holds
 * an exclusive lock, so concurrent requests queue rather than interleave.
 * `loadDataDir` lets tests start from a migrated snapshot instead of a fresh initdb.
 *
 * Queries go through PreparedStatements under PGlite's own locks (the same ones its query()
 * takes: the transaction mutex, then the query mutex), so they queue with PGlite's own calls.
 */
export async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<Db> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir ?? undefined, {
    ...(loadDataDir ? { loadDataDir } : {}),
    // PGlite's default shared_buffers (128 MB) fill up under load and wasm memory never shrinks:
    // 32 MB keeps the server's resident memory low; the host's page cache still serves the files.
    postgresqlconf: [`shared_buffers=${SHARED_BUFFERS}`],
    // trigram indexes: the office's client search (0036_despacho_busqueda.sql); PostgreSQL has it built in
    extensions: { pg_trgm },
  });
  const prepared = new PreparedStatements(pg);

  /**
   * Outside a transaction: both locks, one retry when a stored plan went stale (nothing ran).
   * No pg.syncToFs() after it, unlike PGlite's query(): the data directory is a Node directory
   * (NODEFS) or memory, whose syncToFs does nothing; Postgres's own fsync writes through.
   */
  const batch = async (statements: SqlStatement[]) => {
    await pg._checkReady();
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        try {
          return await prepared.run(statements);
        } catch (e) {
          if (!isStalePlan(e)) throw e;
          for (const s of statements) await prepared.forget(s.sql);
          return prepared.run(statements);
        }
      }),
    );
  };

  /** Inside pg.transaction(), which holds the transaction mutex. */
  const inTransaction = (tx: Transaction): Queryable => ({
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      if (tx.closed) throw new Error('Transaction is closed');
      return pg._runExclusiveQuery(async () => {
        try {
          return (await prepared.run([{ sql, params }]))[0] as QueryResult<T>;
        } catch (e) {
          // the transaction is aborted: no retry, but the next one prepares afresh
          if (isStalePlan(e)) await prepared.forget(sql);
          throw e;
        }
      });
    },
    async exec(sql: string) {
      await tx.exec(sql);
    },
  });

  return {
    kind: 'pglite',
    async query<T>(sql: string, params?: unknown[]) {
      return (await batch([{ sql, params }]))[0] as QueryResult<T>;
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
    batch,
    transaction: (fn) => pg.transaction((tx) => fn(inTransaction(tx))),
    close: () => pg.close(),
    // exposed for test snapshots
    dump: () => pg.dumpDataDir('none'),
  } as Db & { dump: () => Promise<Blob | File> };
}
