import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { precompressDir } from '../../scripts/vite-plugins';

/**
 * The built portal is sent as the build compressed it: Brotli or gzip by the request's
 * Accept-Encoding (q-values included), never compressed again per request; hashed assets are
 * immutable, index.html is revalidated by its ETag.
 */

let server: TestServer;
let distDir: string;
const SCRIPT = `export const portal = ${JSON.stringify('Notaría '.repeat(2000))};\n`;
const INDEX = `<!doctype html><html lang="es"><title>Portal</title><body>${'<p>Sistema de Gestión Notarial</p>'.repeat(100)}</body></html>`;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notaria-dist-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), INDEX);
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'assets', 'main-AbCd1234.js'), SCRIPT);
  fs.writeFileSync(path.join(distDir, 'assets', 'logo-AbCd1234.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
  fs.mkdirSync(path.join(distDir, '.vite'));
  fs.writeFileSync(path.join(distDir, '.vite', 'manifest.json'), '{}');
  // as `vite build` leaves it (scripts/vite-plugins.ts)
  await precompressDir(distDir);
  server = await startTestServer({ distDir });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

/** A request on a connection of its own, with the answer's bytes as sent (fetch would decompress them). */
function raw(urlPath: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .request(server.url + urlPath, { method, agent: false, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

const JS = '/assets/main-AbCd1234.js';

describe('content negotiation of the built files', () => {
  it('the build wrote a Brotli and a gzip file beside each compressible file, not beside the image', () => {
    const assets = fs.readdirSync(path.join(distDir, 'assets')).sort();
    expect(assets).toEqual(['logo-AbCd1234.png', 'main-AbCd1234.js', 'main-AbCd1234.js.br', 'main-AbCd1234.js.gz']);
  });

  it('a browser (gzip, deflate, br) gets the Brotli file as built, immutable, varying by Accept-Encoding', async () => {
    const res = await raw(JS, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.equals(fs.readFileSync(path.join(distDir, JS + '.br')))).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('gzip only: the gzip file', async () => {
    const res = await raw(JS, { 'Accept-Encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.body).toString()).toBe(SCRIPT);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
  });

  it('no Accept-Encoding, identity, or only codings it does not have: the file as it is', async () => {
    for (const accept of [undefined, 'identity', 'deflate', 'zstd', 'br;q=0, gzip;q=0']) {
      const res = await raw(JS, accept ? { 'Accept-Encoding': accept } : {});
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(res.body.toString(), accept).toBe(SCRIPT);
      expect(Number(res.headers['content-length']), accept).toBe(Buffer.byteLength(SCRIPT));
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
    }
  });

  it('q-values decide: a higher q wins, q=0 refuses, * counts for codings not named', async () => {
    const cases: [string, string | undefined][] = [
      ['br;q=0.5, gzip;q=0.8', 'gzip'],
      ['gzip;q=0.2, br', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['*', 'br'],
      ['*;q=0.5, br;q=0', 'gzip'],
      ['gzip;q=0.1, identity;q=1', undefined],
      ['GZIP', 'gzip'],
      ['br;q=0.000', undefined],
    ];
    for (const [accept, expected] of cases) {
      const res = await raw(JS, { 'Accept-Encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe(expected);
    }
  });

  it('HEAD: the headers and length of the GET, no body', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const get = await raw(JS, { 'Accept-Encoding': accept });
      const head = await raw(JS, { 'Accept-Encoding': accept }, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers['content-length'], accept).toBe(String(get.body.length));
      expect(head.headers['content-encoding']).toBe(get.headers['content-encoding']);
      expect(head.headers.etag).toBe(get.headers.etag);
    }
  });

  it('ETag: one per encoding, and a matching If-None-Match answers 304 without a body', async () => {
    const br = await raw(JS, { 'Accept-Encoding': 'br' });
    const gz = await raw(JS, { 'Accept-Encoding': 'gzip' });
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    const again = await raw(JS, { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(br.headers.etag);
    expect(again.headers.vary).toMatch(/accept-encoding/i);
    // the gzip body's tag does not validate the Brotli body
    const other = await raw(JS, { 'Accept-Encoding': 'br', 'If-None-Match': gz.headers.etag! });
    expect(other.status).toBe(200);
    expect(other.headers['content-encoding']).toBe('br');
  });

  it('index.html, at / and at any client route, is compressed too, but revalidated (not immutable)', async () => {
    for (const p of ['/', '/index.html', '/expedientes', '/expediente/123?x=1']) {
      const res = await raw(p, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(res.status, p).toBe(200);
      expect(res.headers['content-type'], p).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding'], p).toBe('br');
      expect(res.headers['cache-control'], p).toBe('no-cache');
      expect(res.headers.vary, p).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(res.body).toString(), p).toBe(INDEX);
    }
    const first = await raw('/datos-personales', { 'Accept-Encoding': 'gzip' });
    const revalidated = await raw('/datos-personales', { 'Accept-Encoding': 'gzip', 'If-None-Match': first.headers.etag! });
    expect(revalidated.status).toBe(304);
  });

  it('an image is sent as it is; a missing asset is a 404, not index.html; the build manifest and paths outside dist/ are not served', async () => {
    const png = await raw('/assets/logo-AbCd1234.png', { 'Accept-Encoding': 'gzip, br' });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.length).toBe(7);

    const missing = await raw('/assets/main-0ld0ld00.js', { 'Accept-Encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).not.toMatch(/html/);

    for (const p of ['/.vite/manifest.json', '/assets/%2e%2e/%2e%2e/package.json', '/%2e%2e/package.json', '/assets/main-AbCd1234.js%00']) {
      const res = await raw(p, { 'Accept-Encoding': 'identity' });
      expect(res.body.toString(), p).not.toContain('"name"');
      expect(res.body.toString(), p).not.toBe('{}');
    }
  });

  it('a hashed asset carries only what a script or style file needs; the HTML keeps the document policies', async () => {
    const asset = await raw(JS, { 'Accept-Encoding': 'br' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    // policies that act on a document (what it may load, frame, refer) cost ~0.7 KB on each of the
    // ~20 script answers of a signed-in page, and do nothing on a script
    for (const h of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'strict-transport-security', 'cross-origin-opener-policy', 'last-modified']) {
      expect(asset.headers[h], h).toBeUndefined();
    }
    const headerBytes = Object.entries(asset.headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 0);
    expect(headerBytes).toBeLessThan(400);
    for (const p of ['/', '/expedientes', '/index.html']) {
      const html = await raw(p, { 'Accept-Encoding': 'br' });
      expect(html.headers['content-security-policy'], p).toContain("script-src 'self'");
      expect(html.headers['x-frame-options'], p).toBe('SAMEORIGIN');
      expect(html.headers['x-content-type-options'], p).toBe('nosniff');
    }
    // a path that only looks like an asset but names the document is not served as one
    for (const p of ['/assets/..%2findex.html', '/assets/%2e%2e/index.html', '/assets/../index.html']) {
      const res = await raw(p, { 'Accept-Encoding': 'identity' });
      if (res.status === 200) expect(res.headers['content-security-policy'], p).toContain("frame-ancestors 'self'");
      if (res.headers['content-security-policy'] === undefined) expect(res.body.toString(), p).not.toContain('<html');
    }
  });

  it('POST to a file is not served', async () => {
    const res = await raw(JS, {}, 'POST');
    expect(res.status).toBe(404);
  });
});
