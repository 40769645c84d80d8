import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { ADMIN, FIXTURES_SQL, READER } from './gateway-fixtures';

/**
 * Node's HTTP server hands most gateway reads to the gateway directly (server/gateway/direct.ts);
 * a request that names an Origin goes through Hono's app instead. Both must answer alike: the
 * same status, headers, body and compression, whoever asks and whatever they ask.
 */

const PORTAL = 'https://portal.notaria.example';
let server: TestServer;
let admin: string;
let reader: string;

beforeAll(async () => {
  server = await startTestServer({ corsOrigins: [PORTAL] });
  await server.ctx.db.exec(FIXTURES_SQL);
  admin = await server.token(ADMIN, 'admin');
  reader = await server.token(READER);
});
afterAll(() => server?.close());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent, and decompressed. */
  raw: Buffer;
  text: string;
}

function get(path: string, headers: Record<string, string | string[]>, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body = encoding === 'gzip' ? zlib.gunzipSync(raw) : encoding === 'deflate' ? zlib.inflateSync(raw) : raw;
        resolve({ status: res.statusCode!, headers: res.headers, raw, text: body.toString() });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** What must not differ: all but the date, the framing of the body, and what CORS adds. */
function comparable(a: Answer) {
  const { date, 'content-length': length, 'transfer-encoding': chunked, connection, 'keep-alive': keepAlive, ...headers } = a.headers;
  delete headers['access-control-allow-origin'];
  delete headers['access-control-expose-headers'];
  if (headers.vary) headers.vary = headers.vary.replace(/(, )?Origin/, '') || undefined;
  if (headers.vary === undefined) delete headers.vary;
  return { status: a.status, headers, text: a.text };
}

async function bothWays(path: string, headers: Record<string, string | string[]> = {}, method = 'GET') {
  const direct = await get(path, headers, method);
  const viaHono = await get(path, { ...headers, Origin: PORTAL }, method);
  expect(viaHono.headers['access-control-allow-origin']).toBe(PORTAL); // it did go through Hono's CORS
  expect(comparable(direct)).toEqual(comparable(viaHono));
  return direct;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('gateway reads answer alike straight from the HTTP server and through Hono', () => {
  it('rows, one object, counts and ranges, for each caller', async () => {
    const anonymous = await bothWays('/rest/v1/gw_books?select=id,title&order=id');
    expect(JSON.parse(anonymous.text)).toHaveLength(5); // the unpublished book is not anyone's to see
    expect(JSON.parse((await bothWays('/rest/v1/gw_books?select=id&order=id', bearer(admin))).text)).toHaveLength(6);
    await bothWays('/rest/v1/gw_reviews?select=rating,gw_books(title)&book_id=eq.1', bearer(reader));

    const one = await bothWays('/rest/v1/gw_books?id=eq.3', { Accept: 'application/vnd.pgrst.object+json' });
    expect(one.headers['content-type']).toBe('application/vnd.pgrst.object+json; charset=utf-8');
    expect(JSON.parse(one.text).title).toBe('Ficciones');

    const page = await bothWays('/rest/v1/gw_books?select=id&order=id', { Range: '1-2', Prefer: 'count=exact' });
    expect(page.status).toBe(206);
    expect(page.headers['content-range']).toBe('1-2/5');
  });

  it('HEAD: the headers of the GET and no body', async () => {
    const head = await bothWays('/rest/v1/gw_books?select=id,title', {}, 'HEAD');
    const body = await get('/rest/v1/gw_books?select=id,title', {});
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(body.text)));
  });

  it('compresses as Hono does: from 1 KB, gzip first, deflate, nothing the client does not take', async () => {
    const countries = '/rest/v1/paises?select=*&order=id';
    const gzip = await bothWays(countries, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toBe('Accept-Encoding');
    expect(gzip.raw.length).toBeLessThan(gzip.text.length / 2);
    expect(JSON.parse(gzip.text).length).toBeGreaterThan(200);
    expect((await bothWays(countries, { 'Accept-Encoding': 'deflate' })).headers['content-encoding']).toBe('deflate');
    expect((await bothWays(countries, { 'Accept-Encoding': 'gzip;q=0.5, deflate' })).headers['content-encoding']).toBe('deflate');
    expect((await bothWays(countries, { 'Accept-Encoding': 'br' })).headers['content-encoding']).toBeUndefined();
    expect((await bothWays(countries, { 'Accept-Encoding': 'gzip;q=0' })).headers['content-encoding']).toBeUndefined();
    // under 1 KB, and a partial answer, stay as they are
    expect((await bothWays('/rest/v1/paises?select=*&limit=2', { 'Accept-Encoding': 'gzip' })).headers['content-encoding']).toBeUndefined();
    const partial = await bothWays(countries, { 'Accept-Encoding': 'gzip', Range: '0-99', Prefer: 'count=exact' });
    expect(partial.status).toBe(206);
    expect(partial.headers['content-encoding']).toBeUndefined();
  });

  it('errors in PostgREST shape: unknown table, bad filter, other schema, bad or expired token, bad Accept', async () => {
    expect((await bothWays('/rest/v1/no_existe')).status).toBe(404);
    expect((await bothWays('/rest/v1/gw_books?id=eq.x')).status).toBe(400);
    expect((await bothWays('/rest/v1/gw_books?select=nada')).status).toBe(400);
    expect((await bothWays('/rest/v1/gw_books', { 'Accept-Profile': 'servicios' })).status).toBe(406);
    expect((await bothWays('/rest/v1/gw_books', { Accept: 'application/geo+json' })).status).toBe(406);
    const forged = await bothWays('/rest/v1/gw_books', bearer(`${admin.slice(0, -4)}AAAA`));
    expect(forged.status).toBe(401);
    expect(forged.headers['www-authenticate']).toContain('invalid_token');
    // a header sent twice counts as both its values, as a web Headers object joins them
    expect((await bothWays('/rest/v1/gw_books?select=id', { Authorization: [`Bearer ${admin}`, `Bearer ${reader}`] })).status).toBe(200);
  });

  it('every answer carries the security headers', async () => {
    const answer = await bothWays('/rest/v1/gw_books?select=id');
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
