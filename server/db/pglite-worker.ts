/**
 * The worker thread that owns the embedded database: it opens PGlite (the in-thread adapter of
 * pglite.ts) and answers the requests of pglite-in-worker.ts, one reply per request.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openPglite } from './pglite.js';
import type { Queryable } from './db.js';
import type { Reply, Request } from './pglite-in-worker.js';

const port = parentPort!;
const db = await openPglite((workerData as { dataDir: string | null }).dataDir);

/** Open transactions, and how each one ends: commit or roll back. */
const transactions = new Map<number, { tx: Queryable; end(commit: boolean): void }>();
/** Each transaction's outcome: settles once pg.transaction() has committed or rolled back. */
const outcomes = new Map<number, Promise<void>>();
let lastTx = 0;
/** Thrown inside pg.transaction() to roll back, and swallowed there. */
const ROLLBACK = Symbol('rollback');

/** Starts a transaction that stays open, holding PGlite's transaction lock, until 'end'. */
function begin(): Promise<number> {
  const id = ++lastTx;
  return new Promise((started, failed) => {
    let began = false;
    const outcome = db
      .transaction(
        (tx) =>
          new Promise<void>((commit, rollback) => {
            transactions.set(id, { tx, end: (ok) => (ok ? commit() : rollback(ROLLBACK)) });
            began = true;
            started(id);
          }),
      )
      .catch((e) => {
        if (e !== ROLLBACK) throw e;
      })
      .finally(() => {
        transactions.delete(id);
        outcomes.delete(id);
      });
    outcomes.set(id, outcome);
    outcome.catch((e) => began || failed(e)); // BEGIN itself failed
  });
}

function openTx(txId: number) {
  const open = transactions.get(txId);
  if (!open) throw new Error('Transaction is closed');
  return open;
}

async function handle(req: Request): Promise<unknown> {
  switch (req.op) {
    case 'batch':
      return db.batch(req.statements);
    case 'exec':
      return req.txId ? openTx(req.txId).tx.exec(req.sql) : db.exec(req.sql);
    case 'query':
      return openTx(req.txId).tx.query(req.sql, req.params);
    case 'begin':
      return begin();
    case 'end': {
      const outcome = outcomes.get(req.txId);
      openTx(req.txId).end(req.commit);
      return outcome;
    }
    case 'close':
      return db.close();
  }
}

/** An error as plain data: its message and Postgres's fields (code, detail, constraint, ...). */
const failure = (e: unknown) =>
  e instanceof Error ? { ...e, name: e.name, message: e.message } : { name: 'Error', message: String(e) };

port.on('message', (req: Request) => {
  handle(req).then(
    (result) => port.postMessage({ id: req.id, result } satisfies Reply),
    (e) => port.postMessage({ id: req.id, error: failure(e) } satisfies Reply),
  );
});
port.postMessage({ id: 0, result: 'ready' } satisfies Reply);
