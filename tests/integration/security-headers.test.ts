import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, SERVICES, type TestServer } from '../support/server';

/**
 * What every answer of the server carries, whatever produced it (SPA, services API, gateway,
 * functions, errors): the security headers; CORS only for the configured origins; the 2 MB body
 * limit; and, in production, a log without PINs, tokens or personal data.
 */

const PORTAL = 'https://portal.notaria.example';
let server: TestServer;
let distDir: string;

beforeAll(async () => {
  // a tiny built portal of our own, so the test does not depend on a build
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notaria-dist-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Portal</title>');
  fs.writeFileSync(path.join(distDir, 'formulario.html'), '<!doctype html><title>Formulario</title>');
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'assets', 'app-1234.js'), 'console.log(1)');
  server = await startTestServer({ corsOrigins: [PORTAL], distDir });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const big = () => JSON.stringify({ nombre: 'x'.repeat(2 * 1024 * 1024 + 10) });

/**
 * POSTs a body on a connection of its own and resolves with the answer as soon as it arrives:
 * a server that refuses a body early may close the socket while the rest is still being sent
 * (and fetch would then report the write error, or reuse the closed socket for the next request).
 */
function rawPost(url: string, body: string | Buffer[], headers: Record<string, string> = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode, headers: h }));
      });
    });
    let answered = false;
    req.on('response', () => (answered = true));
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    if (typeof body === 'string') {
      req.setHeader('Content-Length', Buffer.byteLength(body));
      req.end(body);
    } else {
      // chunked: no Content-Length to trust, the limit counts what arrives
      for (const chunk of body) req.write(chunk);
      req.end();
    }
  });
}

/** Bytes sent as they are on a socket of its own (what no HTTP client would send), and the answer. */
function rawHttp(text: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(server.url);
    const socket = net.connect(Number(port), hostname, () => socket.end(text));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString();
      const [head, body = ''] = answer.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = new Headers(lines.map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()] as [string, string]));
      resolve(new Response(body, { status: Number(statusLine.split(' ')[1]), headers }));
    });
  });
}

const LONG_URL = () => `${server.url}/rest/v1/notarias?id=in.(${'1,'.repeat(9000)}1)`;
const MALFORMED = 'GET /rest/v1/notarias HTTP/1.1\r\nHost: localhost\r\nNot a header\r\n\r\n';
const BACKSLASH = 'GET /assets\\..\\package.json HTTP/1.1\r\nHost: localhost\r\n\r\n';
const EXPECT = 'GET /rest/v1/notarias HTTP/1.1\r\nHost: localhost\r\nExpect: teapot\r\n\r\n';

describe('security headers on every kind of answer', () => {
  const kinds: [string, () => Promise<Response>, number][] = [
    ['SPA index', () => fetch(`${server.url}/`), 200],
    ['SPA deep link', () => fetch(`${server.url}/expedientes/123`), 200],
    ['the act form', () => fetch(`${server.url}/formulario.html`), 200],
    ['services API', () => server.api('/health'), 200],
    ['services API 401', () => server.api('/persona/x'), 401],
    ['services API 400', () => server.api('/auth/refresh', { method: 'POST', body: '{no json', headers: { 'Content-Type': 'application/json' } }), 400],
    ['services API unknown path', () => server.api('/no/such/thing'), 404],
    ['gateway', () => fetch(`${server.url}/rest/v1/notarias?select=id`, { headers: { apikey: server.ctx.anonKey } }), 200],
    ['gateway 401', () => fetch(`${server.url}/rest/v1/notarias`, { headers: { Authorization: 'Bearer a.b.c' } }), 401],
    ['gateway 404', () => fetch(`${server.url}/rest/v1/nada`), 404],
    ['function', () => fetch(`${server.url}/functions/v1/auth-proxy`, { method: 'POST', body: '[]', headers: { 'Content-Type': 'application/json' } }), 400],
    ['function, not JSON', () => fetch(`${server.url}/functions/v1/auth-proxy`, { method: 'POST', body: '[]' }), 415],
    ['unknown function', () => fetch(`${server.url}/functions/v1/nada`, { method: 'POST' }), 404],
    ['geo', () => fetch(`${server.url}/geo/postal-code/28013`), 200],
    ['too large', () => rawPost(`${server.url}${SERVICES}/persona`, big()), 413],
    // refused by Node's HTTP parser, before any route
    ['address over 16 KB', () => fetch(LONG_URL()), 431],
    ['malformed HTTP', () => rawHttp(MALFORMED), 400],
    ['an Expect other than 100-continue', () => rawHttp(EXPECT), 417],
    ['a backslash in the path', () => rawHttp(BACKSLASH), 400],
  ];

  for (const [kind, request, status] of kinds) {
    it(kind, async () => {
      const res = await request();
      expect(res.status).toBe(status);
      const csp = res.headers.get('Content-Security-Policy') ?? '';
      // only the portal itself may frame its pages (the act form inside the portal's iframe)
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      await res.arrayBuffer();
    });
  }

  it('a hashed static asset: nosniff, and not the document policies (they act on the HTML that loads it)', async () => {
    const res = await fetch(`${server.url}/assets/app-1234.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Content-Security-Policy')).toBeNull();
    expect(res.headers.get('X-Frame-Options')).toBeNull();
    await res.arrayBuffer();
  });

  it('errors keep their JSON shape: {message} for the services API, PostgREST\'s for the gateway', async () => {
    expect(await (await server.api('/no/such/thing')).json()).toEqual({ message: 'Recurso no encontrado' });
    expect(await (await fetch(`${server.url}/rest/v1/nada`)).json()).toMatchObject({ code: 'PGRST205', message: expect.any(String) });
  });

  it("the HTTP parser's refusals say why in Spanish, as JSON, and the server goes on serving", async () => {
    expect(await (await fetch(LONG_URL())).json()).toEqual({ message: 'La dirección o las cabeceras de la petición son demasiado largas' });
    const malformed = await rawHttp(MALFORMED);
    expect(malformed.headers.get('Content-Type')).toBe('application/json');
    expect(await malformed.json()).toEqual({ message: 'La petición HTTP no es válida' });
    expect(await (await rawHttp(BACKSLASH)).json()).toEqual({ message: 'La petición HTTP no es válida' });
    expect(await (await rawHttp(EXPECT)).json()).toEqual({ message: 'La cabecera Expect solo admite 100-continue' });
    expect((await server.api('/health')).status).toBe(200);
  });
});

/** A GET on a connection of its own, with the answer's bytes as sent (fetch would decompress them). */
function rawGet(url: string, headers: Record<string, string>, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .request(url, { method, agent: false, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

describe('compression: answers over 1 KB, for clients that accept it', () => {
  const gzip = { 'Accept-Encoding': 'gzip, deflate, br' };
  const anon = () => ({ apikey: server.ctx.anonKey });
  const countries = () => `${server.url}/rest/v1/paises?select=*`;

  it('a large answer is gzipped for a client that accepts it, and varies by Accept-Encoding', async () => {
    const res = await rawGet(countries(), { ...anon(), ...gzip });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect((JSON.parse(zlib.gunzipSync(res.body).toString()) as unknown[]).length).toBe(250);
  });

  it('the same answer is sent as it is, with its length, to a client that does not', async () => {
    const res = await rawGet(countries(), anon());
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect((JSON.parse(res.body.toString()) as unknown[]).length).toBe(250);
  });

  it('small answers (a row, an error, the services API) are not gzipped: they carry their length', async () => {
    const small: [string, Record<string, string>][] = [
      [`${server.url}/rest/v1/notarias?id=eq.1&select=id,nombre`, anon()],
      [`${server.url}/rest/v1/nada`, {}],
      [`${server.url}${SERVICES}/health`, {}],
      [`${server.url}${SERVICES}/persona/x`, {}],
    ];
    for (const [url, headers] of small) {
      const res = await rawGet(url, { ...headers, ...gzip });
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(Number(res.headers['content-length']), url).toBe(res.body.length);
      expect(() => JSON.parse(res.body.toString()), url).not.toThrow();
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
    }
  });

  it('HEAD answers the length of the body a GET would send, and no body', async () => {
    const get = await rawGet(countries(), anon());
    const head = await rawGet(countries(), anon(), 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(get.body.length);
  });
});

describe('CORS: only the origins of CORS_ORIGINS', () => {
  const preflight = (url: string, origin: string) =>
    fetch(url, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type' },
    });

  for (const [where, url] of [
    ['services API', () => `${server.url}${SERVICES}/persona`],
    ['gateway', () => `${server.url}/rest/v1/notarias`],
    ['functions', () => `${server.url}/functions/v1/auth-proxy`],
  ] as const) {
    it(`${where}: a listed origin is allowed, any other gets no Access-Control-Allow-Origin`, async () => {
      const ok = await preflight(url(), PORTAL);
      expect(ok.status).toBe(204);
      expect(ok.headers.get('Access-Control-Allow-Origin')).toBe(PORTAL);
      expect(ok.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('authorization');
      expect(ok.headers.get('Access-Control-Allow-Credentials')).toBeNull();

      for (const origin of ['https://evil.example', 'null', `${PORTAL}.evil.example`, 'http://portal.notaria.example']) {
        const refused = await preflight(url(), origin);
        expect(refused.headers.get('Access-Control-Allow-Origin'), origin).toBeNull();
      }
      const simple = await fetch(`${server.url}/rest/v1/notarias?select=id`, { headers: { Origin: 'https://evil.example' } });
      expect(simple.headers.get('Access-Control-Allow-Origin')).toBeNull();
      const listed = await fetch(`${server.url}/rest/v1/notarias?select=id`, { headers: { Origin: PORTAL } });
      expect(listed.headers.get('Access-Control-Allow-Origin')).toBe(PORTAL);
    });
  }
});

describe('body size limit (2 MB)', () => {
  const targets: [string, () => string][] = [
    ['services API', () => `${server.url}${SERVICES}/persona`],
    ['gateway', () => `${server.url}/rest/v1/notarias`],
    ['functions', () => `${server.url}/functions/v1/auth-proxy`],
  ];
  for (const [where, url] of targets) {
    it(`${where}: 413 with a Spanish message, with or without Content-Length, and nothing stored`, async () => {
      const { rows: before } = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from servicios.personas');
      const declared = await rawPost(url(), big());
      expect(declared.status).toBe(413);
      expect(await declared.json()).toEqual({ message: 'La petición es demasiado grande' });
      const chunked = await rawPost(url(), Array.from({ length: 10 }, () => Buffer.alloc(256 * 1024, 'x')));
      expect(chunked.status).toBe(413);
      const { rows: after } = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from servicios.personas');
      expect(after[0].n).toBe(before[0].n);
    });
  }

  it('just under the limit is read (and refused on its merits, not its size)', async () => {
    // signed in: an anonymous body over 64 KB is refused unread (http-bodies.test.ts, anonymous-bodies)
    const token = await server.token('00000000-0000-4000-8000-000000000002');
    const res = await server.api('/persona', { method: 'POST', token, json: { nombre: 'x'.repeat(2 * 1024 * 1024 - 100) } });
    expect(res.status).toBe(400);
  });
});

describe('TRUST_PROXY: the per-address cap on PIN requests', () => {
  const ask = (s: TestServer, forwardedFor: string) =>
    fetch(`${s.url}/functions/v1/auth-proxy`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
      body: JSON.stringify({ action: 'unifiedLogin', username: '99999999R' }),
    });

  it('without a trusted proxy, a made-up X-Forwarded-For does not buy new attempts', async () => {
    const direct = await startTestServer({ trustProxy: 0, pinLimits: { perUserSeconds: 60, perUserDay: 10, perIpHour: 2 } });
    try {
      const statuses = [];
      for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) statuses.push((await ask(direct, ip)).status);
      expect(statuses).toEqual([403, 403, 429]);
    } finally {
      await direct.close();
    }
  });

  it('behind a trusted proxy, each client address the proxy reports has its own cap', async () => {
    const proxied = await startTestServer({ trustProxy: 1, pinLimits: { perUserSeconds: 60, perUserDay: 10, perIpHour: 2 } });
    try {
      const statuses = [];
      // the client's own first hop is ignored: the proxy's (last) entry counts
      for (const ip of ['10.9.9.9, 192.0.2.1', '10.9.9.9, 192.0.2.2', '10.9.9.9, 192.0.2.3']) statuses.push((await ask(proxied, ip)).status);
      expect(statuses).toEqual([403, 403, 403]);
      for (let i = 0; i < 2; i++) await ask(proxied, `10.0.0.${i}, 192.0.2.9`);
      expect((await ask(proxied, '10.0.0.7, 192.0.2.9')).status).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

describe('the log in production', () => {
  it('names the route of an unexpected error, not its path (which may hold a document number)', async () => {
    const lines: string[] = [];
    const prod = await startTestServer({ production: true }, { log: (m) => lines.push(m) });
    const token = await prod.token(randomUUID());
    await prod.ctx.db.close(); // the database goes away under the running server
    try {
      const res = await prod.api('/persona/all/12345678Z', { token });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: 'Error interno del servidor' });
      const log = lines.join('\n');
      expect(log).toMatch(/\[error\] GET \/nt\/demo\/v1\/servicios\/persona\/all\/:\w+: /);
      expect(log).not.toContain('12345678Z');
    } finally {
      await prod.close().catch(() => undefined);
    }
  });

  it('holds no PIN, token, document number, e-mail or name, through a whole sign-in', async () => {
    const lines: string[] = [];
    const prod = await startTestServer({ production: true, trustProxy: 0 }, { log: (m) => lines.push(m) });
    try {
      const proxy = async (body: Record<string, unknown>) => {
        const res = await fetch(`${prod.url}/functions/v1/auth-proxy`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        return { status: res.status, body: (await res.json()) as Record<string, string> };
      };
      const doc = '12345678Z';
      const email = 'ana.garcia@example.com';
      expect((await proxy({ action: 'unifiedLogin', username: doc })).status).toBe(200);
      // no SMTP here: the mail stays in the outbox table, which production does not serve
      const outbox = await fetch(`${prod.url}/dev/outbox`);
      expect(outbox.status).toBe(404);
      expect(await outbox.text()).not.toContain(email);
      const { rows } = await prod.ctx.db.query<{ body: string }>('select body from app_meta.outbox where recipient = $1 order by id desc limit 1', [email]);
      const pin = /\b(\d{6})\b/.exec(rows[0].body)![1];
      const wrong = String((Number(pin) + 1) % 1_000_000).padStart(6, '0');
      expect((await proxy({ action: 'loginWithPincode', username: doc, pincode: wrong, externalIdNotaria: 'NOT001' })).status).toBe(401);
      const ok = await proxy({ action: 'loginWithPincode', username: doc, pincode: pin, externalIdNotaria: 'NOT001' });
      expect(ok.status).toBe(200);
      const refreshed = (await (await prod.api('/auth/refresh', { method: 'POST', json: { refresh_token: ok.body.refresh_token } })).json()) as Record<string, string>;
      expect((await prod.api(`/persona/all/${doc}`, { token: refreshed.access_token })).status).toBe(200);
      expect((await prod.api(`/persona/${ok.body.idPersona}`, { token: refreshed.access_token })).status).toBe(200);
      expect((await prod.api('/auth/logout', { method: 'POST', json: { refresh_token: refreshed.refresh_token } })).status).toBe(204);
      expect((await proxy({ action: 'registerUser', username: '87654321X', tipoDocumento: 'NIF', canal: 'nuevo.secreto@example.com' })).status).toBe(200);

      expect(lines.length).toBeGreaterThan(0); // the capture works: the outbox notices are there
      const log = lines.join('\n');
      for (const secret of [pin, ok.body.access_token, ok.body.refresh_token, refreshed.access_token, refreshed.refresh_token, doc, '87654321X', email, 'nuevo.secreto', 'García']) {
        expect(log, `the log holds ${secret.slice(0, 12)}…`).not.toContain(secret);
      }
    } finally {
      await prod.close();
    }
  });
});
