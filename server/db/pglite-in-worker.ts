/**
 * PGlite in a worker thread, behind the same Db interface. The embedded database (its protocol
 * code and the wasm Postgres) takes about half of the CPU of a request; in its own thread it runs
 * beside the main thread's HTTP work on a second core instead of taking turns with it.
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CONNECTION_LOST, STATEMENT_TIMEOUT, type Db, type Queryable, type QueryResult, type SqlStatement } from './db.js';
import { claimDataDir } from './data-dir.js';

/** What the main thread asks of the worker (pglite-worker.ts). */
export type Request = { id: number } & (
  | { op: 'batch'; statements: SqlStatement[] }
  | { op: 'exec'; sql: string; txId?: number }
  | { op: 'query'; txId: number; sql: string; params?: unknown[] }
  | { op: 'begin' }
  | { op: 'end'; txId: number; commit: boolean }
  | { op: 'close' }
);
type Ask = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** The worker's answer to request `id` (0: it is ready). */
export type Reply = { id: number; result: unknown } | { id: number; error: Record<string, unknown> & { message: string } };

/**
 * The worker's module: the bundle beside the server bundle (npm start), else, running from the
 * TypeScript sources (npm run dev, the tests), a bundle built now from them.
 */
async function workerEntry(): Promise<URL> {
  const bundled = new URL('./pglite-worker.mjs', import.meta.url);
  if (fs.existsSync(bundled)) return bundled;
  const builder: string = '../../scripts/build-server.mjs'; // a variable: not part of the server bundle
  const { buildPgliteWorker } = (await import(/* @vite-ignore */ builder)) as { buildPgliteWorker(): string };
  return pathToFileURL(buildPgliteWorker());
}

/**
 * PGlite cannot cancel a statement (its wasm Postgres has no timer signal, so statement_timeout
 * does nothing): a statement that runs this long is stopped by ending the worker thread, and the
 * database is opened again from its folder, as after a crash (the crash bench loses nothing
 * acknowledged). Scripts (exec: migrations, vacuum, bulk loads) are not limited.
 */
export const STATEMENT_TIMEOUT_MS = 10_000;

/** A transaction whose database was restarted under it: its work is gone, as with a lost connection. */
const transactionLost = () =>
  Object.assign(new Error('la base de datos se abrió de nuevo durante la transacción; no se guardó nada de ella'), { code: CONNECTION_LOST });

/** Postgres's own answer when a statement is cancelled for running too long. */
const statementTimeout = () => Object.assign(new Error('canceling statement due to statement timeout'), { code: STATEMENT_TIMEOUT });

export async function openPgliteInWorker(dataDir: string | null, opts: { statementTimeoutMs?: number } = {}): Promise<Db> {
  const unlock = dataDir ? claimDataDir(dataDir) : () => undefined;
  try {
    return await start(dataDir, unlock, opts.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS);
  } catch (e) {
    unlock();
    throw e;
  }
}

/** `ask` is kept as it is and described only if the watchdog logs a stall (whatOf). */
type Call = { resolve(v: unknown): void; reject(e: unknown): void; script: boolean; ask: Ask; since: number };

/**
 * What a call asks, for the log of a stall: its operation and the start of its SQL, never its
 * parameters. Written only then: made for every call, it cost the gateway GET 6-8 µs of the main
 * thread's time and garbage (its SQL joined and rewritten each time).
 */
function whatOf(ask: Ask): string {
  const sql = 'sql' in ask ? ask.sql : 'statements' in ask ? ask.statements.map((st) => st.sql).join('; ') : '';
  const tx = 'txId' in ask && ask.txId ? ` (transacción ${ask.txId})` : '';
  return `${ask.op}${tx}${sql ? `: ${sql.replace(/\s+/g, ' ').trim().slice(0, 160)}` : ''}`;
}

async function start(dataDir: string | null, unlock: () => void, statementTimeoutMs: number): Promise<Db> {
  const entry = await workerEntry();
  const pending = new Map<number, Call>();
  let lastId = 0;
  let stopped: Error | null = null;
  let worker: Worker;
  /** When the worker last answered, or last got work while it had none: what the watchdog measures. */
  let lastProgress = Date.now();
  let restarting: Promise<void> | null = null;
  /** Which worker is serving: a transaction begun in an earlier one is gone with it. */
  let generation = 0;
  /** Workers ended on purpose (by the watchdog, or by close): their exit is not a crash. */
  const retired = new WeakSet<Worker>();
  /** Open transactions: since when, and their last call (a stall names what held the database). */
  const openTx = new Map<number, { since: number; last: Ask }>();

  const failPending = (e: Error) => {
    for (const call of pending.values()) call.reject(e);
    pending.clear();
  };

  /** Starts a worker on the folder; resolves once it has opened the database. */
  function launch(): Promise<void> {
    // the thread's garbage is small result buffers: a 6 MB young generation (2 MB halves) is enough
    // and keeps its memory low whatever the main thread's flags give the main thread
    const w = new Worker(entry, { workerData: { dataDir }, resourceLimits: { maxYoungGenerationSizeMb: 6 } });
    worker = w;
    generation++;
    return new Promise<void>((ready, failed) => {
      w.on('message', (reply: Reply) => {
        if (reply.id === 0) return ready();
        lastProgress = Date.now();
        const call = pending.get(reply.id);
        pending.delete(reply.id);
        if ('error' in reply) call?.reject(Object.assign(new Error(reply.error.message), reply.error));
        else call?.resolve(reply.result);
      });
      // A database that stopped cannot serve again: every waiting and later call fails with why.
      // The first reason stays: a crash's own error, not the exit that follows it.
      const stop = (e: Error) => {
        if (retired.has(w)) return;
        stopped ??= e;
        failPending(stopped);
        failed(stopped);
      };
      w.on('error', stop);
      w.on('exit', (code) => stop(new Error(`the database worker exited (${code})`)));
    });
  }

  const watchdog = setInterval(() => {
    if (stopped || restarting || !pending.size || Date.now() - lastProgress < statementTimeoutMs) return;
    if ([...pending.values()].some((call) => call.script)) return;
    const stuck = worker;
    retired.add(stuck);
    console.error(`PGlite: una sentencia superó ${statementTimeoutMs / 1000} s; se detiene y la base de datos se abre de nuevo`);
    // what was waiting, and which transaction held the database meanwhile
    const now = Date.now();
    for (const [txId, t] of openTx) console.error(`  transacción ${txId} abierta hace ${now - t.since} ms; su última llamada: ${whatOf(t.last)}`);
    for (const c of [...pending.values()].slice(0, 5)) console.error(`  esperaba hace ${now - c.since} ms: ${whatOf(c.ask)}`);
    openTx.clear();
    failPending(statementTimeout());
    if (!dataDir) {
      // an in-memory database would come back empty: it stops instead
      stopped = statementTimeout();
      void stuck.terminate();
      return;
    }
    // the old thread must be gone before another one opens the same files
    restarting = stuck.terminate().then(launch).finally(() => (restarting = null));
    restarting.catch(() => undefined);
  }, Math.min(1000, statementTimeoutMs / 4));
  watchdog.unref();

  const call = async <T>(ask: Ask, script = false): Promise<T> => {
    if (restarting) await restarting;
    if (stopped) throw stopped;
    const id = ++lastId;
    if (!pending.size) lastProgress = Date.now();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject, script, ask, since: Date.now() });
      worker.postMessage({ ...ask, id });
    });
  };
  await launch();

  const batch = (statements: SqlStatement[]) => call<QueryResult<Record<string, unknown>>[]>({ op: 'batch', statements });
  return {
    kind: 'pglite',
    async query<T>(sql: string, params?: unknown[]) {
      return (await batch([{ sql, params }]))[0] as QueryResult<T>;
    },
    exec: (sql) => call({ op: 'exec', sql }, true),
    batch,
    async transaction(fn) {
      const txId = await call<number>({ op: 'begin' });
      const begunIn = generation;
      openTx.set(txId, { since: Date.now(), last: { op: 'begin' } });
      /**
       * The watchdog restarted the database while this transaction was open (its statements and
       * BEGIN went with the old worker): as a connection PostgreSQL ended, it fails with 08006.
       */
      const inTx = <T>(ask: Ask, script = false) => {
        const open = openTx.get(txId);
        if (open) open.last = ask;
        return generation === begunIn && !restarting ? call<T>(ask, script) : Promise.reject(transactionLost());
      };
      const tx: Queryable = {
        query: (sql, params) => inTx({ op: 'query', txId, sql, params }),
        exec: (sql) => inTx({ op: 'exec', sql, txId }, true),
      };
      let result;
      try {
        result = await fn(tx);
      } catch (e) {
        await inTx({ op: 'end', txId, commit: false }).catch(() => undefined);
        throw e;
      } finally {
        openTx.delete(txId);
      }
      await inTx({ op: 'end', txId, commit: true });
      return result;
    },
    async renew() {
      if (!dataDir) return; // in memory: the data lives in the thread
      if (restarting) await restarting;
      if (stopped) throw stopped;
      const old = worker;
      await call({ op: 'close' });
      retired.add(old);
      // the old thread must be gone before another one opens the same files
      restarting = old.terminate().then(launch).finally(() => (restarting = null));
      await restarting;
    },
    async close() {
      clearInterval(watchdog);
      await restarting?.catch(() => undefined);
      // a statement still running would hold the close back for ever: it gets the watchdog's time
      const closed = stopped ? Promise.resolve() : call({ op: 'close' }).catch(() => undefined);
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, statementTimeoutMs).unref())]);
      stopped ??= new Error('the database worker is closed');
      retired.add(worker);
      await worker.terminate();
      unlock();
    },
  };
}
