import fs from 'node:fs';
import path from 'node:path';
import type { Context, Hono } from 'hono';

/**
 * The built SPA (dist/): each file as the build wrote it, compressed once at build time beside the
 * original (`<file>.br`, `<file>.gz`, scripts/vite-plugins.ts), chosen by the request's
 * Accept-Encoding. Nothing is compressed per request. Hashed files under /assets/ never change
 * (immutable, a year); every other file (index.html, formulario.html) is revalidated by its ETag.
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Where the build puts its hashed files. */
const ASSETS = '/assets/';

/**
 * Whether a request asks for a built asset: GET or HEAD of a path under /assets/. Such a request is
 * answered only with a file inside dist/assets/ (or 404), never with a document, so the HTTP
 * server may send it the asset headers (security.ts) before routing. The raw request target is
 * read as the URL parser reads it (dot segments, %2e included, resolved).
 */
export function isAssetRequest(method: string | undefined, url: string | undefined): boolean {
  if ((method !== 'GET' && method !== 'HEAD') || !url?.startsWith(ASSETS)) return false;
  try {
    return new URL(url, 'http://x').pathname.startsWith(ASSETS);
  } catch {
    return false;
  }
}
const REVALIDATE = 'no-cache';

/** The encodings built beside each file, best first: Brotli is about 15-20 % smaller than gzip. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * The q-value of each coding of an Accept-Encoding header (RFC 9110 12.5.3), lower-cased; '*' for
 * the wildcard. A coding absent from the header and from '*' is not acceptable, except identity.
 */
function acceptedCodings(header: string | undefined): Map<string, number> {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const [k, v] = p.trim().split('=');
      if (k === 'q') weight = Number.isFinite(Number(v)) ? Math.min(1, Math.max(0, Number(v))) : 0;
    }
    q.set(name.trim(), weight);
  }
  return q;
}

/** The stored encoding to send: the acceptable one with the highest q (ties: br before gzip), or none. */
export function chooseEncoding(header: string | undefined, available: readonly string[]): string | null {
  const q = acceptedCodings(header);
  const qOf = (name: string) => q.get(name) ?? q.get('*') ?? 0;
  // Identity is acceptable unless refused by name, or by '*;q=0' without naming it; not named, it
  // comes after any acceptable coding (fewer bytes); named, its q competes with theirs.
  const identity = q.get('identity') ?? 0;
  let best: string | null = null;
  let bestQ = 0;
  for (const e of ENCODINGS) {
    if (!available.includes(e.name)) continue;
    const w = qOf(e.name);
    if (w > bestQ) {
      best = e.name;
      bestQ = w;
    }
  }
  // a compressed variant wins a tie with identity: same preference, fewer bytes
  return best && bestQ >= identity ? best : null;
}

/** The file under root that the URL path names, or null (outside root, hidden, not a file). */
function fileFor(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const file = path.join(root, path.normalize(decoded));
  if (!file.startsWith(root + path.sep)) return null;
  // dot-files and folders (.vite/ with the build's manifest) are not served
  if (path.relative(root, file).split(path.sep).some((s) => s.startsWith('.'))) return null;
  return file;
}

function statFile(file: string): fs.Stats | null {
  try {
    const st = fs.statSync(file);
    return st.isFile() ? st : null;
  } catch {
    return null;
  }
}

/** Whether one of the If-None-Match tags is this ETag (weak comparison, as for GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/** Answers GET/HEAD for one file of root with its best stored encoding, or null when there is no such file. */
async function serveFile(c: Context, file: string, cacheControl: string): Promise<Response | null> {
  const original = statFile(file);
  if (!original) return null;
  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const available = ENCODINGS.filter((e) => statFile(file + e.suffix)).map((e) => e.name);
  const encoding = chooseEncoding(c.req.header('Accept-Encoding'), available);
  const variant = encoding ? file + ENCODINGS.find((e) => e.name === encoding)!.suffix : file;
  const st = encoding ? statFile(variant) : original;
  if (!st) return null;

  const headers: Record<string, string> = {
    'Content-Type': type,
    'Cache-Control': cacheControl,
    // one ETag per stored body: a cache must not answer a gzip request with a Brotli body it validated
    ETag: `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`,
  };
  // an immutable file is never revalidated by date; the ETag serves a forced reload
  if (cacheControl !== IMMUTABLE) headers['Last-Modified'] = original.mtime.toUTCString();
  if (available.length) headers.Vary = 'Accept-Encoding';
  if (encoding) headers['Content-Encoding'] = encoding;
  if (matches(c.req.header('If-None-Match'), headers.ETag)) return c.body(null, 304, headers);
  headers['Content-Length'] = String(st.size);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  // readFile's Buffer owns a plain ArrayBuffer (never a shared one)
  return c.body((await fs.promises.readFile(variant)) as Uint8Array<ArrayBuffer>, 200, headers);
}

/** The built SPA: its files, and index.html for any other GET (client-side routes). */
export function mountSpa(app: Hono, distDir: string) {
  const root = path.resolve(distDir);
  const index = path.join(root, 'index.html');
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const asset = c.req.path.startsWith(ASSETS);
    let file = fileFor(root, c.req.path);
    // an asset path answers only with a file of dist/assets/ (it got the asset headers: isAssetRequest)
    if (asset && file && !file.startsWith(path.join(root, ASSETS))) file = null;
    // hashed names: a new build writes new files, so these never change
    const answer = file && (await serveFile(c, file, asset ? IMMUTABLE : REVALIDATE));
    if (answer) return answer;
    // a chunk of another build is an error the browser must see, not index.html parsed as a script
    if (asset) return c.text('No encontrado', 404);
    return next();
  });
  app.on(['GET', 'HEAD'], '*', async (c) => {
    const answer = await serveFile(c, index, REVALIDATE);
    return answer ?? c.text('El portal no está construido: ejecute npm run build', 503);
  });
}
