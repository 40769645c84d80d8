/**
 * 5. Load: 200 connections for 30 s of mixed reads and writes against the services API and the
 * gateway; 0 errors (any non-2xx/3xx, connection error or timeout); p50/p95/p99 printed.
 * Memory: VmRSS of the server process sampled every 500 ms: ≤ 400 MB at the end of the load,
 * < 250 MB a minute later; the peak is printed. (--quick: 5 s load, 5 s after.)
 *
 * Each connection loops over: GET /persona/{id}, GET /rest/v1/categorias_servicios,
 * POST /rest/v1/tipos_asunto (admin), DELETE of that row (admin), POST /persona, GET /rest/v1/notarias?id=eq.1.
 */
import type { Request } from 'autocannon';
import type { Bench } from './lib/bench.js';
import { atMost, below } from './lib/report.js';
import { SERVICES, startServer } from './lib/server.js';
import { DEMO_ADMIN, DEMO_CLIENT, signIn } from './lib/auth.js';
import { cannon, statusText } from './lib/cannon.js';
import { personaBody } from './lib/personas.js';
import { round, sleep } from './lib/stats.js';

const CONNECTIONS = 200;

export const load: Bench = {
  name: 'load',
  title: `${CONNECTIONS} connections, mixed reads and writes, and memory`,
  async run(ctx) {
    const loadSeconds = ctx.quick ? 5 : 30;
    const afterSeconds = ctx.quick ? 5 : 60;
    const server = await startServer({ name: 'load' });
    const client = await signIn(server.url, DEMO_CLIENT);
    const admin = await signIn(server.url, DEMO_ADMIN);
    const json = { 'content-type': 'application/json' };
    const asClient = { authorization: `Bearer ${client.accessToken}` };
    const asAdmin = { authorization: `Bearer ${admin.accessToken}` };

    // the write the mix makes must be accepted, or every one of them would count as an error
    const probe = await fetch(`${server.url}${SERVICES}/persona`, { method: 'POST', headers: { ...asClient, ...json }, body: personaBody() });
    if (probe.status !== 201) throw new Error(`POST /persona answered ${probe.status}: ${await probe.text()}`);

    const byKind = new Map<string, Map<number, number>>();
    const count = (kind: string, status: number) => {
      const m = byKind.get(kind) ?? new Map<number, number>();
      m.set(status, (m.get(status) ?? 0) + 1);
      byKind.set(kind, m);
    };
    let seq = 0;
    const requests: Request[] = [
      { method: 'GET', path: `${SERVICES}/persona/${client.idPersona}`, headers: asClient, onResponse: (s) => count('GET /persona/{id}', s) },
      { method: 'GET', path: '/rest/v1/categorias_servicios?select=*', headers: asClient, onResponse: (s) => count('GET /rest/v1/categorias_servicios', s) },
      {
        method: 'POST',
        path: '/rest/v1/tipos_asunto',
        headers: { ...asAdmin, ...json, prefer: 'return=representation', accept: 'application/vnd.pgrst.object+json' },
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ name: `carga-${process.pid}-${seq++}` }) }),
        onResponse: (s, body, context) => {
          count('POST /rest/v1/tipos_asunto', s);
          if (s === 201) context.id = (JSON.parse(body) as { id: number }).id;
        },
      },
      {
        method: 'DELETE',
        headers: asAdmin,
        // no id when the insert failed (already counted): start the loop again
        setupRequest: (req, context) => (context.id ? { ...req, path: `/rest/v1/tipos_asunto?id=eq.${String(context.id)}` } : null),
        onResponse: (s) => count('DELETE /rest/v1/tipos_asunto', s),
      },
      {
        method: 'POST',
        path: `${SERVICES}/persona`,
        headers: { ...asClient, ...json },
        setupRequest: (req) => ({ ...req, body: personaBody() }),
        onResponse: (s) => count('POST /persona', s),
      },
      { method: 'GET', path: '/rest/v1/notarias?id=eq.1', headers: asClient, onResponse: (s) => count('GET /rest/v1/notarias?id=eq.1', s) },
    ];

    const idle = server.rssMb();
    const rss: number[] = [];
    const sample = () => {
      const mb = server.rssMb();
      if (mb !== null) rss.push(mb);
      return mb;
    };
    const sampler = setInterval(sample, 500);
    const run = await cannon({ url: server.url, connections: CONNECTIONS, duration: loadSeconds, requests });
    const atEnd = sample();
    const peak = () => (rss.length ? round(Math.max(...rss)) : null);
    const peakDuringLoad = peak();
    await sleep(afterSeconds * 1000);
    const after = sample();
    clearInterval(sampler);
    await server.stop();

    // autocannon counts a timeout in `errors` too (and also in `timeouts`): count it once
    let bad = run.result.errors;
    const breakdown: string[] = [];
    for (const [kind, statuses] of byKind) {
      for (const [s, n] of statuses) if (s >= 400) bad += n;
      breakdown.push(`${kind}: ${statusText(statuses)}`);
    }
    ctx.log(`responses by request: ${breakdown.join('; ')}`);
    ctx.figure('errors (non-2xx/3xx, connection errors, timeouts)', bad, 'errors', atMost(0, 'errors'),
      `${run.result.requests.total} requests in ${loadSeconds} s (${Math.round(run.rps)} req/s); ${run.result.errors - run.result.timeouts} connection errors, ${run.result.timeouts} timeouts; all: ${statusText(run.statuses)}`);
    ctx.figure('latency p50', round(run.p50), 'ms');
    ctx.figure('latency p95', round(run.p95), 'ms');
    ctx.figure('latency p99', round(run.p99), 'ms');
    ctx.figure('server RSS peak', peak(), 'MB', undefined,
      `${rss.length} samples every 500 ms; peak during load ${peakDuringLoad ?? '?'} MB; before the load (signed in, idle) ${idle === null ? '?' : round(idle)} MB`);
    ctx.figure('server RSS at the end of the load', atEnd === null ? null : round(atEnd), 'MB', atMost(400, 'MB'));
    ctx.figure(`server RSS ${afterSeconds} s after the load`, after === null ? null : round(after), 'MB', below(250, 'MB'));
  },
};
