/**
 * 2. Throughput with 50 connections, driven by wrk (lib/wrk.ts; autocannon when there is none):
 *  - gateway: GET /rest/v1/notarias?id=eq.1 under RLS with a signed-in JWT (≥ 2,600 req/s), and the
 *    raw primary-key SELECT of the same database (a copy of the server's DATA_DIR, opened through
 *    the server's Db adapter) with 50 concurrent loops; ratio gateway/raw ≥ 0.6. The two take
 *    turns, nine rounds of 3 s each, and the ratio is the median of the rounds' ratios: this
 *    machine's speed moves with the other tenants of its host, within seconds, and both sides of a
 *    round see about the same speed (5 rounds of 5 s: rounds' ratios 0.51-0.81 in one run).
 *  - for information, the CPU time a gateway GET costs the server and a raw SELECT the bench process.
 *  - for information, the SQL that GET runs (the RLS setup and the statement, as the gateway
 *    batches them) through the same adapter, the database's part of the gateway's cost.
 *  - services API: GET /persona/{id} with authorization (≥ 2,000 req/s, p99 < 50 ms).
 *  - for information, the gateway GET again with the Accept-Encoding a browser sends, and under
 *    autocannon, the Node load generator of the other benches, which takes more of the 2 cores.
 * Then the gateway GET and the raw SELECT again on PostgreSQL (ratio ≥ 0.6): on BENCH_DATABASE_URL,
 * or on a temporary PostgreSQL started here when the machine has one installed (as the tests do,
 * scripts/temp-postgres.mjs); skipped, and said, when neither.
 * --vs=REV: on each database, the gateway GET of REV's server beside the working tree's (paired()).
 */
import { loadConfig } from '../server/config.js';
import pg from 'pg';
import { Skip, type Bench } from './lib/bench.js';
import { checkoutRevision, type Revision } from './lib/revision.js';
import { atLeast, below } from './lib/report.js';
import { SERVICES, freshDataDir, startServer } from './lib/server.js';
import { DEMO_CLIENT, signIn } from './lib/auth.js';
import { cannon } from './lib/cannon.js';
import { cpuSeconds, findWrk, wrk, type LoadRun } from './lib/wrk.js';
import { median, round, sleep } from './lib/stats.js';
import { openDb, type Db } from '../server/db/db.js';
import { requestSettings } from '../server/gateway/index.js';
import { parseQuery } from '../server/gateway/parser.js';
import { SchemaCatalog } from '../server/gateway/schema-cache.js';
import { readStatement } from '../server/gateway/sql.js';
import { startTempPostgres } from '../scripts/temp-postgres.mjs';
import type { BenchContext } from './lib/bench.js';

const CONNECTIONS = 50;
const TABLE = 'notarias';
const QUERY = 'id=eq.1';

/**
 * Runs `call` in 50 concurrent loops for `seconds` (after a warm-up); answers calls per second and
 * the CPU time of this process (its loops and the database's thread) per call, in µs.
 */
async function rate(call: () => Promise<unknown>, seconds: number): Promise<{ rps: number; cpuUs: number }> {
  const loop = async (until: number) => {
    let n = 0;
    while (performance.now() < until) {
      await call();
      n++;
    }
    return n;
  };
  const run = (ms: number) => Promise.all(Array.from({ length: CONNECTIONS }, () => loop(performance.now() + ms)));
  await run(Math.min(1000, seconds * 300));
  const started = performance.now();
  const cpu = process.cpuUsage();
  const calls = (await run(seconds * 1000)).reduce((a, b) => a + b, 0);
  const used = process.cpuUsage(cpu);
  return { rps: calls / ((performance.now() - started) / 1000), cpuUs: (used.user + used.system) / calls };
}

const rawSelect = (db: Db) => () => db.query(`select * from ${TABLE} where id = 1`);

/** The gateway's SQL for the GET by the holder of `accessToken`, as one batch on `db`. */
async function gatewaySql(db: Db, accessToken: string) {
  const claims = Buffer.from(accessToken.split('.')[1], 'base64url').toString();
  const settings = requestSettings({ role: 'authenticated', claims });
  const schema = await new SchemaCatalog(db).get();
  const { statement } = readStatement(schema, TABLE, parseQuery(new URLSearchParams(QUERY)), {
    count: undefined, range: { offset: 0 }, nullsStripped: false, limits: loadConfig({}).gateway,
  });
  return () => db.batch([settings, statement]);
}

/**
 * The figures on one database: PGlite in a DATA_DIR (databaseUrl null) or a PostgreSQL. `full`: all
 * of them; otherwise the gateway GET, the raw SELECT and their ratio only.
 */
async function measureOn(ctx: BenchContext, databaseUrl: string | null, dbName: string, full: boolean) {
  const rounds = ctx.quick ? 1 : 9;
  const seconds = 3;
  const warmup = ctx.quick ? 1 : 3;
  const prefix = full ? '' : `${dbName}: `;
  const server = await startServer({ name: full ? 'throughput' : 'throughput-postgres', env: databaseUrl ? { DATABASE_URL: databaseUrl } : {} });
  // PGlite is one process's: the raw SELECT runs on a copy of the same database
  const db = await openDb({ databaseUrl, dataDir: databaseUrl ? null : await freshDataDir() });
  try {
    const session = await signIn(server.url, DEMO_CLIENT);
    const auth: Record<string, string> = { authorization: `Bearer ${session.accessToken}` };
    const rest = `${server.url}/rest/v1/${TABLE}?${QUERY}`;
    const persona = `${server.url}${SERVICES}/persona/${session.idPersona}`;
    for (const url of [rest, persona]) {
      const res = await fetch(url, { headers: auth });
      const body = await res.text();
      if (res.status !== 200 || body.length < 10) throw new Error(`GET ${url} answered ${res.status} ${body.slice(0, 200)}`);
    }

    const wrkPath = findWrk();
    const withAutocannon = async (url: string, headers: Record<string, string>, duration: number): Promise<LoadRun> => {
      const run = await cannon({ url, headers, connections: CONNECTIONS, duration });
      const answers = [...run.statuses.values()].reduce((a, b) => a + b, 0);
      const ok = [...run.statuses].filter(([status]) => status < 400).reduce((n, [, count]) => n + count, 0);
      const { rps, p50, p95, p99, clientCores } = run;
      return { rps, p50, p95, p99, answers, errors: answers - ok + run.result.errors, clientCores };
    };
    const load = (url: string, duration: number, headers = auth, tool: 'wrk' | 'autocannon' = wrkPath ? 'wrk' : 'autocannon') =>
      tool === 'wrk' ? wrk(wrkPath!, { url, headers, connections: CONNECTIONS, duration }) : withAutocannon(url, headers, duration);
    const measure = async (url: string, duration: number, headers = auth, tool?: 'wrk' | 'autocannon') => {
      await load(url, warmup, headers, tool);
      return load(url, duration, headers, tool);
    };

    // both sides warm up for 10 s first: V8 compiles the database's wasm and the server's hot code in
    // tiers, in the background, and on 2 busy cores a side's first 5 s ran up to a third slower
    await load(rest, ctx.quick ? warmup : 10);
    await rate(rawSelect(db), ctx.quick ? warmup : 10);
    // each round also takes the CPU time a request costs on each side: where the work is, and
    // what a change to the gateway saved (it moves with the host too, but less than req/s)
    const turns: { gw: LoadRun; gwCpuUs: number; raw: number; rawCpuUs: number }[] = [];
    for (let i = 0; i < rounds; i++) {
      const before = cpuSeconds(server.pid)!;
      const gw = await load(rest, seconds);
      const gwCpuUs = ((cpuSeconds(server.pid)! - before) * 1e6) / gw.answers;
      const raw = await rate(rawSelect(db), seconds);
      turns.push({ gw, gwCpuUs, raw: raw.rps, rawCpuUs: raw.cpuUs });
    }
    const tool = wrkPath ? 'wrk' : 'autocannon (wrk not found: apt-get install -y wrk, or WRK_PATH)';
    const runText = (r: LoadRun) =>
      `p50 ${round(r.p50)} ms, p99 ${round(r.p99)} ms; ${r.answers} answers, ${r.errors} errors; ` +
      `load generator ${round(r.clientCores, 2)} of the cores`;
    const middle = [...turns].sort((a, b) => a.gw.rps / a.raw - b.gw.rps / b.raw)[turns.length >> 1];
    const gwRps = median(turns.map((t) => t.gw.rps));
    const rawRps = median(turns.map((t) => t.raw));
    ctx.figure(`${prefix}gateway GET /rest/v1/notarias?id=eq.1 (RLS, JWT)`, Math.round(gwRps), 'req/s', atLeast(2600, 'req/s'),
      `median of ${rounds} × ${seconds} s; the round of the median ratio: ${runText(middle.gw)}; ${tool}; ${dbName}`);
    ctx.figure(`${prefix}raw primary-key SELECT, same database, Db adapter`, Math.round(rawRps), 'queries/s', undefined,
      `median of ${rounds} × ${seconds} s, ${CONNECTIONS} concurrent loops in one process; ${dbName}`);
    ctx.figure(`${prefix}gateway / raw SELECT`, round(middle.gw.rps / middle.raw, 2), '×', atLeast(0.6, '×'),
      `median of the rounds' ratios: ${turns.map((t) => `${Math.round(t.gw.rps)}/${Math.round(t.raw)} = ${round(t.gw.rps / t.raw, 2)}`).join(' · ')}`);
    if (!full) return;
    const sql = (await rate(await gatewaySql(db, session.accessToken), seconds)).rps;
    const svc = await measure(persona, seconds * rounds);
    await sleep(500);
    // as a browser asks: the answer (under 1 KB) must not cost a compression
    const gwGzip = await measure(rest, seconds, { ...auth, 'accept-encoding': 'gzip, deflate, br' });
    await sleep(500);
    const gwNode = wrkPath ? await measure(rest, seconds, auth, 'autocannon') : null;
    const cores = (cpuUs: number, rps: number) => round((cpuUs * rps) / 1e6, 2);
    const gwCpu = median(turns.map((t) => t.gwCpuUs));
    const rawCpu = median(turns.map((t) => t.rawCpuUs));
    const wrkUs = median(turns.map((t) => (t.gw.clientCores / t.gw.rps) * 1e6));
    ctx.figure('CPU per gateway GET: the server process, all its threads', Math.round(gwCpu), 'µs', undefined,
      `median of the rounds; the load generator took ${Math.round(wrkUs)} µs more; cores busy: ${cores(gwCpu + wrkUs, gwRps)}`);
    ctx.figure('CPU per raw SELECT: the bench process, its loops and the database thread', Math.round(rawCpu), 'µs', undefined,
      `median of the rounds; cores busy: ${cores(rawCpu, rawRps)}`);
    ctx.figure("that GET's SQL alone (RLS setup + statement), Db adapter", Math.round(sql), 'batches/s', undefined,
      `${round(sql / rawRps, 2)} of the raw SELECT: the database's part of the gateway's cost`);
    ctx.figure('the same GET with Accept-Encoding: gzip, deflate, br', Math.round(gwGzip.rps), 'req/s', undefined, runText(gwGzip));
    if (gwNode) {
      ctx.figure('the same GET under autocannon (Node, in the bench process)', Math.round(gwNode.rps), 'req/s', undefined,
        `${runText(gwNode)}: what the server keeps of the 2 cores depends on the load generator`);
    }
    ctx.figure(`services GET /persona/{id}`, Math.round(svc.rps), 'req/s', atLeast(2000, 'req/s'), `${runText(svc)}; ${tool}`);
    ctx.figure('services GET /persona/{id} p99', round(svc.p99), 'ms', below(50, 'ms'));
  } finally {
    await db.close();
    await server.stop();
  }
}

/** A new database `name` on the PostgreSQL server of `url`: its URL. */
async function createDatabase(url: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name}`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * --vs=REV: the gateway GET of the working tree's server and of REV's, each on a database of its
 * own (PGlite: each a fresh DATA_DIR; PostgreSQL: two databases of one server), in rounds that
 * alternate which goes first, so both see the same machine at the same moments. The figure is the
 * median of the rounds' ratios, as for gateway / raw.
 */
async function paired(ctx: BenchContext, revision: Revision, databaseUrl: string | null, dbName: string) {
  const rounds = ctx.quick ? 2 : 10;
  const seconds = 3;
  const env = async (side: string): Promise<Record<string, string>> =>
    databaseUrl ? { DATABASE_URL: await createDatabase(databaseUrl, `bench_${side}`) } : {};
  const sides = [
    { label: 'working tree', server: await startServer({ name: 'throughput-paired', env: await env('a') }) },
    { label: revision.rev, server: await startServer({ name: 'throughput-vs', root: revision.dir, empty: true, env: await env('b') }) },
  ];
  try {
    const wrkPath = findWrk();
    if (!wrkPath) throw new Skip('the paired run needs wrk (apt-get install -y wrk, or WRK_PATH)');
    const urls = await Promise.all(sides.map(async ({ server }) => {
      const session = await signIn(server.url, DEMO_CLIENT);
      return { url: `${server.url}/rest/v1/${TABLE}?${QUERY}`, headers: { authorization: `Bearer ${session.accessToken}` } };
    }));
    const run = (n: number, duration: number) => wrk(wrkPath, { ...urls[n], connections: CONNECTIONS, duration });
    for (const n of [0, 1]) await run(n, ctx.quick ? 1 : 10);
    const results = sides.map(() => [] as { rps: number; cpuUs: number }[]);
    for (let i = 0; i < rounds; i++) {
      for (const n of i % 2 ? [1, 0] : [0, 1]) {
        const before = cpuSeconds(sides[n].server.pid)!;
        const r = await run(n, seconds);
        results[n].push({ rps: r.rps, cpuUs: ((cpuSeconds(sides[n].server.pid)! - before) * 1e6) / r.answers });
      }
    }
    const ratios = results[0].map((a, i) => a.rps / results[1][i].rps);
    for (const [n, side] of sides.entries()) {
      const rps = median(results[n].map((r) => r.rps));
      const cpu = median(results[n].map((r) => r.cpuUs));
      ctx.figure(`${dbName}: gateway GET, paired run, ${side.label}`, Math.round(rps), 'req/s', undefined,
        `median of ${rounds} × ${seconds} s, alternating with the other side; server CPU ${Math.round(cpu)} µs a GET`);
    }
    ctx.figure(`${dbName}: gateway GET, working tree / ${revision.rev}`, round(median(ratios), 2), '×', undefined,
      `median of the rounds' ratios: ${ratios.map((r) => round(r, 2)).join(' · ')}`);
  } finally {
    for (const { server } of sides) await server.stop();
  }
}

export const throughput: Bench = {
  name: 'throughput',
  title: 'requests per second, 50 connections',
  async run(ctx) {
    const revision = ctx.vs ? checkoutRevision(ctx.vs) : null;
    try {
      if (revision) {
        ctx.log(`building the server of ${revision.rev} to compare with`);
        revision.node('the server build', 'scripts/build-server.mjs');
      }
      const given = process.env.BENCH_DATABASE_URL || null;
      const first = given ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite';
      await measureOn(ctx, given, first, true);
      if (revision) await paired(ctx, revision, given, first);
      if (given) return;
      // the same gateway figures on PostgreSQL, when the machine has one to start
      const pg = await startTempPostgres();
      if (!pg) {
        ctx.log('PostgreSQL: none installed (Debian: apt-get install postgresql) and no BENCH_DATABASE_URL; its figures are skipped');
        return;
      }
      try {
        await measureOn(ctx, pg.url, 'PostgreSQL (temporary)', false);
        if (revision) await paired(ctx, revision, pg.url, 'PostgreSQL (temporary)');
      } finally {
        pg.stop();
      }
    } finally {
      revision?.remove();
    }
  },
};
