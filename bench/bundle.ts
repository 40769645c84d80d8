/**
 * 1. JS the browser loads before a route is interactive, gzipped (target: /login ≤ 180 KB).
 * Headline: real Chromium opening the route on the running server, summing the .js responses
 * until network idle. Cross-check: the static import graph of the built dist/ (entry chunk +
 * its static imports + the route's lazy page chunk and its static imports).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { chromium, type Page } from '@playwright/test';
import type { Bench, BenchContext } from './lib/bench.js';
import { atMost } from './lib/report.js';
import { REPO_ROOT, startServer } from './lib/server.js';
import { DEMO_ADMIN, DEMO_CLIENT, signIn, type Session } from './lib/auth.js';
import { round } from './lib/stats.js';

const DIST = path.join(REPO_ROOT, 'dist');
const LOGIN_LIMIT_KB = 180;

/** The routes measured, and who must be signed in to open them. */
const ROUTES: { path: string; user: string | null }[] = [
  { path: '/login', user: null },
  { path: '/datos-personales', user: DEMO_CLIENT },
  { path: '/expedientes', user: DEMO_CLIENT },
  { path: '/admin/notarias', user: DEMO_ADMIN },
];

const gzipSize = (buf: Buffer) => zlib.gzipSync(buf).length; // level 6, as web servers commonly serve
const kb = (bytes: number) => round(bytes / 1024, 1);

/** Newest modification time of the files under dir (ms). */
function newest(dir: string): number {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) t = Math.max(t, fs.statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return t;
}

export function ensureBuilt(ctx: BenchContext) {
  const index = path.join(DIST, 'index.html');
  if (fs.existsSync(index)) {
    const built = fs.statSync(index).mtimeMs;
    const stale = ['src', 'providers', 'resources'].some((d) => newest(path.join(REPO_ROOT, d)) > built);
    if (stale) ctx.log('warning: dist/ is older than src/ (run `npm run build` first for current figures)');
    return;
  }
  ctx.log('dist/ is missing: running vite build');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('vite build failed');
}

// ---------------------------------------------------------------- static analysis of dist/

/** Route → page module (e.g. 'pages/login/LoginPage'), read from src/routes.tsx. */
function routePages(): Map<string, string> {
  const src = fs.readFileSync(path.join(REPO_ROOT, 'src/routes.tsx'), 'utf8');
  const consts = new Map<string, string>();
  for (const m of src.matchAll(/const\s+(\w+)\s*=\s*lazy\(\s*\(\)\s*=>\s*import\(\s*'\.\/([^']+)'\s*\)\s*\)/g)) consts.set(m[1], m[2]);
  const pages = new Map<string, string>();
  for (const m of src.matchAll(/path:\s*'([^']+)',\s*page:\s*(?:lazy\(\s*\(\)\s*=>\s*import\(\s*'\.\/([^']+)'\s*\)\s*\)|(\w+))/g)) {
    const module = m[2] ?? consts.get(m[3]);
    if (module) pages.set(m[1], module);
  }
  return pages;
}

interface Manifest {
  [src: string]: { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
}

/** Sum of gzip sizes of the JS a route needs, from the build's manifest. */
function distSizes() {
  const manifestPath = path.join(DIST, '.vite/manifest.json');
  const pages = routePages();
  const sizes = new Map<string, { files: number; gzip: number; raw: number; largest: string; pageChunk: string }>();
  const measure = (files: Set<string>) => {
    let gzip = 0;
    let raw = 0;
    const each: [string, number][] = [];
    for (const f of files) {
      const buf = fs.readFileSync(path.join(DIST, f));
      raw += buf.length;
      const g = gzipSize(buf);
      gzip += g;
      each.push([path.posix.basename(f).replace(/-[\w-]{8}\.js$/, ''), g]);
    }
    // the biggest chunks say where to cut
    const largest = each.sort((a, b) => b[1] - a[1]).slice(0, 4).map(([n, g]) => `${n} ${kb(g)}`).join(', ');
    return { files: files.size, gzip, raw, largest };
  };

  if (!fs.existsSync(manifestPath)) throw new Error('dist/.vite/manifest.json is missing: vite.config.ts must keep build.manifest on');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const closure = (key: string, seen = new Set<string>()) => {
    const e = manifest[key];
    if (!e || seen.has(e.file)) return seen;
    seen.add(e.file);
    for (const i of e.imports ?? []) closure(i, seen);
    return seen;
  };
  const entry = closure('index.html');
  // every route but /login renders inside the lazily loaded Portal (src/Root.tsx)
  const portal = closure('src/Portal.tsx', new Set(entry));
  for (const r of ROUTES) {
    const page = pages.get(r.path);
    const key = page && Object.keys(manifest).find((k) => k.replace(/\.[tj]sx?$/, '') === `src/${page}`);
    if (!key) throw new Error(`no chunk for ${r.path} in the manifest`);
    sizes.set(r.path, { ...measure(closure(key, new Set(r.path === '/login' ? entry : portal))), pageChunk: manifest[key].file });
  }
  return { sizes, method: 'dist/.vite/manifest.json' };
}

// ---------------------------------------------------------------- real browser

interface BrowserSize {
  files: number;
  bytes: number;
  /** The server compressed the JS (Content-Encoding), so bytes are transfer sizes. */
  compressed: boolean;
  finalPath: string;
  /** .js requests that did not answer 200 (e.g. dist/ rebuilt during the run). */
  failed: string[];
}

/**
 * Waits until the route's page chunk has arrived, no request is in flight, nothing new started for
 * a second, and the main thread is idle: on a busy machine 'networkidle' alone can fire while the
 * entry chunk is still executing, before the lazy page is even requested.
 */
async function settled(page: Page, pageChunk: string) {
  let inflight = 0;
  let last = Date.now();
  let pageLoaded = false;
  page.on('request', () => {
    inflight++;
    last = Date.now();
  });
  const end = () => {
    inflight--;
    last = Date.now();
  };
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  page.on('response', (res) => {
    if (new URL(res.url()).pathname.endsWith(`/${pageChunk}`)) pageLoaded = true;
  });
  return async () => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`${page.url()} did not settle within 60 s (page chunk ${pageChunk} ${pageLoaded ? 'loaded' : 'never requested'})`);
      await page.evaluate(() => new Promise<void>((r) => requestIdleCallback(() => r(), { timeout: 5000 })));
      if (pageLoaded && inflight <= 0 && Date.now() - last >= 1000) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
}

async function browserSizes(ctx: BenchContext, pageChunks: Map<string, string>): Promise<Map<string, BrowserSize>> {
  const server = await startServer({ name: 'bundle' });
  const sessions = new Map<string, Session>();
  for (const user of new Set(ROUTES.map((r) => r.user))) if (user) sessions.set(user, await signIn(server.url, user));

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const out = new Map<string, BrowserSize>();
  try {
    for (const r of ROUTES) {
      const context = await browser.newContext();
      const s = r.user ? sessions.get(r.user) : undefined;
      if (s) {
        await context.addInitScript((t) => {
          localStorage.setItem('auth_token', t.accessToken);
          localStorage.setItem('refresh_token', t.refreshToken);
          localStorage.setItem('id_persona', t.idPersona);
        }, s);
      }
      const page = await context.newPage();
      const pending: Promise<{ bytes: number; compressed: boolean }>[] = [];
      const failed: string[] = [];
      page.on('response', (res) => {
        const file = new URL(res.url()).pathname;
        if (!file.endsWith('.js')) return;
        if (res.status() !== 200) return void failed.push(`${res.status()} ${file}`);
        pending.push(
          (async () => {
            const encoding = (await res.allHeaders())['content-encoding'];
            if (encoding && encoding !== 'identity') {
              return { bytes: (await res.request().sizes()).responseBodySize, compressed: true };
            }
            return { bytes: gzipSize(await res.body()), compressed: false };
          })(),
        );
      });
      const done = await settled(page, path.posix.basename(pageChunks.get(r.path)!));
      await page.goto(server.url + r.path, { waitUntil: 'networkidle' });
      await done();
      const finalPath = new URL(page.url()).pathname;
      const all = await Promise.all(pending);
      out.set(r.path, {
        files: all.length,
        bytes: all.reduce((a, b) => a + b.bytes, 0),
        compressed: all.length > 0 && all.every((x) => x.compressed),
        finalPath,
        failed,
      });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return out;
}

export const bundle: Bench = {
  name: 'bundle',
  title: 'JS loaded before each route is interactive (gzip)',
  async run(ctx) {
    ensureBuilt(ctx);
    const target = (route: string) => (route === '/login' ? atMost(LOGIN_LIMIT_KB, 'KB') : undefined);

    const dist = distSizes();
    const browser = await browserSizes(ctx, new Map([...dist.sizes].map(([route, s]) => [route, s.pageChunk])));
    const notCompressed = [...browser.values()].some((b) => !b.compressed);
    if (notCompressed) ctx.log('the server does not gzip JS: sizes below are gzip (level 6) of the bodies Chromium fetched');
    for (const [route, b] of browser) {
      const redirected = b.finalPath !== route ? `; ended on ${b.finalPath}!` : '';
      if (b.failed.length) ctx.log(`${route}: .js requests failed (dist/ rebuilt meanwhile?): ${b.failed.join(', ')}`);
      ctx.figure(`browser ${route}`, kb(b.bytes), 'KB', target(route),
        `${b.files} .js files, ${b.compressed ? 'transfer size (server compressed)' : 'gzip of fetched bodies (server sends uncompressed)'}${redirected}`);
    }

    for (const [route, s] of dist.sizes) {
      ctx.figure(`dist ${route}`, kb(s.gzip), 'KB', target(route), `${s.files} chunks, ${kb(s.raw)} KB raw; largest (KB gzip): ${s.largest}; ${dist.method}`);
    }
  },
};
