/**
 * `npx tsx bench/profile.ts [--routes=/expedientes,/citas] [--runs=5] [--vs=REV] [--dist=DIR] [--files]`:
 * where the main thread's time goes at a cold load of a page, counted in the CPU time of the
 * renderer's main thread (the trace's thread time), not in wall time, so that other jobs on a
 * shared machine move it little (Lighthouse's figures are wall time, and moved ±40 % here when
 * the load average was 5-8 on 2 cores).
 *
 * For each load: the main thread's CPU time after the first contentful paint, the tasks longer
 * than 12.5 ms of CPU (50 ms at Lighthouse's 4× slowdown) and an estimate of Lighthouse's total
 * blocking time from them (Σ max(0, 4 × cpu − 50 ms) over the tasks after the first paint:
 * Lighthouse's mobile preset multiplies each observed task by 4 in the same way). Then, from a
 * V8 CPU profile of the same load, the self time per package or source folder (through the
 * build's source maps when dist was built with PROFILE_SOURCEMAP=1, else per chunk).
 * `--vs=REV` builds REV's SPA and measures it load for load beside this one, A then B.
 * The browser is warmed up on each route first (HTTP and V8 code caches), as in the lighthouse bench.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { DEMO_ADMIN, DEMO_CLIENT, DEMO_STAFF } from './lib/auth.js';
import { cleanup, freePort, REPO_ROOT, startServer, tempDir } from './lib/server.js';
import { median, round } from './lib/stats.js';
import { buildRevision, sessionOf, setSession, type Side } from './lighthouse.js';

const ROUTES: Record<string, string | null> = {
  '/': null,
  '/login': null,
  '/datos-personales': DEMO_CLIENT,
  '/expedientes': DEMO_CLIENT,
  '/citas': DEMO_CLIENT,
  '/despacho': DEMO_STAFF,
  '/admin/notarias': DEMO_ADMIN,
};

const args = process.argv.slice(2);
const arg = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const routes = arg('routes')?.split(',') ?? Object.keys(ROUTES);
const runs = Number(arg('runs') ?? 5);
const vs = arg('vs');
const dist = path.resolve(REPO_ROOT, arg('dist') ?? 'dist');
const byFile = args.includes('--files');

interface TraceEvent { name: string; cat: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: Record<string, any> }
interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }
interface Load { detail: string[]; cpuMs: number; cpuAfterFcpMs: number; fcpMs: number; longTasks: number[]; tbt4x: number; selfByOrigin: Map<string, number> }

/** One cold-ish load of `url` (the browser's caches warm, as Lighthouse's runs after its warm-up): its trace and CPU profile. */
async function load(browser: BrowserContext, origin: string, url: string): Promise<Load> {
  const page = await browser.newPage();
  try {
    // same site first, so the measured navigation stays in this renderer and the profiler sees it
    await page.goto(`${origin}/nt/demo/v1/servicios/health`);
    const cdp = await page.context().newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => void events.push(...(e.value as unknown as TraceEvent[])));
    await cdp.send('Tracing.start', {
      traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'loading', 'blink.user_timing', '__metadata'] },
      transferMode: 'ReportEvents',
    });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    // not 'networkidle': a signed-in page keeps its event stream (GET /eventos) open
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(4000);
    // the end of the load: stopping the profiler and the trace is a long task of the page's own (80 ms), not the page's work
    await page.evaluate(() => performance.mark('bench:fin'));
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number } };
    const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
    await cdp.send('Tracing.end');
    await done;
    return analyse(events, profile);
  } finally {
    await page.close();
  }
}

function analyse(events: TraceEvent[], profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }): Load {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasksOf = (pid: number, tid: number) =>
    events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.pid === pid && e.tid === tid).sort((a, b) => a.ts - b.ts);
  // the page's main thread: the renderer that painted the first contentful paint
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  const main = mains.find((m) => m.pid === fcp?.pid) ?? mains[0];
  const all = tasksOf(main.pid, main.tid);
  // top-level tasks only (a nested RunTask is inside its parent's time)
  const fin = events.find((e) => e.name === 'bench:fin')?.ts ?? Infinity;
  const tasks: TraceEvent[] = [];
  for (const t of all) if (t.ts < fin && (!tasks.length || t.ts >= tasks[tasks.length - 1].ts + (tasks[tasks.length - 1].dur ?? 0))) tasks.push(t);
  const navStart = events.find((e) => e.name === 'navigationStart' && e.pid === main.pid)?.ts ?? tasks[0]?.ts ?? 0;
  const fcpTs = fcp?.ts ?? navStart;
  const cpu = (t: TraceEvent) => (t.tdur ?? t.dur ?? 0) / 1000;
  const after = tasks.filter((t) => t.ts >= fcpTs);
  const longTasks = tasks.filter((t) => t.ts >= navStart && cpu(t) * 4 > 50).map((t) => round(cpu(t), 1));
  // each long task: what it ran (its biggest child events) and whose code the profile sampled in it
  const samples = sampleTimes(profile);
  const detail = tasks
    .filter((t) => t.ts >= navStart && cpu(t) * 4 > 50)
    .map((t) => {
      const end = t.ts + (t.dur ?? 0);
      const children = events
        .filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && e.ts >= t.ts && e.ts < end && e !== t && e.name !== 'RunTask')
        .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
        .slice(0, 2)
        .map((e) => `${e.name}${e.args?.data?.url ? ` ${path.basename(e.args.data.url)}` : e.args?.data?.functionName ? ` ${e.args.data.functionName}` : ''} ${round((e.tdur ?? e.dur ?? 0) / 1000, 1)}`);
      const own = new Map<string, number>();
      for (const x of samples) if (x.ts >= t.ts && x.ts < end) own.set(x.origin, (own.get(x.origin) ?? 0) + x.ms);
      const top = [...own].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([o, ms]) => `${o} ${round(ms, 1)}`);
      return `${round((t.ts - navStart) / 1000, 0)} ms: ${round(cpu(t), 1)} ms CPU [${children.join('; ')}] ${top.join(', ')}`;
    });
  return {
    detail,
    cpuMs: tasks.filter((t) => t.ts >= navStart).reduce((s, t) => s + cpu(t), 0),
    cpuAfterFcpMs: after.reduce((s, t) => s + cpu(t), 0),
    fcpMs: (fcpTs - navStart) / 1000,
    longTasks,
    tbt4x: after.reduce((s, t) => s + Math.max(0, 4 * cpu(t) - 50), 0),
    selfByOrigin: selfTimes(profile),
  };
}

const maps = new Map<string, SourceMapConsumer | null>();
/** The source map of a built chunk, when the build wrote one. */
function mapOf(url: string): SourceMapConsumer | null {
  if (!maps.has(url)) {
    const file = path.join(dist, new URL(url).pathname);
    maps.set(url, fs.existsSync(`${file}.map`) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'))) : null);
  }
  return maps.get(url)!;
}

/** Where a sampled function comes from: a package, a source folder, the chunk, or V8's own work. */
function originOf(f: ProfileNode['callFrame']): string {
  if (!f.url) return f.functionName ? `(${f.functionName})` : '(program)';
  if (!/^https?:/.test(f.url)) return '(other)';
  const map = mapOf(f.url);
  if (!map) return path.basename(new URL(f.url).pathname).replace(/-[\w-]{8}\.js$/, '.js');
  const source = map.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber }).source ?? '';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  if (pkg) return pkg;
  // --files: the portal's own code by file (which module of a folder costs), else by folder
  const own = byFile ? /((?:src|providers|resources|domain|api)\/.*)$/.exec(source)?.[1] : /(src\/[^/]+(?:\/[^/]+)?|providers|resources|domain)\//.exec(source)?.[1];
  return own ?? (source ? source.replace(/^.*\//, '') : `(unmapped ${path.basename(new URL(f.url).pathname)})`);
}

/** Each sample of the profile: when (the trace's clock), how long, and whose code. */
function sampleTimes(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime?: number }) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let ts = profile.startTime ?? 0;
  return profile.samples.map((id, i) => {
    ts += profile.timeDeltas[i] ?? 0;
    const node = byId.get(id);
    return { ts, ms: (profile.timeDeltas[i + 1] ?? 0) / 1000, origin: node ? originOf(node.callFrame) : '?' };
  });
}

function selfTimes(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    if (!node) return;
    const origin = originOf(node.callFrame);
    if (origin === '((idle))' || origin === '(idle)') return;
    out.set(origin, (out.get(origin) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return out;
}

function summary(label: string, loads: Load[]) {
  const m = (f: (l: Load) => number) => round(median(loads.map(f)), 0);
  console.log(
    `  ${label}: main-thread CPU ${m((l) => l.cpuMs)} ms (${m((l) => l.cpuAfterFcpMs)} after FCP), FCP ${m((l) => l.fcpMs)} ms, ` +
      `estimated TBT at 4× ${m((l) => l.tbt4x)} ms (loads: ${loads.map((l) => Math.round(l.tbt4x)).join(', ')}), ` +
      `tasks over 12.5 ms CPU: ${loads.map((l) => l.longTasks.length).join(', ')}`,
  );
  const longest = loads.map((l) => l.longTasks.sort((a, b) => b - a).slice(0, 6).join('/'));
  console.log(`    longest tasks (ms CPU, per load): ${longest.join('  ')}`);
  for (const d of loads[0].detail) console.log(`    ${d}`);
  const origins = new Map<string, number[]>();
  for (const l of loads) for (const [o, ms] of l.selfByOrigin) origins.set(o, [...(origins.get(o) ?? []), ms]);
  const top = [...origins].map(([o, v]) => [o, median([...v, ...Array(loads.length - v.length).fill(0)])] as const).sort((a, b) => b[1] - a[1]).slice(0, 18);
  console.log(`    self time by origin (median ms CPU): ${top.map(([o, ms]) => `${o} ${round(ms, 1)}`).join(', ')}`);
}

const port = await freePort();
const profileDir = tempDir('notaria-profile-');
const browser = await chromium.launchPersistentContext(profileDir, {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  viewport: { width: 412, height: 823 },
});
const other = vs ? buildRevision({ log: console.log } as never, vs) : null;
const sides: Side[] = [{ label: 'working tree', server: await startServer({ name: 'profile', env: { DIST_DIR: dist } }), sessions: new Map() }];
if (other) sides.push({ label: vs!, server: await startServer({ name: 'profile-vs', env: { DIST_DIR: other.dist } }), sessions: new Map() });
try {
  for (const route of routes) {
    const results = sides.map(() => [] as Load[]);
    for (let i = 0; i <= runs; i++) {
      for (const [n, s] of sides.entries()) {
        const user = ROUTES[route] ?? null;
        await setSession(browser, s.server.url, user ? await sessionOf(s, user) : null);
        const l = await load(browser, s.server.url, s.server.url + route);
        if (i > 0) results[n].push(l); // the first: warm-up
      }
    }
    console.log(`${route}`);
    for (const [n, s] of sides.entries()) summary(s.label, results[n]);
  }
} finally {
  await browser.close();
  for (const s of sides) await s.server.stop();
  other?.remove();
  await cleanup({ all: true });
}
