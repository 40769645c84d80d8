/**
 * Lighthouse in Debian Chromium on the public landing, /login and, signed in, the client's
 * /datos-personales, /expedientes and /citas, the office's /despacho and the admin's
 * /admin/notarias, with its mobile preset (its default: an emulated mid-range phone on slow 4G,
 * CPU slowed 4×; targets: performance ≥ 95, total blocking time ≤ 200 ms) and its desktop preset
 * (performance ≥ 98); accessibility 100 in both. The session is put in the browser's localStorage
 * first, as the portal keeps it, and Lighthouse is told not to clear it.
 *
 * A score depends on the machine as much as on the page: every report carries Chromium's version
 * and Lighthouse's benchmarkIndex (its measure of this CPU). To compare a change, `--vs=REV` builds
 * the SPA of git revision REV, serves it from a second server, and measures both run for run
 * (A, B, A, B…), so both sides see the same machine at the same moments.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import type { Bench, BenchContext } from './lib/bench.js';
import { atLeast, atMost } from './lib/report.js';
import { freePort, RESULTS_DIR, SERVICES, startServer, tempDir, type BenchServer } from './lib/server.js';
import { checkoutRevision } from './lib/revision.js';
import { DEMO_ADMIN, DEMO_CLIENT, DEMO_STAFF, signIn, type Session } from './lib/auth.js';
import { median, round } from './lib/stats.js';
import { ensureBuilt } from './bundle.js';

/** One Lighthouse report. */
type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** The routes measured and who is signed in to open them (null: nobody). */
const ROUTES: { path: string; user: string | null }[] = [
  { path: '/', user: null },
  { path: '/login', user: null },
  { path: '/datos-personales', user: DEMO_CLIENT },
  { path: '/expedientes', user: DEMO_CLIENT },
  { path: '/citas', user: DEMO_CLIENT },
  { path: '/despacho', user: DEMO_STAFF },
  { path: '/admin/notarias', user: DEMO_ADMIN },
];
/** Lighthouse's presets: its default configuration is the mobile one. */
const PRESETS = [
  { name: 'mobile', config: undefined, performance: 95 },
  { name: 'desktop', config: desktopConfig, performance: 98 },
] as const;
const ACCESSIBILITY = 100;
const TBT_MS = 200;

/** One side of a measurement: a server of some build of the SPA and its users' sessions. */
export interface Side {
  label: string;
  server: BenchServer;
  /** Each user's session and when it began: renewed after 10 minutes, before its access token expires. */
  sessions: Map<string, { session: Session; at: number }>;
}

/** A user's session on a side, signed in again when its access token is near its 15 minutes. */
export async function sessionOf(s: Side, user: string): Promise<Session> {
  const held = s.sessions.get(user);
  if (held && Date.now() - held.at < 10 * 60_000) return held.session;
  const session = await signIn(s.server.url, user);
  s.sessions.set(user, { session, at: Date.now() });
  return session;
}

export const lighthouseBench: Bench = {
  name: 'lighthouse',
  title: 'Lighthouse mobile and desktop: performance and accessibility',
  async run(ctx) {
    ensureBuilt(ctx);
    const other = ctx.vs ? buildRevision(ctx, ctx.vs) : null;
    const sides: Side[] = [];
    // The browser's default context (a persistent profile), so the session stored here is the one
    // Lighthouse's tab sees through the debugging port.
    const port = await freePort();
    const profile = tempDir('notaria-lighthouse-');
    const browser = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const benchmarkIndexes: number[] = [];
    try {
      sides.push({ label: 'working tree', server: await startServer({ name: 'lighthouse' }), sessions: new Map() });
      if (other) sides.push({ label: ctx.vs!, server: await startServer({ name: 'lighthouse-vs', env: { DIST_DIR: other.dist } }), sessions: new Map() });
      for (const route of ROUTES.filter((r) => !ctx.routes || ctx.routes.includes(r.path))) {
        for (const preset of PRESETS) {
          // one warm-up load per route and side (compiles the server's routes, fills caches), then
          // the measured runs: on mobile the median of three, as Lighthouse advises for its variance
          // (a signed-in page's score moved by ±5 points between single runs here)
          const mobile = preset === PRESETS[0];
          const warmUp = ctx.quick || !mobile ? 0 : 1;
          const measured = ctx.quick || !mobile ? 1 : 3;
          const runs = sides.map(() => [] as Result[]);
          for (let i = 0; i < warmUp + measured; i++) {
            for (const [n, s] of sides.entries()) {
              await setSession(browser, s.server.url, route.user ? await sessionOf(s, route.user) : null);
              const result = await withinMinutes(
                3,
                `Lighthouse (${preset.name}) on ${s.label}'s ${route.path}`,
                lighthouse(
                  s.server.url + route.path,
                  { port, output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories: ['performance', 'accessibility'] },
                  preset.config,
                ),
              );
              if (i < warmUp) continue;
              runs[n].push(result!.lhr);
              benchmarkIndexes.push(result!.lhr.environment.benchmarkIndex);
            }
          }
          for (const [n, s] of sides.entries()) report(ctx, route.path, preset, runs[n], n === 0 ? null : s.label);
        }
      }
      ctx.figure('Lighthouse benchmarkIndex of this machine', round(median(benchmarkIndexes), 0), '', undefined,
        `median of ${benchmarkIndexes.length} runs (${Math.min(...benchmarkIndexes)}-${Math.max(...benchmarkIndexes)}); ${ctx.report.machine.chromium}; Lighthouse calibrates its 4× CPU slowdown for an index near 1,000-2,000`);
    } finally {
      await browser.close();
      for (const s of sides) await s.server.stop();
      other?.remove();
      fs.rmSync(profile, { recursive: true, force: true });
    }

  },
};

/**
 * A run that does not finish is an error, not a wait without end: a Lighthouse run once stopped
 * answering here (its tab gone, the machine idle) and held the bench for minutes until killed.
 */
function withinMinutes<T>(minutes: number, what: string, run: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish in ${minutes} min`)), minutes * 60_000);
  });
  return Promise.race([run, timeout]).finally(() => clearTimeout(timer));
}

/** Records a route's figures from its runs: the median run by performance score. */
function report(ctx: BenchContext, route: string, preset: (typeof PRESETS)[number], runs: Result[], vs: string | null) {
  const byScore = [...runs].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  const lhr = byScore[Math.floor(byScore.length / 2)];
  const scores = runs.length > 1 ? `; runs ${runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).join(', ')}, median shown` : '';
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  if (finalPath !== route) ctx.log(`${route} ended on ${finalPath}!`);
  const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
  const detail = `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}${scores}; benchmarkIndex ${lhr.environment.benchmarkIndex}`;
  if (vs) {
    // the revision compared with: figures for information, measured in the same rounds
    ctx.figure(`${preset.name} performance ${route} at ${vs}`, score('performance'), 'points', undefined, detail);
    return;
  }
  ctx.figure(`${preset.name} performance ${route}`, score('performance'), 'points', atLeast(preset.performance, 'points'), detail);
  if (preset === PRESETS[0]) {
    const tbt = Math.round(median(runs.map((r) => r.audits['total-blocking-time']?.numericValue ?? NaN)));
    ctx.figure(`${preset.name} total blocking time ${route}`, tbt, 'ms', atMost(TBT_MS, 'ms'), `median of ${runs.length}`);
  }
  const failedA11y = Object.values(lhr.audits)
    .filter((a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id))
    .map((a) => a.id);
  ctx.figure(`${preset.name} accessibility ${route}`, score('accessibility'), 'points', atLeast(ACCESSIBILITY, 'points'),
    failedA11y.length ? `failed: ${failedA11y.join(', ')}` : 'no failed audit');
  const file = path.join(RESULTS_DIR, `lighthouse-${preset.name}${route === '/' ? '-landing' : route.replace(/\//g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(lhr));
}

/** Builds the SPA of git revision `rev` in a temporary worktree: its dist/. */
export function buildRevision(ctx: Pick<BenchContext, 'log'>, rev: string): { dist: string; remove(): void } {
  const checkout = checkoutRevision(rev);
  try {
    ctx.log(`building the SPA of ${rev} to compare with`);
    checkout.node('vite build', 'node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn');
  } catch (e) {
    checkout.remove();
    throw e;
  }
  return { dist: path.join(checkout.dir, 'dist'), remove: checkout.remove };
}

/** Stores (or clears) the portal's session in the browser's localStorage for the server's origin. */
export async function setSession(browser: BrowserContext, origin: string, session: Session | null) {
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}${SERVICES}/health`);
    await page.evaluate((s) => {
      localStorage.clear();
      if (!s) return;
      localStorage.setItem('auth_token', s.accessToken);
      localStorage.setItem('refresh_token', s.refreshToken);
      localStorage.setItem('id_persona', s.idPersona);
    }, session);
  } finally {
    await page.close();
  }
}
