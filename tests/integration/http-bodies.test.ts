import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Request bodies on the wire: a body refused before it is read must not break the keep-alive
 * connection it came on, and slow or chunked large bodies cannot hold the large-body queue.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ bodyGraceSeconds: 1, bodyMinBytesPerSecond: 16 * 1024 });
});
afterAll(() => server?.close());

const big = 'x'.repeat(200 * 1024);

describe('a body refused before it is read', () => {
  // Node's fetch (undici) keeps one connection to the server and sends the next requests on it
  it.each([
    ['/rest/v1/notarias with a bad token', '/rest/v1/notarias', { apikey: 'no', Authorization: 'Bearer no' }],
    ['/functions/v1/no-such-function', '/functions/v1/no-such-function', {}],
    ['an unknown path of the services API', '/nt/demo/v1/servicios/no-such-thing', {}],
  ])('%s: the next requests on the same connection are answered', async (_name, path, headers) => {
    for (let round = 0; round < 3; round++) {
      const refused = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ big }),
      });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      await refused.arrayBuffer();
      const health = await fetch(`${server.url}/nt/demo/v1/servicios/health`);
      expect(health.status).toBe(200);
      await health.arrayBuffer();
    }
  });
});

/** A request whose body trickles in: its headers, then a byte a second. Resolves with the status line once answered. */
function trickle(path: string, headers: Record<string, string>, first: string) {
  const socket = net.connect(server.port, '127.0.0.1');
  const lines = Object.entries({ Host: 'localhost', ...headers }).map(([k, v]) => `${k}: ${v}\r\n`);
  socket.write(`POST ${path} HTTP/1.1\r\n${lines.join('')}\r\n${first}`);
  const drip = setInterval(() => socket.writable && socket.write(headers['Transfer-Encoding'] ? '1\r\nx\r\n' : 'x'), 1000);
  let received = '';
  const answered = new Promise<string>((resolve) => {
    socket.on('data', (d) => (received += d.toString()));
    socket.on('close', () => resolve(received.split('\r\n')[0]));
    socket.on('error', () => undefined);
  });
  return { answered, stop: () => (clearInterval(drip), socket.destroy()) };
}

describe('large bodies that arrive slowly', () => {
  // large bodies are signed-in callers' (an anonymous one is refused unread: anonymous-bodies below)
  const bearer = async (n: number) => ({ Authorization: `Bearer ${await server.token(`00000000-0000-4000-8000-${String(900 + n).padStart(12, '0')}`)}` });

  it('eight slow uploads with a Content-Length are answered 408 once past their pace, and other large bodies get their turn', async () => {
    // eight accounts: one account holds at most two turns
    const slow = await Promise.all(Array.from({ length: 8 }, async (_, i) =>
      trickle('/functions/v1/auth-proxy', { 'Content-Type': 'application/json', 'Content-Length': String(1024 * 1024), ...(await bearer(i)) }, '{"a":"'),
    ));
    try {
      await new Promise((resolve) => setTimeout(resolve, 300)); // the eight hold every turn
      const started = performance.now();
      const other = await fetch(`${server.url}/functions/v1/no-such-function`, { method: 'POST', headers: await bearer(20), body: JSON.stringify({ big }) });
      expect(other.status).toBe(404);
      expect(performance.now() - started).toBeLessThan(5000);
      const statuses = await Promise.all(slow.map((s) => s.answered));
      expect(statuses).toEqual(Array(8).fill('HTTP/1.1 408 Request Timeout'));
    } finally {
      slow.forEach((s) => s.stop());
    }
  });

  it('a chunked body waits its turn and keeps the same pace', async () => {
    const started = performance.now();
    const chunked = trickle('/functions/v1/auth-proxy', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', ...(await bearer(21)) }, '6\r\n{"a":"\r\n');
    try {
      expect(await chunked.answered).toBe('HTTP/1.1 408 Request Timeout');
      expect(performance.now() - started).toBeLessThan(5000);
    } finally {
      chunked.stop();
    }
  });

  it('a large body at a fair pace is read and answered', async () => {
    const res = await fetch(`${server.url}/functions/v1/hello`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(await bearer(22)) }, body: JSON.stringify({ name: big }) });
    expect([res.status, ((await res.json()) as { message: string }).message.length]).toEqual([200, 'Hola '.length + big.length]);
    // and a small one, on the same connection
    const small = await server.api('/auth/unified-login', { method: 'POST', json: { username: '12345678Z' } });
    expect(small.status).toBe(200);
  });
});

describe('anonymous-bodies: turns are for signed-in callers, shared per account (issue 31, item 10)', () => {
  const token = (n: number) => server.token(`00000000-0000-4000-8000-${String(800 + n).padStart(12, '0')}`);

  it("eight anonymous 2 MB bodies trickling in are refused unread and do not delay a signed-in client's 100 KB body", async () => {
    const slow = Array.from({ length: 8 }, () =>
      trickle('/functions/v1/auth-proxy', { 'Content-Type': 'application/json', 'Content-Length': String(2_000_000) }, '{"a":"'),
    );
    try {
      const statuses = await Promise.all(slow.map((x) => x.answered));
      expect(statuses).toEqual(Array(8).fill('HTTP/1.1 413 Payload Too Large'));
      const started = performance.now();
      const res = await fetch(`${server.url}/functions/v1/hello`, {
        method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await token(1)}` }, body: JSON.stringify({ name: 'y'.repeat(100 * 1024) }),
      });
      expect(res.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(1000);
      // the anon key is no session either
      const anonKey = await fetch(`${server.url}/functions/v1/hello`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${server.ctx.anonKey}` }, body: JSON.stringify({ name: big }) });
      expect(anonKey.status).toBe(413);
    } finally {
      slow.forEach((x) => x.stop());
    }
  });

  it("one account's eight slow bodies hold two turns: another account's large body is answered at once", async () => {
    const mine = `Bearer ${await token(2)}`;
    const slow = Array.from({ length: 8 }, () =>
      trickle('/functions/v1/auth-proxy', { 'Content-Type': 'application/json', 'Content-Length': String(1024 * 1024), Authorization: mine }, '{"a":"'),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = performance.now();
      const other = await fetch(`${server.url}/functions/v1/hello`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await token(3)}` }, body: JSON.stringify({ name: big }) });
      expect(other.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(300);
    } finally {
      slow.forEach((x) => x.stop());
    }
  });
});
