/**
 * 2. Throughput with 50 connections:
 *  - gateway: GET /rest/v1/notarias?id=eq.1 under RLS with a signed-in JWT (≥ 2,600 req/s), and the
 *    raw primary-key SELECT of the same database through the server's Db adapter with 50 concurrent
 *    loops, measured in the same run; ratio gateway/raw ≥ 0.6.
 *  - for information, the SQL that GET runs (the RLS setup and the statement, as the gateway
 *    batches them) through the same adapter: its rate over the raw SELECT's is the most the
 *    gateway/raw ratio could be on this database with an HTTP side that cost nothing.
 *  - services API: GET /persona/{id} with authorization (≥ 2,000 req/s, p99 < 50 ms).
 *  - for information, the gateway GET again with the Accept-Encoding a browser sends.
 */
import type { Bench } from './lib/bench.js';
import { atLeast, below } from './lib/report.js';
import { SERVICES, startServer } from './lib/server.js';
import { DEMO_CLIENT, signIn } from './lib/auth.js';
import { cannon, statusText } from './lib/cannon.js';
import { round, sleep } from './lib/stats.js';
import { openDb, type Db } from '../server/db/db.js';
import { requestSettings } from '../server/gateway/index.js';
import { parseQuery } from '../server/gateway/parser.js';
import { SchemaCatalog } from '../server/gateway/schema-cache.js';
import { readStatement } from '../server/gateway/sql.js';

const CONNECTIONS = 50;
const TABLE = 'notarias';
const QUERY = 'id=eq.1';

/** Runs `call` in 50 concurrent loops for `seconds`; answers calls per second. */
async function rate(call: () => Promise<unknown>, seconds: number): Promise<number> {
  const loop = async (until: number) => {
    let n = 0;
    while (performance.now() < until) {
      await call();
      n++;
    }
    return n;
  };
  const run = (ms: number) => Promise.all(Array.from({ length: CONNECTIONS }, () => loop(performance.now() + ms)));
  await run(Math.min(1000, seconds * 300)); // warm-up
  const started = performance.now();
  const counts = await run(seconds * 1000);
  return counts.reduce((a, b) => a + b, 0) / ((performance.now() - started) / 1000);
}

/** The raw SELECT, and the gateway's SQL for the same GET by the holder of `accessToken`. */
async function databaseRates(db: Db, accessToken: string, seconds: number) {
  const raw = await rate(() => db.query(`select * from ${TABLE} where id = 1`), seconds);
  const claims = Buffer.from(accessToken.split('.')[1], 'base64url').toString();
  const settings = requestSettings({ role: 'authenticated', claims }, 'GET', `/rest/v1/${TABLE}`);
  const schema = await new SchemaCatalog(db).get();
  const statement = readStatement(schema, TABLE, parseQuery(new URLSearchParams(QUERY)), {
    count: false, range: { offset: 0 }, nullsStripped: false,
  });
  const gatewaySql = await rate(() => db.batch([settings, statement]), seconds);
  return { raw, gatewaySql };
}

export const throughput: Bench = {
  name: 'throughput',
  title: 'requests per second, 50 connections',
  async run(ctx) {
    const seconds = ctx.quick ? 3 : 15;
    const warmup = ctx.quick ? 1 : 3;
    const databaseUrl = process.env.BENCH_DATABASE_URL || null;
    const server = await startServer({ name: 'throughput', env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
    const session = await signIn(server.url, DEMO_CLIENT);
    const auth = { authorization: `Bearer ${session.accessToken}` };

    const rest = `${server.url}/rest/v1/${TABLE}?${QUERY}`;
    const persona = `${server.url}${SERVICES}/persona/${session.idPersona}`;
    for (const url of [rest, persona]) {
      const res = await fetch(url, { headers: auth });
      const body = await res.text();
      if (res.status !== 200 || body.length < 10) throw new Error(`GET ${url} answered ${res.status} ${body.slice(0, 200)}`);
    }

    const measure = async (url: string, headers: Record<string, string> = auth) => {
      await cannon({ url, headers, connections: CONNECTIONS, duration: warmup });
      return cannon({ url, headers, connections: CONNECTIONS, duration: seconds });
    };
    const gw = await measure(rest);
    await sleep(500);
    const svc = await measure(persona);
    await sleep(500);
    // as a browser asks: the answer (under 1 KB) must not cost a compression
    const gwGzip = await measure(rest, { ...auth, 'accept-encoding': 'gzip, deflate, br' });
    await server.stop();

    const db = await openDb({ databaseUrl, dataDir: server.dataDir });
    const { raw, gatewaySql } = await databaseRates(db, session.accessToken, seconds).finally(() => db.close());
    const dbName = databaseUrl ? 'Postgres (BENCH_DATABASE_URL)' : 'PGlite';
    ctx.figure('gateway GET /rest/v1/notarias?id=eq.1 (RLS, JWT)', Math.round(gw.rps), 'req/s', atLeast(2600, 'req/s'),
      `p50 ${round(gw.p50)} ms, p99 ${round(gw.p99)} ms; ${statusText(gw.statuses)}; ${dbName}`);
    ctx.figure('the same GET with Accept-Encoding: gzip, deflate, br', Math.round(gwGzip.rps), 'req/s', undefined,
      `p50 ${round(gwGzip.p50)} ms, p99 ${round(gwGzip.p99)} ms; ${statusText(gwGzip.statuses)}`);
    ctx.figure('raw primary-key SELECT, same database, Db adapter', Math.round(raw), 'queries/s', undefined,
      `${CONNECTIONS} concurrent loops in one process; ${dbName}`);
    ctx.figure('gateway / raw SELECT', round(gw.rps / raw, 2), '×', atLeast(0.6, '×'));
    ctx.figure("that GET's SQL alone (RLS setup + statement), Db adapter", Math.round(gatewaySql), 'batches/s', undefined,
      `${round(gatewaySql / raw, 2)} of the raw SELECT: the ratio above with an HTTP side that cost nothing`);
    ctx.figure(`services GET /persona/{id}`, Math.round(svc.rps), 'req/s', atLeast(2000, 'req/s'),
      `p50 ${round(svc.p50)} ms; ${statusText(svc.statuses)}`);
    ctx.figure('services GET /persona/{id} p99', round(svc.p99), 'ms', below(50, 'ms'));
  },
};
