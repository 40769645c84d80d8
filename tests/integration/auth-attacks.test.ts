import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from '../support/server';
import { StartupError, loadConfig } from '../../server/config';
import { readOutbox } from '../../server/mail';
import { freePort } from '../../scripts/free-port.mjs';

/**
 * The attacks of the security review on sign-in and roles, replayed: each one worked before the
 * controls of docs/security.md ("Who is admin", "The default start", "Sign-in cannot be turned
 * against its users").
 */
let s: TestServer;

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

type Answer = { status: number; body: Record<string, unknown> };

let lastIp = 0;
const newIp = () => `203.0.113.${++lastIp}`;

async function proxy(body: unknown, ip: string, server = s, contentType = 'application/json'): Promise<Answer> {
  const res = await fetch(`${server.url}/functions/v1/auth-proxy`, {
    method: 'POST',
    headers: { 'Content-Type': contentType, 'X-Forwarded-For': ip },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The newest PIN e-mailed to an address, read from the outbox table (production serves no /dev/outbox). */
async function pinSentTo(email: string, server = s): Promise<string> {
  const mail = (await readOutbox(server.ctx.db)).find((m) => m.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return /\b(\d{6})\b/.exec(mail.text)![1];
}

const nif = (n: number) => `${String(n).padStart(8, '0')}${'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}`;
const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
const wrongPin = (pin: string) => String((Number(pin) + 1) % 1_000_000).padStart(6, '0');
const ADMIN = { doc: '00000000T', email: 'admin@notaria.example' };
const ANA = { doc: '12345678Z', email: 'ana.garcia@example.com' };

async function aMinuteLater(doc: string, server = s) {
  await server.ctx.db.query(`update servicios.pins set created_at = created_at - interval '61 seconds' where numero_documento = $1`, [doc]);
}

async function login(who: { doc: string; email: string; tipo?: string }, ip: string, server = s) {
  await aMinuteLater(who.doc, server);
  const asked = await proxy({ action: 'unifiedLogin', username: who.doc, tipoDocumento: who.tipo }, ip, server);
  expect(asked.status).toBe(200);
  const answer = await proxy(
    { action: 'loginWithPincode', username: who.doc, tipoDocumento: who.tipo, pincode: await pinSentTo(who.email, server), externalIdNotaria: 'NOT001' },
    ip,
    server,
  );
  expect(answer.status).toBe(200);
  return answer.body as { access_token: string; refresh_token: string; idPersona: string };
}

async function register(doc: string, tipoDocumento: string, email: string, ip: string, server = s) {
  const fields = { username: doc, tipoDocumento, canal: email, tipoCanal: 'EMAIL' };
  expect((await proxy({ action: 'registerUser', ...fields }, ip, server)).status).toBe(200);
  const confirmed = await proxy({ action: 'registerUserPincode', ...fields, pincode: await pinSentTo(email, server) }, ip, server);
  expect(confirmed.status).toBe(200);
}

const refresh = async (token: string, server = s) => {
  const res = await server.api('/auth/refresh', { method: 'POST', json: { refresh_token: token } });
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string; refresh_token: string };
};

/** An address of this machine that is not loopback, to call the server as the network would. */
const networkAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

describe('who is admin', () => {
  it('the admin number registered as a PASAPORTE is not admin', async () => {
    const ip = newIp();
    await register(ADMIN.doc, 'PASAPORTE', 'intruso@example.com', ip);
    const session = await login({ doc: ADMIN.doc, tipo: 'PASAPORTE', email: 'intruso@example.com' }, ip);
    expect(claims(session.access_token).app_role).toBe('assistant');
    expect(claims((await refresh(session.refresh_token)).access_token).app_role).toBe('assistant');
    // the real admin (NIF) still is
    expect(claims((await login(ADMIN, newIp())).access_token).app_role).toBe('admin');
  });

  it('roles are stored per account, a new account is only a client, and a change counts at the next refresh', async () => {
    const ip = newIp();
    const doc = nif(42000001);
    await register(doc, 'NIF', 'roles@example.com', ip);
    const roles = async (numero: string) =>
      (
        await s.ctx.db.query<{ rol: string; origen: string }>(
          `select r.rol, r.origen from servicios.usuario_roles r join servicios.usuarios u on u.id = r.usuario_id
            where u.tipo_documento = 'NIF' and u.numero_documento = $1 order by r.rol`,
          [numero],
        )
      ).rows;
    expect(await roles(doc)).toEqual([{ rol: 'cliente', origen: 'registro' }]);
    expect(await roles(ADMIN.doc)).toEqual([{ rol: 'admin', origen: 'ADMIN_DOCUMENTS' }, { rol: 'cliente', origen: 'registro' }]);

    const session = await login({ doc, email: 'roles@example.com' }, ip);
    expect(claims(session.access_token).app_role).toBe('assistant');
    await s.ctx.db.query(
      `insert into servicios.usuario_roles (usuario_id, rol, origen) select id, 'admin', 'prueba' from servicios.usuarios where numero_documento = $1`,
      [doc],
    );
    // the role alone does not make an admin of an account that proved only its mailbox (issue 30)
    const unproven = await refresh(session.refresh_token);
    expect(claims(unproven.access_token).app_role).toBe('assistant');
    await s.ctx.db.query(
      `insert into servicios.identidades (usuario_id, metodo, detalle) select id, 'oficina', 'presencial' from servicios.usuarios where numero_documento = $1`,
      [doc],
    );
    const granted = await refresh(unproven.refresh_token);
    expect(claims(granted.access_token).app_role).toBe('admin');
    await s.ctx.db.query(
      `delete from servicios.usuario_roles where rol = 'admin' and usuario_id = (select id from servicios.usuarios where numero_documento = $1)`,
      [doc],
    );
    expect(claims((await refresh(granted.refresh_token)).access_token).app_role).toBe('assistant');
  });

  it('in production nobody is admin unless ADMIN_DOCUMENTS names them, by type and number', async () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: TEST_JWT_SECRET }).adminDocuments).toEqual([]);
    expect(loadConfig({}).adminDocuments).toEqual(['NIF:00000000T']);
    expect(loadConfig({ ADMIN_DOCUMENTS: 'nif:0000 0000-t, PASAPORTE:AB123' }).adminDocuments).toEqual(['NIF:00000000T', 'PASAPORTE:AB123']);
    // a bare number matched any document type: refused, with the format
    expect(() => loadConfig({ ADMIN_DOCUMENTS: '00000000T' })).toThrow(StartupError);
    expect(() => loadConfig({ ADMIN_DOCUMENTS: 'CARNET:00000000T' })).toThrow(/TIPO:NUMERO/);

    const prod = await startTestServer({ production: true });
    try {
      const session = await login(ADMIN, newIp(), prod);
      expect(claims(session.access_token).app_role).toBe('assistant');
      const { rows } = await prod.ctx.db.query(`select 1 from servicios.usuario_roles where rol = 'admin'`);
      expect(rows).toEqual([]);
    } finally {
      await prod.close();
    }
    // naming an account grants it; naming it no more withdraws it at the next start
    const named = await startTestServer({ adminDocuments: ['NIF:12345678Z'] });
    try {
      // an admin's account is bound to its document by proof (issue 30); Ana's is, here
      await named.ctx.db.query(`insert into servicios.identidades (usuario_id, metodo) values ('00000000-0000-4000-8000-000000000102', 'oficina')`);
      expect(claims((await login(ANA, newIp(), named)).access_token).app_role).toBe('admin');
      expect(claims((await login(ADMIN, newIp(), named)).access_token).app_role).toBe('assistant');
    } finally {
      await named.close();
    }
  });

  it('a production start without ADMIN_DOCUMENTS says in its log how to name an admin', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'notaria-admin-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, NODE_ENV: 'production', JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: dataDir, PORT: String(await freePort()), SEED_DEMO: 'false', ADMIN_DOCUMENTS: '', HOST: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start in 60 s:\n${out}`)), 60_000);
        const read = (b: Buffer) => {
          out += b.toString();
          if (out.includes('listo en')) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
        child.once('exit', () => reject(new Error(`exited:\n${out}`)));
      });
      expect(out).toContain('Ningún administrador');
      expect(out).toContain('ADMIN_DOCUMENTS=NIF:');
      expect(out).toContain('http://localhost:');
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('the default start', () => {
  it('listens on 127.0.0.1 unless HOST is set', async () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0', JWT_SECRET: 'a-real-secret-of-the-operator-0123456789' }).host).toBe('0.0.0.0');
    if (!networkAddress) return expect.fail('this machine has no network address to try from');
    const reached = await new Promise<boolean>((resolve) => {
      const socket = net.connect(s.port, networkAddress, () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    expect(reached).toBe(false);
  });

  it('a start open to the network needs a real JWT_SECRET', () => {
    for (const env of [{ HOST: '0.0.0.0' }, { HOST: '192.0.2.10', JWT_SECRET: 'change-me-in-production-at-least-32-characters' }, { HOST: '::', JWT_SECRET: 'short' }]) {
      expect(() => loadConfig(env)).toThrow(StartupError);
      expect(() => loadConfig(env)).toThrow(/HOST=.* exige un JWT_SECRET propio/);
    }
    expect(() => loadConfig({ HOST: '127.0.0.1' })).not.toThrow();
    expect(() => loadConfig({ HOST: 'localhost' })).not.toThrow();
  });

  it('serves the development outbox only to callers on this machine, even with HOST set', async () => {
    if (!networkAddress) return expect.fail('this machine has no network address to try from');
    const open = await startTestServer({ host: '0.0.0.0' });
    try {
      const local = await fetch(`http://127.0.0.1:${open.port}/dev/outbox`);
      expect(local.status).toBe(200);
      // a remote caller is refused by its socket's address, even naming this machine in Host
      // (a development server answers only its own names: desarrollo-host.test.ts)
      const remote = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        http
          .get({ host: networkAddress, port: open.port, path: '/dev/outbox', headers: { Host: 'localhost' } }, (res) => {
            let text = '';
            res.on('data', (d) => (text += d));
            res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
          })
          .on('error', reject);
      });
      expect(remote).toEqual({ status: 403, body: { message: 'La bandeja de desarrollo solo está disponible desde esta máquina' } });
    } finally {
      await open.close();
    }
  });
});

describe('sign-in cannot be turned against its users', () => {
  it('wrong PINs for an account nobody asked a PIN for count nowhere: its owner still signs in', async () => {
    await s.ctx.db.query(`update servicios.pins set revoked_at = now() where numero_documento = $1 and used_at is null`, [ANA.doc]);
    const attacker = newIp();
    for (let i = 0; i < 12; i++) {
      const guess = await proxy({ action: 'loginWithPincode', username: ANA.doc, pincode: String(100000 + i), externalIdNotaria: 'NOT001' }, attacker);
      expect(guess).toEqual({ status: 401, body: { message: 'Código PIN incorrecto' } });
    }
    const { rows } = await s.ctx.db.query(`select fallos from servicios.pin_intentos where numero_documento = $1 and fallos > 0`, [ANA.doc]);
    expect(rows).toEqual([]);
    expect(claims((await login(ANA, newIp())).access_token).sub).toBe('00000000-0000-4000-8000-000000000002');
  });

  it('wrong PINs lock the address that sends them, not the account: its owner asks a new PIN and signs in', async () => {
    const victim = newIp();
    const attacker = newIp();
    await aMinuteLater(ADMIN.doc);
    expect((await proxy({ action: 'unifiedLogin', username: ADMIN.doc }, victim)).status).toBe(200);
    const pin = await pinSentTo(ADMIN.email);
    const guess = (from: string, pincode = wrongPin(pin)) =>
      proxy({ action: 'loginWithPincode', username: ADMIN.doc, pincode, externalIdNotaria: 'NOT001' }, from);
    for (let i = 0; i < 4; i++) expect((await guess(attacker)).status).toBe(401);
    expect(await guess(attacker)).toEqual({ status: 429, body: { message: 'Demasiados intentos fallidos. Inténtelo de nuevo en 15 minutos.' } });
    // the attacker's address can do nothing more
    expect((await proxy({ action: 'unifiedLogin', username: ADMIN.doc }, attacker)).status).toBe(429);
    expect((await guess(attacker, pin)).status).toBe(429);
    // that PIN has had its five tries; its owner asks for a new one and signs in
    expect((await guess(victim, pin)).status).toBe(401);
    const session = await login(ADMIN, victim);
    expect(claims(session.access_token).app_role).toBe('admin');
  });

  it('the wrong tries of one PIN are five, however many addresses send them', async () => {
    await aMinuteLater(ANA.doc);
    expect((await proxy({ action: 'unifiedLogin', username: ANA.doc }, newIp())).status).toBe(200);
    const pin = await pinSentTo(ANA.email);
    for (let i = 0; i < 5; i++) {
      const answer = await proxy({ action: 'loginWithPincode', username: ANA.doc, pincode: wrongPin(pin), externalIdNotaria: 'NOT001' }, newIp());
      expect(answer.status).toBe(401);
    }
    const right = await proxy({ action: 'loginWithPincode', username: ANA.doc, pincode: pin, externalIdNotaria: 'NOT001' }, newIp());
    expect(right.status).toBe(401);
  });

  it('the 100th consecutive wrong PIN of an account, from any addresses, locks its PIN sign-in for a day', async () => {
    const doc = nif(42000002);
    const email = 'nist@example.com';
    await register(doc, 'NIF', email, newIp());
    await aMinuteLater(doc);
    expect((await proxy({ action: 'unifiedLogin', username: doc }, newIp())).status).toBe(200);
    const pin = await pinSentTo(email);
    // 99 wrong tries spread over PINs and addresses (each within its own bounds)
    await s.ctx.db.query(`update servicios.pin_intentos set fallos = 99 where numero_documento = $1`, [doc]);
    await s.ctx.db.query(
      `insert into servicios.pin_intentos (tipo_documento, numero_documento, fallos) values ('NIF', $1, 99) on conflict do nothing`,
      [doc],
    );
    const hundredth = await proxy({ action: 'loginWithPincode', username: doc, pincode: wrongPin(pin), externalIdNotaria: 'NOT001' }, newIp());
    expect(hundredth).toEqual({ status: 429, body: { message: 'Demasiados intentos fallidos. Inténtelo de nuevo en 24 horas.' } });
    expect((await proxy({ action: 'loginWithPincode', username: doc, pincode: pin, externalIdNotaria: 'NOT001' }, newIp())).status).toBe(429);
    await aMinuteLater(doc);
    expect((await proxy({ action: 'unifiedLogin', username: doc }, newIp())).status).toBe(429);
  });

  it('every anonymous action counts against the per-address cap, PIN tries and confirmations too', async () => {
    const capped = await startTestServer({ pinLimits: { perUserSeconds: 60, perUserDay: 10, perIpHour: 3 } });
    try {
      const tooMany = { status: 429, body: { message: 'Demasiadas solicitudes desde esta conexión. Inténtelo más tarde.' } };
      const tryPin = () => proxy({ action: 'loginWithPincode', username: nif(42000100), pincode: '123456', externalIdNotaria: 'NOT001' }, '198.18.0.1', capped);
      for (let i = 0; i < 3; i++) expect((await tryPin()).status).toBe(403);
      expect(await tryPin()).toEqual(tooMany);
      const confirm = () =>
        proxy({ action: 'registerUserPincode', username: nif(42000101), tipoDocumento: 'NIF', canal: 'x@example.com', tipoCanal: 'EMAIL', pincode: '123456' }, '198.18.0.2', capped);
      for (let i = 0; i < 3; i++) expect((await confirm()).status).toBe(401);
      expect(await confirm()).toEqual(tooMany);
    } finally {
      await capped.close();
    }
  });

  it('takes JSON bodies only: a page elsewhere cannot make a browser send PINs or tries', async () => {
    const before = (await readOutbox(s.ctx.db, 1000)).length;
    const body = JSON.stringify({ action: 'unifiedLogin', username: ADMIN.doc });
    const message = 'El cuerpo de la petición debe ser JSON (Content-Type: application/json).';
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']) {
      expect(await proxy(body, newIp(), s, type)).toEqual({ status: 415, body: { message } });
    }
    for (const route of ['unified-login', 'pin-login', 'register', 'register-confirm']) {
      const res = await s.api(`/auth/${route}`, { method: 'POST', body, headers: { 'Content-Type': 'text/plain', 'X-Forwarded-For': newIp() } });
      expect([route, res.status]).toEqual([route, 415]);
    }
    expect((await readOutbox(s.ctx.db, 1000)).length).toBe(before);
    // with a charset, JSON is JSON
    await aMinuteLater(ADMIN.doc);
    expect((await proxy(body, newIp(), s, 'application/json; charset=utf-8')).status).toBe(200);
  });

  it('refuses to register an e-mail another account uses, and so does the database', async () => {
    const ip = newIp();
    const answer = await proxy({ action: 'registerUser', username: nif(42000003), tipoDocumento: 'NIF', canal: 'Ana.Garcia@Example.com', tipoCanal: 'EMAIL' }, ip);
    expect(answer).toEqual({ status: 409, body: { message: 'Este email ya está registrado en otra cuenta. Acceda con su documento o use otro email.' } });
    const sql = s.ctx.db.query(
      `insert into servicios.usuarios (tipo_documento, numero_documento, email, persona_id)
       values ('NIF', $1, 'ANA.GARCIA@example.com', '00000000-0000-4000-8000-000000000002')`,
      [nif(42000004)],
    );
    await expect(sql).rejects.toMatchObject({ code: '23505' });
  });

  it('believes the caller address the auth-proxy names only with the shared secret', async () => {
    const secret = 'shared-with-the-hosted-function-0123456789';
    const server = await startTestServer({ trustProxy: 0, authProxySecret: secret });
    try {
      const ask = (headers: Record<string, string>) =>
        fetch(`${server.url}/nt/demo/v1/servicios/auth/unified-login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify({ action: 'unifiedLogin', username: nif(42000200) }),
        });
      const addresses = async () =>
        (await server.ctx.db.query<{ ip: string }>('select ip from servicios.pin_solicitudes order by id')).rows.map((r) => r.ip);
      expect((await ask({ 'X-Portal-Client-Address': '192.0.2.77', 'X-Portal-Proxy-Secret': secret })).status).toBe(403);
      expect((await ask({ 'X-Portal-Client-Address': '192.0.2.78', 'X-Portal-Proxy-Secret': 'guessed' })).status).toBe(403);
      expect((await ask({ 'X-Portal-Client-Address': '192.0.2.79', 'X-Forwarded-For': '192.0.2.80' })).status).toBe(403);
      const [named, guessed, forwarded] = await addresses();
      expect(named).toBe('192.0.2.77');
      expect(['127.0.0.1', '::1']).toContain(guessed);
      expect(['127.0.0.1', '::1']).toContain(forwarded);
      // the function in process names its caller the same way (no proxy trusted: the socket's address)
      await proxy({ action: 'unifiedLogin', username: nif(42000200) }, '192.0.2.81', server);
      expect(['127.0.0.1', '::1']).toContain((await addresses())[3]);
    } finally {
      await server.close();
    }
  });
});
