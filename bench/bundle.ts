/**
 * 1. JS the browser receives before a route is interactive, on the wire (targets: /login ≤ 130 KB;
 * /datos-personales, /expedientes, /citas and the office's /despacho ≤ 200 KB; /admin/notarias ≤ 300 KB).
 * Headline: real Chromium opening the route on the running server with a cold cache, summing the
 * bytes the network stack received for each .js response (CDP Network.loadingFinished's
 * encodedDataLength: compressed body and headers) until the page settles, with the
 * Content-Encoding it got. Cross-check and breakdown: the static import graph of the built dist/
 * (entry chunk + its static imports + the route's lazy page chunk and its static imports) with the
 * size of each chunk's Brotli file (what the server sends a browser), split per chunk and per
 * package by the modules' minified sizes (dist/.vite/bundle-stats.json, scripts/vite-plugins.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { chromium, type Page } from '@playwright/test';
import type { Bench, BenchContext } from './lib/bench.js';
import { atMost } from './lib/report.js';
import { REPO_ROOT, startServer } from './lib/server.js';
import { DEMO_ADMIN, DEMO_CLIENT, DEMO_STAFF, signIn, type Session } from './lib/auth.js';
import { round } from './lib/stats.js';
import { catalogueRoute, pageRoutes, publicPages, subpages } from '../resources/page-routes.js';

const DIST = path.join(REPO_ROOT, 'dist');

/**
 * The routes measured, who must be signed in to open them, their limit (KB on the wire), and
 * whether they render inside the lazily loaded Portal (Refine; src/Root.tsx) or in Root alone.
 */
const ROUTES: { path: string; user: string | null; limitKb?: number; portal: boolean }[] = [
  { path: '/', user: null, portal: false },
  { path: '/login', user: null, limitKb: 130, portal: false },
  { path: '/datos-personales', user: DEMO_CLIENT, limitKb: 200, portal: true },
  { path: '/expedientes', user: DEMO_CLIENT, limitKb: 200, portal: true },
  { path: '/citas', user: DEMO_CLIENT, limitKb: 200, portal: true },
  { path: '/despacho', user: DEMO_STAFF, limitKb: 200, portal: true },
  { path: '/admin/notarias', user: DEMO_ADMIN, limitKb: 300, portal: true },
];

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
  if (fs.existsSync(index) && fs.existsSync(path.join(DIST, '.vite/bundle-stats.json'))) {
    const built = fs.statSync(index).mtimeMs;
    const stale = ['src', 'api', 'domain', 'providers', 'resources'].some((d) => newest(path.join(REPO_ROOT, d)) > built);
    if (stale) ctx.log('warning: dist/ is older than src/ (run `npm run build` first for current figures)');
    return;
  }
  ctx.log('dist/ is missing or from an older build: running vite build');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('vite build failed');
}

// ---------------------------------------------------------------- static analysis of dist/

/**
 * Route → page module (e.g. 'pages/login/LoginPage'), read from src/routes.tsx: its `{ path, page }`
 * entries, and its `of('<declaration>', page, path?)` ones at the route the declaration states.
 */
function routePages(): Map<string, string> {
  const src = fs.readFileSync(path.join(REPO_ROOT, 'src/routes.tsx'), 'utf8');
  const consts = new Map<string, string>();
  for (const m of src.matchAll(/const\s+(\w+)\s*=\s*lazy\(\s*\(\)\s*=>\s*import\(\s*'\.\/([^']+)'\s*\)\s*\)/g)) consts.set(m[1], m[2]);
  // a route written as a constant of resources/page-routes.ts (publicPages.login, subpages.categoria, catalogueRoute)
  const named: Record<string, Record<string, string>> = { publicPages, subpages };
  const ROUTE = String.raw`(?:'([^']+)'|(publicPages|subpages)\.(\w+)|(catalogueRoute))`;
  const routeOf = (literal?: string, group?: string, key?: string, catalogue?: string) => literal ?? (group && key ? named[group]?.[key] : catalogue ? catalogueRoute : undefined);
  const PAGE = String.raw`(?:lazy\(\s*\(\)\s*=>\s*import\(\s*'\.\/([^']+)'\s*\)\s*\)|(\w+))`;
  const pages = new Map<string, string>();
  for (const m of src.matchAll(new RegExp(String.raw`path:\s*` + ROUTE + String.raw`,\s*page:\s*` + PAGE, 'g'))) {
    const route = routeOf(m[1], m[2], m[3], m[4]);
    const module = m[5] ?? consts.get(m[6]);
    if (route && module) pages.set(route, module);
  }
  for (const m of src.matchAll(new RegExp(String.raw`of\(\s*'([^']+)',\s*` + PAGE + String.raw`(?:,\s*` + ROUTE + String.raw`)?\s*\)`, 'g'))) {
    const module = m[2] ?? consts.get(m[3]);
    const declared = pageRoutes[m[1]];
    const route = m[4] === 'show' ? declared?.show : (routeOf(m[4], m[5], m[6], m[7]) ?? declared?.path);
    if (module && route) pages.set(route, module);
  }
  return pages;
}

interface Manifest {
  [src: string]: { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
}

/** Bytes of a built file as the server sends it to a browser: its Brotli file, or itself. */
function wireSize(file: string): number {
  const br = path.join(DIST, `${file}.br`);
  return fs.statSync(fs.existsSync(br) ? br : path.join(DIST, file)).size;
}

/** The package a module belongs to (node_modules/@scope/name), or its first two folders for the portal's own code. */
function packageOf(id: string): string {
  const i = id.lastIndexOf('node_modules/');
  if (i < 0) return id.split('/').slice(0, 2).join('/').replace(/\.[tj]sx?$/, '');
  const parts = id.slice(i + 'node_modules/'.length).split('/');
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

const short = (file: string) => path.posix.basename(file).replace(/-[\w-]{8}\.js$/, '');
const top = (m: Map<string, number>, n: number) =>
  [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${k} ${kb(v)}`).join(', ');

/** What each route loads by the build's import graph, in Brotli bytes, per chunk and per package. */
function distSizes() {
  const manifestPath = path.join(DIST, '.vite/manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error('dist/.vite/manifest.json is missing: vite.config.ts must keep build.manifest on');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const stats = new Map(
    (JSON.parse(fs.readFileSync(path.join(DIST, '.vite/bundle-stats.json'), 'utf8')) as { file: string; modules: Record<string, number> }[]).map(
      (c) => [c.file, c.modules],
    ),
  );
  const pages = routePages();
  const closure = (key: string, seen = new Set<string>()) => {
    const e = manifest[key];
    if (!e || seen.has(e.file)) return seen;
    seen.add(e.file);
    for (const i of e.imports ?? []) closure(i, seen);
    return seen;
  };
  const entry = closure('index.html');
  const portal = closure('src/Portal.tsx', new Set(entry));
  const sizes = new Map<
    string,
    { files: number; bytes: number; raw: number; chunks: Map<string, number>; packages: Map<string, number>; pageChunk: string; own: number; ownChunks: Map<string, number> }
  >();
  for (const r of ROUTES) {
    const page = pages.get(r.path);
    const key = page && Object.keys(manifest).find((k) => k.replace(/\.[tj]sx?$/, '') === `src/${page}`);
    if (!key) throw new Error(`no chunk for ${r.path} in the manifest`);
    const files = closure(key, new Set(r.portal ? portal : entry));
    const chunks = new Map<string, number>();
    const packages = new Map<string, number>();
    // the route's own chunks: beyond what every route of its kind loads (the entry, and Portal for a signed-in one)
    const shared = r.portal ? portal : entry;
    const ownChunks = new Map<string, number>();
    let raw = 0;
    for (const f of files) {
      const wire = wireSize(f);
      if (!shared.has(f)) ownChunks.set(short(f), (ownChunks.get(short(f)) ?? 0) + wire);
      raw += fs.statSync(path.join(DIST, f)).size;
      chunks.set(short(f), (chunks.get(short(f)) ?? 0) + wire);
      // a chunk's compressed bytes shared among its modules by their minified sizes
      const modules = Object.entries(stats.get(f) ?? {});
      const total = modules.reduce((a, [, n]) => a + n, 0);
      for (const [id, n] of modules) packages.set(packageOf(id), (packages.get(packageOf(id)) ?? 0) + (wire * n) / total);
    }
    const bytes = [...chunks.values()].reduce((a, b) => a + b, 0);
    const own = [...ownChunks.values()].reduce((a, b) => a + b, 0);
    sizes.set(r.path, { files: files.size, bytes, raw, chunks, packages, pageChunk: manifest[key].file, own, ownChunks });
  }
  const sharedBytes = [...portal].reduce((a, f) => a + wireSize(f), 0);
  return { sizes, portalShared: { files: portal.size, bytes: sharedBytes } };
}

// ---------------------------------------------------------------- real browser

interface BrowserSize {
  files: number;
  /** Bytes received for the .js responses (body as sent, and headers). */
  bytes: number;
  /** Content-Encoding of the .js responses and how many had each ('identity' for none). */
  encodings: Map<string, number>;
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
  // the portal's live event stream (GET /eventos) stays open while the page is shown: not a load
  const counted = (url: string) => !new URL(url).pathname.endsWith('/eventos');
  page.on('request', (req) => {
    if (!counted(req.url())) return;
    inflight++;
    last = Date.now();
  });
  const end = (req: { url(): string }) => {
    if (!counted(req.url())) return;
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
      // What the network stack received, as DevTools' network panel shows it ("transferred")
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const scripts = new Map<string, { url: string; status: number; encoding: string }>();
      const received = new Map<string, number>();
      cdp.on('Network.responseReceived', (e) => {
        if (!new URL(e.response.url).pathname.endsWith('.js')) return;
        const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
        scripts.set(e.requestId, { url: e.response.url, status: e.response.status, encoding: headers['content-encoding'] || 'identity' });
      });
      cdp.on('Network.loadingFinished', (e) => received.set(e.requestId, e.encodedDataLength));
      const done = await settled(page, path.posix.basename(pageChunks.get(r.path)!));
      await page.goto(server.url + r.path, { waitUntil: 'load' });
      await done();
      const finalPath = new URL(page.url()).pathname;
      const failed: string[] = [];
      const encodings = new Map<string, number>();
      let bytes = 0;
      let files = 0;
      for (const [id, js] of scripts) {
        if (js.status !== 200) {
          failed.push(`${js.status} ${new URL(js.url).pathname}`);
          continue;
        }
        files++;
        bytes += received.get(id) ?? 0;
        encodings.set(js.encoding, (encodings.get(js.encoding) ?? 0) + 1);
      }
      out.set(r.path, { files, bytes, encodings, finalPath, failed });
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
  title: 'JS received before each route is interactive (bytes on the wire, cold cache)',
  async run(ctx) {
    ensureBuilt(ctx);
    const limit = (route: string) => {
      const l = ROUTES.find((r) => r.path === route)?.limitKb;
      return l ? atMost(l, 'KB') : undefined;
    };

    const { sizes: dist, portalShared } = distSizes();
    const browser = await browserSizes(ctx, new Map([...dist].map(([route, s]) => [route, s.pageChunk])));
    for (const [route, b] of browser) {
      const redirected = b.finalPath !== route ? `; ended on ${b.finalPath}!` : '';
      if (b.failed.length) ctx.log(`${route}: .js requests failed (dist/ rebuilt meanwhile?): ${b.failed.join(', ')}`);
      const encodings = [...b.encodings].map(([e, n]) => `${e} ×${n}`).join(', ');
      ctx.figure(`browser ${route}`, kb(b.bytes), 'KB', limit(route), `${b.files} .js responses received as ${encodings || 'nothing'}${redirected}`);
    }

    // where the weight is: the route's chunks and the packages in them, Brotli KB
    for (const [route, s] of dist) {
      ctx.figure(`dist ${route}`, kb(s.bytes), 'KB', limit(route), `${s.files} chunks, ${kb(s.raw)} KB minified; Brotli files of the build's import graph`);
      ctx.log(`  ${route} chunks: ${top(s.chunks, 12)}`);
      ctx.log(`  ${route} packages: ${top(s.packages, 16)}`);
    }
    // the split: what every signed-in route shares (entry + Portal) and what each route adds on its own
    ctx.figure('dist signed-in shared', kb(portalShared.bytes), 'KB', undefined, `${portalShared.files} chunks: the entry and Portal (Refine, providers, shell), loaded by every signed-in route`);
    for (const [route, s] of dist) {
      if (!ROUTES.find((r) => r.path === route)?.portal) continue;
      ctx.figure(`dist own ${route}`, kb(s.own), 'KB', undefined, `${s.ownChunks.size} chunks of its own: ${top(s.ownChunks, 8)}`);
    }
  },
};
