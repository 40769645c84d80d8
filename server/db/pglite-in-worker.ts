/**
 * PGlite in a worker thread, behind the same Db interface. The embedded database (its protocol
 * code and the wasm Postgres) takes about half of the CPU of a request; in its own thread it runs
 * beside the main thread's HTTP work on a second core instead of taking turns with it.
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Db, Queryable, QueryResult, SqlStatement } from './db.js';
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

export async function openPgliteInWorker(dataDir: string | null): Promise<Db> {
  const unlock = dataDir ? claimDataDir(dataDir) : () => undefined;
  try {
    return await start(dataDir, unlock);
  } catch (e) {
    unlock();
    throw e;
  }
}

async function start(dataDir: string | null, unlock: () => void): Promise<Db> {
  // the thread's garbage is small result buffers: a 6 MB young generation (2 MB halves) is enough
  // and keeps its memory low whatever the main thread's flags give the main thread
  const worker = new Worker(await workerEntry(), { workerData: { dataDir }, resourceLimits: { maxYoungGenerationSizeMb: 6 } });
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  let lastId = 0;
  let stopped: Error | null = null;

  const ready = new Promise<void>((resolve, reject) => pending.set(0, { resolve: () => resolve(), reject }));
  worker.on('message', (reply: Reply) => {
    const call = pending.get(reply.id);
    pending.delete(reply.id);
    if ('error' in reply) call?.reject(Object.assign(new Error(reply.error.message), reply.error));
    else call?.resolve(reply.result);
  });
  // A database that stopped cannot serve again: every waiting and later call fails with why.
  // The first reason stays: a crash's own error, not the exit that follows it.
  const stop = (e: Error) => {
    stopped ??= e;
    for (const call of pending.values()) call.reject(stopped);
    pending.clear();
  };
  worker.on('error', stop);
  worker.on('exit', (code) => stop(new Error(`the database worker exited (${code})`)));

  const call = <T>(ask: Ask): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = ++lastId;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...ask, id });
    });
  };
  await ready;

  const batch = (statements: SqlStatement[]) => call<QueryResult<Record<string, unknown>>[]>({ op: 'batch', statements });
  return {
    kind: 'pglite',
    async query<T>(sql: string, params?: unknown[]) {
      return (await batch([{ sql, params }]))[0] as QueryResult<T>;
    },
    exec: (sql) => call({ op: 'exec', sql }),
    batch,
    async transaction(fn) {
      const txId = await call<number>({ op: 'begin' });
      const tx: Queryable = {
        query: (sql, params) => call({ op: 'query', txId, sql, params }),
        exec: (sql) => call({ op: 'exec', sql, txId }),
      };
      let result;
      try {
        result = await fn(tx);
      } catch (e) {
        await call({ op: 'end', txId, commit: false }).catch(() => undefined);
        throw e;
      }
      await call({ op: 'end', txId, commit: true });
      return result;
    },
    async close() {
      if (!stopped) await call({ op: 'close' });
      await worker.terminate();
      unlock();
    },
  };
}
