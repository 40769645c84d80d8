import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../server/auth/jwt';
import fs from 'node:fs';
import path from 'node:path';
import { MOTIVOS, PREFIJO_NO_VALIDO, listaDeConfianza, validarCertificado } from '../../server/auth/certificados';
import { CERT_PROXY_SECRET_HEADER, CLIENT_CERT_HEADER } from '../../server/routes/certificados';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from '../support/server';
import { ANA, JOHN, claimsOf, signIn } from '../support/sign-in';
import { crearCa, crl, emitir, escribirListaDeConfianza, nif, type Ca, type UserCert } from '../support/certificados';

/**
 * Qualified certificates (issue 30): linking one to an account (POST /auth/certificate), signing in
 * with one through the mutual-TLS listener or a proxy's header, and GET /auth/verify. The tests
 * make a CA the server trusts (with a CRL), another CA it does not, and user certificates:
 * valid, expired, revoked, another CA's, a legal entity's, one whose key cannot sign.
 */
let s: TestServer;
let dir: string;
const PROXY_SECRET = 'secreto-compartido-con-el-proxy-0123456789';
const NUEVO = { doc: nif(87654321), email: 'nuevo.titular@example.com' };
const c: Record<string, UserCert> = {};
let ca: Ca;

beforeAll(async () => {
  ca = await crearCa('AC PRUEBAS USUARIOS');
  const otra = await crearCa('AC DESCONOCIDA');
  c.ana = await emitir(ca, { serialNumber: `IDCES-${ANA.doc}`, nombre: 'ANA GARCIA', email: ANA.email });
  c.anaOtra = await emitir(ca, { serialNumber: ANA.doc, nombre: 'ANA GARCIA' }); // plain serialNumber, as older certificates
  c.caducado = await emitir(ca, { serialNumber: `IDCES-${ANA.doc}`, notBefore: new Date(Date.now() - 400 * 86_400_000), notAfter: new Date(Date.now() - 86_400_000) });
  c.revocado = await emitir(ca, { serialNumber: `IDCES-${ANA.doc}` });
  c.ajeno = await emitir(otra, { serialNumber: `IDCES-${ANA.doc}` });
  c.entidad = await emitir(ca, { serialNumber: `IDCES-${ANA.doc}`, organizationIdentifier: 'VATES-B12345674' });
  c.sinFirma = await emitir(ca, { serialNumber: `IDCES-${ANA.doc}`, keyUsage: 0x20 /* keyEncipherment only */ });
  c.john = await emitir(ca, { serialNumber: JOHN.doc, nombre: 'JOHN SMITH' });
  c.nuevo = await emitir(ca, { serialNumber: `IDCES-${NUEVO.doc}`, nombre: 'NUEVO TITULAR', email: NUEVO.email });
  c.nuevoSinEmail = await emitir(ca, { serialNumber: `IDCES-${nif(11223344)}` });
  const files = escribirListaDeConfianza(ca.cert.toString('pem'), await crl(ca, [c.revocado.cert]));
  dir = files.dir;
  s = await startTestServer({ certCaFile: files.caFile, certCrlFile: files.crlFile, certLoginPort: 0, certProxySecret: PROXY_SECRET,
    // Ana signs in many times from here
    pinLimits: { perUserSeconds: 0, perUserDay: 1000, perIpHour: 1000 } });
});
afterAll(async () => {
  await s?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const vincular = (token: string | undefined, certificateData: unknown) => s.api('/auth/certificate', { method: 'POST', token, json: { certificateData } });
const derBase64 = (u: UserCert) => Buffer.from(u.cert.rawData).toString('base64');
const enlaces = async () => Number((await s.ctx.db.query<{ n: number }>('select count(*)::int as n from servicios.certificados')).rows[0].n);
const auditoria = async () => Number((await s.ctx.db.query<{ n: number }>('select count(*)::int as n from servicios.audit_log')).rows[0].n);

/** GET / of the listener over real TLS, presenting the certificate (or none). */
function alListener(cert?: UserCert, ruta = '/', method = 'GET'): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      { host: 'localhost', port: s.certLogin.estado.puerto!, path: ruta, method, rejectUnauthorized: false, ...(cert ? { cert: cert.certPem, key: cert.keyPem } : {}) },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const codigoDe = (location: string | undefined) => new URL(location!).searchParams.get('certificado')!;
const canjear = (codigo: string) => s.api('/auth/certificate/session', { method: 'POST', json: { codigo, externalIdNotaria: 'NOT001' } });
const verify = (token?: string) => s.api('/auth/verify', { token });

describe('POST /auth/certificate: every bad certificate is refused with its Spanish reason, and nothing changes', () => {
  const casos: [string, () => unknown, string][] = [
    ['text that is no certificate', () => 'esto no es un certificado', MOTIVOS.ilegible],
    ['another CA\'s', () => c.ajeno.certPem, MOTIVOS.emisorDesconocido],
    ['an expired one', () => c.caducado.certPem, 'caducó el'],
    ['one revoked in the CRL', () => c.revocado.certPem, 'ha sido revocado'],
    ['a legal entity\'s representative', () => c.entidad.certPem, MOTIVOS.entidad],
    ['one whose key cannot sign', () => c.sinFirma.certPem, MOTIVOS.usoDeClave],
    ['another person\'s (the account is Ana\'s)', () => c.john.certPem, MOTIVOS.otroDocumento],
  ];
  for (const [what, data, motivo] of casos) {
    it(what, async () => {
      const { access_token } = await signIn(s, ANA.doc, ANA.email, '198.51.100.40');
      const [antes, auditAntes] = [await enlaces(), await auditoria()];
      const res = await vincular(access_token, data());
      expect(res.status).toBe(400);
      const { message } = (await res.json()) as { message: string };
      expect(message.startsWith(PREFIJO_NO_VALIDO)).toBe(true);
      expect(message).toContain(motivo);
      expect(await enlaces()).toBe(antes);
      expect(await auditoria()).toBe(auditAntes);
    });
  }

  it('without a session: 401', async () => {
    expect((await vincular(undefined, c.ana.certPem)).status).toBe(401);
  });
});

describe('POST /auth/certificate links a valid certificate to the account of its document', () => {
  it('PEM links it (201) with an audit row; the same certificate as base64 DER is already linked (200)', async () => {
    const { access_token } = await signIn(s, ANA.doc, ANA.email, '198.51.100.41');
    const auditAntes = await auditoria();
    const res = await vincular(access_token, c.ana.certPem);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ message: 'Certificado vinculado correctamente', certificado: { tipoDocumento: 'NIF', numeroDocumento: ANA.doc } });
    const { rows } = await s.ctx.db.query<{ usuario: string }>(
      `select u.numero_documento as usuario from servicios.certificados k join servicios.usuarios u on u.id = k.usuario_id`,
    );
    expect(rows).toEqual([{ usuario: ANA.doc }]);
    expect(await auditoria()).toBe(auditAntes + 1);
    const again = await vincular(access_token, derBase64(c.ana));
    expect(again.status).toBe(200);
    expect(await enlaces()).toBe(1);
  });

  it('a certificate whose serialNumber is the bare NIF is read too', async () => {
    const { access_token } = await signIn(s, ANA.doc, ANA.email, '198.51.100.42');
    expect((await vincular(access_token, c.anaOtra.certPem)).status).toBe(201);
  });
});

describe('sign-in with the certificate through the mutual-TLS listener', () => {
  it('a valid certificate returns to the portal with a one-time code that gives a certificate session of its document', async () => {
    const r = await alListener(c.ana);
    expect(r.status).toBe(303);
    expect(r.location).toMatch(new RegExp(`^${s.url}/login\\?certificado=`));
    const res = await canjear(codigoDe(r.location));
    expect(res.status).toBe(200);
    const tokens = (await res.json()) as { access_token: string; refresh_token: string; idPersona: string };
    expect(tokens.idPersona).toBe(ANA.personaId);
    expect(claimsOf(tokens.access_token)).toMatchObject({ sub: ANA.personaId, amr: ['certificado'] });
    // the code works once
    expect((await canjear(codigoDe(r.location))).status).toBe(400);
    // and is taken as JSON only
    const form = await s.api('/auth/certificate/session', { method: 'POST', body: new URLSearchParams({ codigo: codigoDe((await alListener(c.ana)).location) }) });
    expect(form.status).toBe(415);
  });

  it('a new person is registered with the certificate\'s document and e-mail', async () => {
    const r = await alListener(c.nuevo);
    expect(r.status).toBe(303);
    const tokens = (await (await canjear(codigoDe(r.location))).json()) as { idPersona: string };
    const { rows } = await s.ctx.db.query('select tipo_documento, numero_documento, email, persona_id from servicios.usuarios where numero_documento = $1', [NUEVO.doc]);
    expect(rows).toEqual([{ tipo_documento: 'NIF', numero_documento: NUEVO.doc, email: NUEVO.email, persona_id: tokens.idPersona }]);
  });

  it('a new person whose certificate has no e-mail is told how to register; no account is made', async () => {
    const r = await alListener(c.nuevoSinEmail);
    expect(r.status).toBe(400);
    expect(r.body).toContain('no incluye un correo electrónico');
    const { rows } = await s.ctx.db.query('select 1 from servicios.usuarios where numero_documento = $1', [nif(11223344)]);
    expect(rows).toEqual([]);
  });

  it('bad certificates get a page with the reason and no code; no certificate at all is asked for', async () => {
    for (const [cert, motivo] of [[c.caducado, 'caducó el'], [c.revocado, 'ha sido revocado'], [c.ajeno, 'autoridad de certificación admitida'], [c.entidad, 'persona jurídica']] as const) {
      const r = await alListener(cert);
      expect(r.status).toBe(400);
      expect(r.location).toBeUndefined();
      expect(r.body).toContain(PREFIJO_NO_VALIDO);
      expect(r.body).toContain(motivo);
    }
    const none = await alListener();
    expect(none.status).toBe(400);
    expect(none.body).toContain('no ha presentado ningún certificado');
    // only GET signs in: a HEAD (a link preview, a prefetch) makes no code and registers nobody
    const head = await alListener(c.ana, '/', 'HEAD');
    expect(head.status).toBe(405);
  });

  it("the portal's link goes to the listener, and the page's estado comes back beside the code", async () => {
    const estado = 'estado-de-la-pagina-0123456789';
    const res = await fetch(`${s.url}/nt/demo/v1/servicios/auth/certificate/login?estado=${estado}`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const listener = res.headers.get('location')!;
    expect(listener).toBe(`https://localhost:${s.certLogin.estado.puerto}/?estado=${estado}`);
    const r = await alListener(c.ana, new URL(listener).pathname + new URL(listener).search);
    expect(new URL(r.location!).searchParams.get('estado')).toBe(estado);
  });
});

describe('behind a TLS-terminating proxy: the certificate in X-Client-Cert, believed only with CERT_PROXY_SECRET', () => {
  const porProxy = (headers: Record<string, string>) => fetch(`${s.url}/nt/demo/v1/servicios/auth/certificate/login`, { redirect: 'manual', headers });

  it('with the secret, the header signs in (URL-encoded PEM, as nginx passes it)', async () => {
    const res = await porProxy({ [CLIENT_CERT_HEADER]: encodeURIComponent(c.john.certPem), [CERT_PROXY_SECRET_HEADER]: PROXY_SECRET });
    expect(res.status).toBe(303);
    const tokens = (await (await canjear(codigoDe(res.headers.get('location')!))).json()) as { idPersona: string };
    expect(tokens.idPersona).toBe(JOHN.personaId);
  });

  it('without it, or with a wrong one, the header is ignored: the browser is sent to the listener', async () => {
    for (const headers of [{ [CLIENT_CERT_HEADER]: derBase64(c.john) } as Record<string, string>, { [CLIENT_CERT_HEADER]: derBase64(c.john), [CERT_PROXY_SECRET_HEADER]: 'otro' }]) {
      const res = await porProxy(headers);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toMatch(/^https:\/\/localhost:\d+\/$/);
    }
  });

  it('a bad certificate in the header gets its reason', async () => {
    const res = await porProxy({ [CLIENT_CERT_HEADER]: derBase64(c.revocado), [CERT_PROXY_SECRET_HEADER]: PROXY_SECRET });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('ha sido revocado');
  });
});

describe('GET /auth/verify answers the current session', () => {
  it('a certificate session: person, roles, notarías and its assurance since the sign-in', async () => {
    const r = await alListener(c.ana);
    const tokens = (await (await canjear(codigoDe(r.location))).json()) as { access_token: string };
    const res = await verify(tokens.access_token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, any>;
    expect(body).toMatchObject({
      persona: { idPersona: ANA.personaId, tipoDocumento: 'NIF', numeroDocumento: ANA.doc },
      roles: ['cliente'],
      notarias: [],
      garantia: { metodos: ['certificado'], nivel: 2 },
    });
    expect(Date.now() - Date.parse(body.garantia.desde)).toBeLessThan(60_000);
    expect(body.sesion.id).toBe(claimsOf(tokens.access_token).sid);
  });

  it('a PIN session is level 1', async () => {
    const { access_token } = await signIn(s, ANA.doc, ANA.email, '198.51.100.43');
    const body = (await (await verify(access_token)).json()) as Record<string, any>;
    expect(body.garantia).toMatchObject({ metodos: ['pin'], nivel: 1 });
  });

  it('401 for a missing, expired, sessionless or revoked token', async () => {
    expect((await verify()).status).toBe(401);
    const expired = await signAccessToken(TEST_JWT_SECRET, { sub: ANA.personaId, app_role: 'assistant', sid: '00000000-0000-4000-8000-000000000000' }, -10);
    expect((await verify(expired)).status).toBe(401);
    expect((await verify(await s.token(ANA.personaId))).status).toBe(401);
    const t = await signIn(s, ANA.doc, ANA.email, '198.51.100.44');
    expect((await verify(t.access_token)).status).toBe(200);
    expect((await s.api('/auth/logout', { method: 'POST', json: { refresh_token: t.refresh_token } })).status).toBe(204);
    const res = await verify(t.access_token);
    expect(res.status).toBe(401);
  });
});

describe('the trust list: CRLs must be current, and are read again when their file changes', () => {
  it('a CRL past its nextUpdate does not count: the certificate is refused as unverifiable', async () => {
    const vieja = await crl(ca, [], new Date(Date.now() - 60_000));
    const files = escribirListaDeConfianza(ca.cert.toString('pem'), vieja);
    try {
      await expect(validarCertificado(c.ana.certPem, listaDeConfianza(files.caFile, files.crlFile))).rejects.toThrow(MOTIVOS.sinCrl);
    } finally {
      fs.rmSync(files.dir, { recursive: true, force: true });
    }
  });

  it('CRLs in the CA bundle itself count; a new CRL written to the file revokes without a restart', async () => {
    const files = escribirListaDeConfianza(ca.cert.toString('pem') + (await crl(ca, [])), '');
    const crlFile = path.join(files.dir, 'otra-crl.pem');
    fs.writeFileSync(crlFile, await crl(ca, []));
    try {
      expect((await validarCertificado(c.john.certPem, listaDeConfianza(files.caFile, null))).numeroDocumento).toBe(JOHN.doc);
      expect((await validarCertificado(c.john.certPem, listaDeConfianza(files.caFile, crlFile))).tipoDocumento).toBe('NIE');
      fs.writeFileSync(crlFile, (await crl(ca, [c.john.cert])) + '\n');
      await expect(validarCertificado(c.john.certPem, listaDeConfianza(files.caFile, crlFile))).rejects.toThrow('ha sido revocado');
    } finally {
      fs.rmSync(files.dir, { recursive: true, force: true });
    }
  });
});

describe('production start', () => {
  it('refuses the listener without its TLS pair, trust list and public address, and says which', async () => {
    await expect(startTestServer({ production: true, certLoginPort: 0, certCaFile: null, tlsCertFile: null, tlsKeyFile: null, publicUrl: null })).rejects.toThrow(
      'CERT_LOGIN_PORT necesita en producción TLS_CERT_FILE y TLS_KEY_FILE, CERT_CA_FILE, PUBLIC_URL',
    );
  });
});
