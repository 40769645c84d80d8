/**
 * 2. Throughput with 50 connections:
 *  - gateway: GET /rest/v1/notarias?id=eq.1 under RLS with a signed-in JWT (≥ 2,600 req/s), and the
 *    raw primary-key SELECT of the same database through the server's Db adapter with 50 concurrent
 *    loops, measured in the same run; ratio gateway/raw ≥ 0.6.
 *  - services API: GET /persona/{id} with authorization (≥ 2,000 req/s, p99 < 50 ms).
 *  - for information, the gateway GET again with the Accept-Encoding a browser sends.
 */
import type { Bench } from './lib/bench.js';
import { atLeast, below } from './lib/report.js';
import { SERVICES, startServer } from './lib/server.js';
import { DEMO_CLIENT, signIn } from './lib/auth.js';
import { cannon, statusText } from './lib/cannon.js';
import { round, sleep } from './lib/stats.js';
import { openDb } from '../server/db/db.js';

const CONNECTIONS = 50;

/** The raw SELECT: 50 promises querying in a loop for `seconds`; answers queries per second. */
async function rawSelect(opts: { databaseUrl: string | null; dataDir: string }, seconds: number): Promise<number> {
  const db = await openDb(opts);
  try {
    const sql = 'select * from notarias where id = 1';
    const loop = async (until: number) => {
      let n = 0;
      while (performance.now() < until) {
        await db.query(sql);
        n++;
      }
      return n;
    };
    const run = (ms: number) => Promise.all(Array.from({ length: CONNECTIONS }, () => loop(performance.now() + ms)));
    await run(Math.min(1000, seconds * 300)); // warm-up
    const started = performance.now();
    const counts = await run(seconds * 1000);
    return counts.reduce((a, b) => a + b, 0) / ((performance.now() - started) / 1000);
  } finally {
    await db.close();
  }
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

    const rest = `${server.url}/rest/v1/notarias?id=eq.1`;
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

    const raw = await rawSelect({ databaseUrl, dataDir: server.dataDir }, seconds);
    const db = databaseUrl ? 'Postgres (BENCH_DATABASE_URL)' : 'PGlite';
    ctx.figure('gateway GET /rest/v1/notarias?id=eq.1 (RLS, JWT)', Math.round(gw.rps), 'req/s', atLeast(2600, 'req/s'),
      `p50 ${round(gw.p50)} ms, p99 ${round(gw.p99)} ms; ${statusText(gw.statuses)}; ${db}`);
    ctx.figure('the same GET with Accept-Encoding: gzip, deflate, br', Math.round(gwGzip.rps), 'req/s', undefined,
      `p50 ${round(gwGzip.p50)} ms, p99 ${round(gwGzip.p99)} ms; ${statusText(gwGzip.statuses)}`);
    ctx.figure('raw primary-key SELECT, same database, Db adapter', Math.round(raw), 'queries/s', undefined,
      `${CONNECTIONS} concurrent loops in one process; ${db}`);
    ctx.figure('gateway / raw SELECT', round(gw.rps / raw, 2), '×', atLeast(0.6, '×'));
    ctx.figure(`services GET /persona/{id}`, Math.round(svc.rps), 'req/s', atLeast(2000, 'req/s'),
      `p50 ${round(svc.p50)} ms; ${statusText(svc.statuses)}`);
    ctx.figure('services GET /persona/{id} p99', round(svc.p99), 'ms', below(50, 'ms'));
  },
};
