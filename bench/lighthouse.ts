/**
 * Lighthouse in Debian Chromium on the public landing, /login and, signed in, /datos-personales
 * and /expedientes, with its mobile preset (its default: an emulated mid-range phone on slow 4G,
 * CPU slowed 4×; targets: performance ≥ 90) and its desktop preset (performance ≥ 95);
 * accessibility 100 in both. The session is put in the browser's localStorage first, as the
 * portal keeps it, and Lighthouse is told not to clear it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import type { Bench } from './lib/bench.js';
import { atLeast } from './lib/report.js';
import { freePort, RESULTS_DIR, startServer, tempDir } from './lib/server.js';
import { DEMO_CLIENT, signIn } from './lib/auth.js';
import { ensureBuilt } from './bundle.js';

/** One Lighthouse report. */
type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const ROUTES = [
  { path: '/', signedIn: false },
  { path: '/login', signedIn: false },
  { path: '/datos-personales', signedIn: true },
  { path: '/expedientes', signedIn: true },
];
/** Lighthouse's presets: its default configuration is the mobile one. */
const PRESETS = [
  { name: 'mobile', config: undefined, performance: 90 },
  { name: 'desktop', config: desktopConfig, performance: 95 },
] as const;
const ACCESSIBILITY = 100;

export const lighthouseBench: Bench = {
  name: 'lighthouse',
  title: 'Lighthouse mobile and desktop: performance and accessibility',
  async run(ctx) {
    ensureBuilt(ctx);
    const server = await startServer({ name: 'lighthouse' });
    // The browser's default context (a persistent profile), so the session stored here is the one
    // Lighthouse's tab sees through the debugging port.
    const port = await freePort();
    const profile = tempDir('notaria-lighthouse-');
    const browser = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    try {
      const session = await signIn(server.url, DEMO_CLIENT);
      for (const route of ROUTES) {
        await setSession(browser, server.url, route.signedIn ? session : null);
        for (const preset of PRESETS) {
          // one warm-up load per route (compiles the server's routes, fills caches), then the
          // measured runs: on mobile the median of three, as Lighthouse advises for its variance
          // (a signed-in page's score moved by ±5 points between single runs here)
          const warmUp = ctx.quick || preset !== PRESETS[0] ? 0 : 1;
          const measured = ctx.quick || preset !== PRESETS[0] ? 1 : 3;
          const runs: Result[] = [];
          for (let i = 0; i < warmUp + measured; i++) {
            const result = await lighthouse(
              server.url + route.path,
              { port, output: 'json', logLevel: 'error', disableStorageReset: true, onlyCategories: ['performance', 'accessibility'] },
              preset.config,
            );
            if (i >= warmUp) runs.push(result!.lhr);
          }
          const byScore = [...runs].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
          const lhr = byScore[Math.floor(byScore.length / 2)];
          const scores = runs.length > 1 ? `; runs ${runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).join(', ')}, median shown` : '';
          const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
          if (finalPath !== route.path) ctx.log(`${route.path} ended on ${finalPath}!`);
          const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
          const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
          const failedA11y = Object.values(lhr.audits)
            .filter((a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id))
            .map((a) => a.id);
          ctx.figure(`${preset.name} performance ${route.path}`, score('performance'), 'points', atLeast(preset.performance, 'points'),
            `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}${scores}`);
          ctx.figure(`${preset.name} accessibility ${route.path}`, score('accessibility'), 'points', atLeast(ACCESSIBILITY, 'points'),
            failedA11y.length ? `failed: ${failedA11y.join(', ')}` : 'no failed audit');
          const file = path.join(RESULTS_DIR, `lighthouse-${preset.name}${route.path === '/' ? '-landing' : route.path.replace(/\//g, '-')}.json`);
          fs.writeFileSync(file, JSON.stringify(lhr));
        }
      }
    } finally {
      await browser.close();
      await server.stop();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  },
};

/** Stores (or clears) the portal's session in the browser's localStorage for the server's origin. */
async function setSession(browser: BrowserContext, origin: string, session: { accessToken: string; refreshToken: string; idPersona: string } | null) {
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}/nt/demo/v1/servicios/health`);
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
