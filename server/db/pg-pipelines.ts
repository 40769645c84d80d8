import pg from 'pg';
import type { QueryResult, SqlStatement } from './db.js';
import { BatchQuery } from './pg-batch.js';

/** A batch waits behind at most this many others on one pipelined connection. */
export const PIPELINE_DEPTH = 16;
/** A connection whose oldest batch has run this long takes no more until it answers. */
export const PIPELINE_SLOW_MS = 20;
/** After a connection could not be opened, the next try waits this long. */
const REOPEN_AFTER_MS = 1000;

interface Pipe {
  client: pg.Client;
  /** When each batch in flight was written, oldest first (PostgreSQL answers them in order). */
  sent: number[];
  ready: boolean;
}

/**
 * A few connections in pipeline mode for batches (Db.batch: the gateway's reads and writes).
 * Batches are written one after another without waiting for the answers, and those of one tick
 * go out in one write; PostgreSQL answers them in order, and a failed batch ends at its own Sync
 * without touching the next. On two cores this doubled the gateway GETs a second, at half the
 * server's CPU per GET (a trivial HTTP server on a temporary PostgreSQL: 29 against 56 µs, 31,000
 * against 15,000 a second): the connection to PostgreSQL is written and woken once for many
 * batches instead of once each.
 *
 * The price of a pipeline is that a batch waits for those written before it on its connection.
 * That wait is bounded: a batch goes to the connection with the fewest in flight, never behind
 * PIPELINE_DEPTH others, never behind one that has already run PIPELINE_SLOW_MS; when no pipe
 * qualifies (or none is open yet) it runs on a connection of the pool, as any other query.
 */
export function pipelines(config: pg.ClientConfig, size: number) {
  const pipes: (Pipe | null)[] = Array.from({ length: size }, () => null);
  let retryAt = 0;
  let closed = false;

  function open(slot: number) {
    const client = new pg.Client(config);
    const pipe: Pipe = { client, sent: [], ready: false };
    pipes[slot] = pipe;
    const drop = () => {
      if (pipes[slot] === pipe) pipes[slot] = null;
    };
    // a lost connection fails its batches (08006, answered 503) and is opened again when next needed
    client.on('error', drop);
    client.on('end', drop);
    client.connect().then(
      () => {
        (client as pg.Client & { pipeline: boolean }).pipeline = true;
        pipe.ready = !closed;
        if (closed) void client.end().catch(() => undefined);
      },
      () => {
        drop();
        retryAt = Date.now() + REOPEN_AFTER_MS;
      },
    );
  }

  /** The pipe a batch should go to now, or null (then the pool). */
  function pick(): Pipe | null {
    const now = Date.now();
    let best: Pipe | null = null;
    for (let slot = 0; slot < pipes.length; slot++) {
      const pipe = pipes[slot];
      if (!pipe) {
        if (!closed && now >= retryAt) open(slot);
        continue;
      }
      if (!pipe.ready || pipe.sent.length >= PIPELINE_DEPTH) continue;
      if (pipe.sent.length && now - pipe.sent[0] >= PIPELINE_SLOW_MS) continue;
      if (!best || pipe.sent.length < best.sent.length) best = pipe;
    }
    return best;
  }

  /** Writes the batch on a pipe (with the others of this tick) and answers its results; null when no pipe takes it. */
  function run(statements: SqlStatement[]): Promise<QueryResult<Record<string, unknown>>[]> | null {
    const pipe = pick();
    if (!pipe) return null;
    const stream = (pipe.client as unknown as { connection: { stream: { writableCorked: number; cork(): void; uncork(): void } } }).connection.stream;
    if (!stream.writableCorked) {
      stream.cork();
      process.nextTick(() => stream.uncork());
    }
    pipe.sent.push(Date.now());
    const done = () => void pipe.sent.shift();
    const result = BatchQuery.run(pipe.client, statements);
    result.then(done, done);
    return result;
  }

  return {
    run,
    async close() {
      closed = true;
      await Promise.all(pipes.map((pipe) => pipe?.client.end().catch(() => undefined)));
    },
  };
}
