import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { HOST_NO_PERMITIDO, hostPermitido } from '../../server/host-permitido';

/**
 * Issue 31, item 13: `npm start` answered any Host, so a page using DNS rebinding (a name that
 * resolves to 127.0.0.1) read every PIN at /dev/outbox; and with TRUST_PROXY set, a request
 * through a local proxy reached the outbox whatever its real origin.
 */
let dev: TestServer;

/** A GET from this machine with the Host and headers given (fetch cannot set Host). */
function get(server: TestServer, path: string, headers: Record<string, string>): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: server.port, path, headers }, (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text }));
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  dev = await startTestServer(); // development; trustProxy 1, as behind a proxy
});
afterAll(() => dev?.close());

describe('a development server', () => {
  it('answers only the names of this machine: another Host is 403 on every path, before any route', async () => {
    for (const path of ['/dev/outbox', '/rest/v1/notarias?select=id', '/nt/demo/v1/servicios/auth/verify', '/']) {
      for (const host of ['evil.example', `rebind.attacker.example:${dev.port}`, '127.0.0.1.nip.io']) {
        const r = await get(dev, path, { Host: host });
        expect([path, host, r.status, r.body.message]).toEqual([path, host, 403, HOST_NO_PERMITIDO]);
      }
    }
    for (const host of ['localhost', `localhost:${dev.port}`, `127.0.0.1:${dev.port}`, `[::1]:${dev.port}`, 'LOCALHOST']) {
      expect([host, (await get(dev, '/dev/outbox', { Host: host })).status]).toEqual([host, 200]);
    }
  });

  it("also answers HOST's own name when it is one", () => {
    const check = hostPermitido({ production: false, host: 'portal.lan' })!;
    expect([check('portal.lan:8080'), check('localhost'), check('evil.example')]).toEqual([true, true, false]);
    const wildcard = hostPermitido({ production: false, host: '0.0.0.0' })!;
    expect([wildcard('0.0.0.0:8080'), wildcard('127.0.0.1')]).toEqual([false, true]);
    expect(hostPermitido({ production: true, host: '0.0.0.0' })).toBeNull();
  });

  it('refuses the outbox to a request that came through a proxy, even from this machine with TRUST_PROXY', async () => {
    const proxied: Record<string, string>[] = [{ 'X-Forwarded-For': '127.0.0.1' }, { Forwarded: 'for=127.0.0.1' }, { Via: '1.1 proxy' }, { 'X-Real-IP': '127.0.0.1' }];
    for (const header of proxied) {
      const r = await get(dev, '/dev/outbox', { Host: 'localhost', ...header });
      expect([header, r.status, r.body.message]).toEqual([header, 403, 'La bandeja de desarrollo no se sirve a peticiones que llegan a través de un proxy']);
    }
  });
});

describe('a production server', () => {
  it('answers any Host (the proxy in front decides the names)', async () => {
    const prod = await startTestServer({ production: true, jwtSecret: 'a-production-secret-0123456789abcdefghijkl' });
    try {
      expect((await get(prod, '/rest/v1/notarias?select=id&limit=1', { Host: 'notaria.example', apikey: prod.ctx.anonKey })).status).toBe(200);
    } finally {
      await prod.close();
    }
  });
});
