import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { ANA, JOHN, LUCIA, claimsOf, signIn } from '../support/sign-in';
import { insertPersona } from './personas.fixtures';
import { Autenticador } from '../support/autenticador';
import { JPEG, formulario } from '../support/archivos';
import { StartupError, loadConfig } from '../../server/config';

/**
 * Passkeys, the office's second factor, step-up and sessions (issue 30, docs/security.md), on a
 * server with SEGUNDO_FACTOR_OFICINA=obligatorio (the default). A software passkey answers the
 * server's WebAuthn challenges (tests/support/autenticador.ts).
 * Seed: Lucía (11111111H) is staff of notaría 1; 00000000T is the admin; Ana (12345678Z) a client.
 */
let s: TestServer;
const ADMIN = { doc: '00000000T', email: 'admin@notaria.example' };
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

beforeAll(async () => {
  s = await startTestServer({ segundoFactorOficina: 'obligatorio' });
});
afterAll(() => s?.close());

type Json = Record<string, any>;
const call = async (path: string, init: RequestInit & { token?: string; json?: unknown } = {}) => {
  const res = await s.api(path, { ...init, headers: { 'User-Agent': UA, ...(init.headers as Record<string, string>) } });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Json };
};
const post = (path: string, token: string | undefined, json: unknown = {}) => call(path, { method: 'POST', token, json });

async function anadirLlave(token: string, llave: Autenticador, nombre = 'Portátil') {
  const opts = await post('/auth/passkey/alta/opciones', token);
  expect(opts.status, JSON.stringify(opts.body)).toBe(200);
  return post('/auth/passkey/alta', token, { nombre, respuesta: llave.crear(opts.body as never) });
}
async function accederConLlave(llave: Autenticador) {
  const opts = await post('/auth/passkey/acceso/opciones', undefined);
  expect(opts.status).toBe(200);
  return post('/auth/passkey/acceso', undefined, { respuesta: llave.probar(opts.body as never), externalIdNotaria: 'NOT001' });
}
async function confirmar(token: string, llave: Autenticador) {
  const opts = await post('/auth/passkey/confirmar/opciones', token);
  expect(opts.status, JSON.stringify(opts.body)).toBe(200);
  return post('/auth/passkey/confirmar', token, { respuesta: llave.probar(opts.body as never) });
}
const refresh = (refresh_token: string) => post('/auth/refresh', undefined, { refresh_token });

describe('the office needs a second factor', () => {
  const llave = new Autenticador('');
  beforeAll(() => {
    (llave as { origin: string }).origin = s.url;
  });

  it('staff signed in with the PIN alone get no staff right until they add a passkey; the first one gives them', async () => {
    const t = await signIn(s, LUCIA.doc, LUCIA.email, '198.51.100.40');
    const c = claimsOf(t.access_token);
    expect(c.notarias).toBeUndefined();
    expect(c).toMatchObject({ app_role: 'assistant', aal: 1, amr: ['pin'] });
    expect((t as Json).segundoFactor).toBe('alta');
    expect((await call('/despacho/expedientes', { token: t.access_token })).status).toBe(404);

    const alta = await anadirLlave(t.access_token, llave);
    expect(alta.status, JSON.stringify(alta.body)).toBe(201);
    expect(claimsOf(alta.body.access_token)).toMatchObject({ notarias: [1], aal: 2, amr: ['pin', 'passkey'] });
    // the same session keeps the proof when its token is refreshed
    const r = await refresh(t.refresh_token);
    expect(claimsOf(r.body.access_token)).toMatchObject({ notarias: [1], aal: 2 });
  });

  it('afterwards the PIN asks to confirm the passkey, and the passkey alone signs in', async () => {
    const t = await signIn(s, LUCIA.doc, LUCIA.email, '198.51.100.41');
    expect((t as Json).segundoFactor).toBe('confirmar');
    expect(claimsOf(t.access_token).notarias).toBeUndefined();
    // a further passkey needs the first one proven first
    expect((await post('/auth/passkey/alta/opciones', t.access_token)).body.code).toBe('paso_adicional');
    const ok = await confirmar(t.access_token, llave);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(claimsOf(ok.body.access_token)).toMatchObject({ notarias: [1], aal: 2 });

    const p = await accederConLlave(llave);
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.idPersona).toBe(LUCIA.personaId);
    expect(claimsOf(p.body.access_token)).toMatchObject({ notarias: [1], aal: 2, amr: ['passkey'] });
  });

  it('an answer is good once, and a passkey of another site or unknown is refused in Spanish', async () => {
    const opts = await post('/auth/passkey/acceso/opciones', undefined);
    const respuesta = llave.probar(opts.body as never);
    expect((await post('/auth/passkey/acceso', undefined, { respuesta })).status).toBe(200);
    const again = await post('/auth/passkey/acceso', undefined, { respuesta });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('La solicitud de la llave de acceso ha caducado. Inténtelo de nuevo.');

    const ajena = new Autenticador('https://otro-sitio.example');
    const alta = await signIn(s, ANA.doc, ANA.email, '198.51.100.42');
    const o = await post('/auth/passkey/alta/opciones', alta.access_token);
    const mala = await post('/auth/passkey/alta', alta.access_token, { nombre: 'Falsa', respuesta: ajena.crear(o.body as never) });
    expect(mala.status).toBe(400);
    expect(mala.body.message).toBe('No se pudo comprobar la llave de acceso. Inténtelo de nuevo.');
    const desconocida = new Autenticador(s.url);
    const o2 = await post('/auth/passkey/acceso/opciones', undefined);
    const r = await post('/auth/passkey/acceso', undefined, { respuesta: desconocida.probar(o2.body as never) });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('Esta llave de acceso no corresponde a ninguna cuenta del portal.');
  });

  it('the admin signed in with the PIN alone is no admin; after the passkey it is', async () => {
    const t = await signIn(s, ADMIN.doc, ADMIN.email, '198.51.100.43');
    expect(claimsOf(t.access_token).app_role).toBe('assistant');
    const alta = await anadirLlave(t.access_token, new Autenticador(s.url), 'Llave del despacho');
    expect(claimsOf(alta.body.access_token)).toMatchObject({ app_role: 'admin', aal: 2 });
  });

  it('SEGUNDO_FACTOR_OFICINA=opcional is refused in production, and anything else everywhere', () => {
    const secret = 'a-real-secret-of-the-operator-0123456789';
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, SEGUNDO_FACTOR_OFICINA: 'opcional' })).toThrow(StartupError);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).segundoFactorOficina).toBe('obligatorio');
    expect(loadConfig({ SEGUNDO_FACTOR_OFICINA: 'opcional' }).segundoFactorOficina).toBe('opcional');
    expect(() => loadConfig({ SEGUNDO_FACTOR_OFICINA: 'a veces' })).toThrow(/obligatorio u opcional/);
  });
});

describe('sessions a person sees and ends', () => {
  it('lists device, method and times; ends one or all the others, whose tokens stop at once', async () => {
    const a = await signIn(s, ANA.doc, ANA.email, '198.51.100.50');
    const b = await signIn(s, ANA.doc, ANA.email, '198.51.100.51');
    const lista = await call('/auth/sesiones', { token: a.access_token });
    expect(lista.status).toBe(200);
    const propia = lista.body.find((x: Json) => x.actual);
    expect(propia).toMatchObject({ metodo: 'pin', factorFuerte: false });
    const otra = lista.body.find((x: Json) => x.id === claimsOf(b.access_token).sid);
    expect(otra).toMatchObject({ actual: false, metodo: 'pin' });
    expect(typeof otra.iniciada).toBe('string');
    expect(typeof otra.ultimoUso).toBe('string');

    const fin = await post('/auth/sesiones/cerrar-otras', a.access_token);
    expect(fin.status).toBe(200);
    expect(fin.body.cerradas).toBeGreaterThanOrEqual(1);
    const rechazada = await call('/auth/sesiones', { token: b.access_token });
    expect(rechazada.status).toBe(401);
    expect(rechazada.body.code).toBe('sesion_terminada');
    expect((await s.supabase(b.access_token).from('notarias').select('id')).error?.code).toBe('PGRST301');
    expect((await refresh(b.refresh_token)).status).toBe(401);
    expect((await call('/auth/sesiones', { token: a.access_token })).status).toBe(200);
    // someone else's session is not found
    expect((await call(`/auth/sesiones/${claimsOf(b.access_token).sid}`, { method: 'DELETE', token: a.access_token })).status).toBe(404);
  });

  it('the user agent comes through the auth-proxy function and is shown as browser and system', async () => {
    const res = await fetch(`${s.url}/functions/v1/auth-proxy`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.52', 'User-Agent': UA },
      body: JSON.stringify({ action: 'unifiedLogin', username: ANA.doc }),
    });
    expect(res.status).toBe(200);
    const t = await signIn(s, ANA.doc, ANA.email, '198.51.100.52');
    const { rows } = await s.ctx.db.query<{ user_agent: string }>('select user_agent from servicios.sesiones where id = $1', [claimsOf(t.access_token).sid]);
    expect(rows[0].user_agent).toMatch(/node|undici|Mozilla/);
    const lista = await call('/auth/sesiones', { token: t.access_token });
    expect(lista.body.find((x: Json) => x.actual).dispositivo).toBeTruthy();
  });

  it('an admin ends every session of a user; a client may not', async () => {
    const t = await signIn(s, ANA.doc, ANA.email, '198.51.100.53');
    const otro = await signIn(s, LUCIA.doc, LUCIA.email, '198.51.100.54');
    expect((await call(`/auth/usuarios/${LUCIA.personaId}/sesiones`, { method: 'DELETE', token: t.access_token })).status).toBe(404);
    expect((await call('/auth/sesiones', { token: otro.access_token })).status).toBe(200);
    const admin = await accederConLlaveDe(ADMIN);
    const r = await call(`/auth/usuarios/${LUCIA.personaId}/sesiones`, { method: 'DELETE', token: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await call('/auth/sesiones', { token: otro.access_token })).status).toBe(401);
  });

  it("the admin's 'Cerrar sesiones' on a staff row ends that account's sessions; a row nobody signed in with is 404", async () => {
    const otro = await signIn(s, LUCIA.doc, LUCIA.email, '198.51.100.57');
    const admin = await accederConLlaveDe(ADMIN);
    const { rows } = await s.ctx.db.query<{ id: string }>(`select id from public.personal where numero_documento = '11111111H'`);
    const r = await call(`/auth/personal/${rows[0].id}/sesiones`, { method: 'DELETE', token: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.cerradas).toBeGreaterThanOrEqual(1);
    expect((await call('/auth/sesiones', { token: otro.access_token })).status).toBe(401);
    expect((await call('/auth/personal/999999/sesiones', { method: 'DELETE', token: admin })).status).toBe(404);
    const cliente = await signIn(s, ANA.doc, ANA.email, '198.51.100.58');
    expect((await call(`/auth/personal/${rows[0].id}/sesiones`, { method: 'DELETE', token: cliente.access_token })).status).toBe(404);
  });

  it('the audit log records passkeys added and removed and sessions ended, with who did it', async () => {
    const desde = new Date().toISOString();
    const t = await signIn(s, JOHN.doc, JOHN.email, '198.51.100.59');
    const llave = new Autenticador(s.url);
    const alta = await anadirLlave(t.access_token, llave, 'Móvil');
    expect(alta.status).toBe(201);
    const conLlave = await accederConLlave(llave);
    const b = await signIn(s, JOHN.doc, JOHN.email, '198.51.100.61');
    expect((await call(`/auth/sesiones/${claimsOf(b.access_token).sid}`, { method: 'DELETE', token: conLlave.body.access_token })).status).toBe(204);
    expect((await call(`/auth/llaves/${alta.body.id}`, { method: 'DELETE', token: conLlave.body.access_token })).status).toBe(204);
    const { rows } = await s.ctx.db.query<{ actor: string; action: string; entity: string; entity_id: string; status: number }>(
      `select actor, action, entity, entity_id, status from servicios.audit_log where at >= $1 and entity in ('llave', 'sesion') and actor = $2 order by id`,
      [desde, JOHN.personaId],
    );
    expect(rows).toEqual([
      { actor: JOHN.personaId, action: 'create', entity: 'llave', entity_id: alta.body.id, status: 201 },
      { actor: JOHN.personaId, action: 'delete', entity: 'sesion', entity_id: claimsOf(b.access_token).sid, status: 204 },
      { actor: JOHN.personaId, action: 'delete', entity: 'llave', entity_id: alta.body.id, status: 204 },
    ]);
  });

  it('a live event stream of a session ended elsewhere says caducado within 5 s', async () => {
    const a = await signIn(s, JOHN.doc, JOHN.email, '198.51.100.55');
    const b = await signIn(s, JOHN.doc, JOHN.email, '198.51.100.56');
    const res = await s.api('/eventos', { token: b.access_token });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const antes = Date.now();
    expect((await call(`/auth/sesiones/${claimsOf(b.access_token).sid}`, { method: 'DELETE', token: a.access_token })).status).toBe(204);
    let texto = '';
    while (!texto.includes('event: caducado') && Date.now() - antes < 6000) {
      const { value, done } = await reader.read();
      if (done) break;
      texto += new TextDecoder().decode(value);
    }
    await reader.cancel().catch(() => undefined);
    expect(texto).toContain('event: caducado');
    expect(Date.now() - antes).toBeLessThan(5000);
  });

  it("deactivating a staff row ends the staff right within 5 s, on this token, not at the next refresh", async () => {
    const t = await accederConLlaveDe(LUCIA);
    expect(claimsOf(t).notarias).toEqual([1]);
    expect((await call('/auth/sesiones', { token: t })).status).toBe(200);
    const antes = Date.now();
    await s.ctx.db.query(`update public.personal set is_active = false where numero_documento = '11111111H'`);
    try {
      let status = 200;
      while (status === 200 && Date.now() - antes < 6000) {
        status = (await call('/auth/sesiones', { token: t })).status;
        if (status === 200) await new Promise((r) => setTimeout(r, 200));
      }
      expect(status).toBe(401);
      expect(Date.now() - antes).toBeLessThan(5000);
      const gw = await s.supabase(t).from('notarias').select('id');
      expect(gw.error?.code).toBe('PGRST303'); // 'JWT expired': the portal refreshes
    } finally {
      await s.ctx.db.query(`update public.personal set is_active = true where numero_documento = '11111111H'`);
    }
  });
});

/** A passkey session of an account, with a passkey added now through a PIN session when it has none usable. */
const llaves = new Map<string, Autenticador>();
async function accederConLlaveDe(who: { doc: string; email: string }): Promise<string> {
  let llave = llaves.get(who.doc);
  if (!llave) {
    llave = new Autenticador(s.url);
    llaves.set(who.doc, llave);
    const t = await signIn(s, who.doc, who.email, '198.51.100.60');
    // an account that has passkeys already: prove… none of ours; drop them so this one is the first
    await s.ctx.db.query('delete from servicios.llaves_acceso l using servicios.usuarios u where u.id = l.usuario_id and u.numero_documento = $1', [who.doc]);
    expect((await anadirLlave(t.access_token, llave)).status).toBe(201);
  }
  const r = await accederConLlave(llave);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.access_token as string;
}

describe('step-up: a recent passkey for what matters, when the person has one', () => {
  it('granting a privilegio, changing the e-mail and downloading an identity document ask a PIN session for the passkey', async () => {
    const llave = new Autenticador(s.url);
    const pin = await signIn(s, ANA.doc, ANA.email, '198.51.100.70');
    await s.ctx.db.query('delete from servicios.llaves_acceso l using servicios.usuarios u where u.id = l.usuario_id and u.numero_documento = $1', [ANA.doc]);
    // before any passkey, the PIN session works as today
    const subida = await call(`/persona/${ANA.personaId}/documentos`, { method: 'POST', token: pin.access_token, body: formulario(JPEG, 'dni.jpg', { tipo: 'DNI_ANVERSO' }) });
    expect(subida.status, JSON.stringify(subida.body)).toBe(201);
    expect((await s.api(`/documento/${subida.body.id}`, { token: pin.access_token })).status).toBe(200);
    expect((await anadirLlave(pin.access_token, llave)).status).toBe(201);

    const otra = await signIn(s, ANA.doc, ANA.email, '198.51.100.71');
    const descarga = await call(`/documento/${subida.body.id}`, { token: otra.access_token });
    expect(descarga.status).toBe(403);
    expect(descarga.body).toEqual({ code: 'paso_adicional', message: 'Por seguridad, confirme su identidad con su llave de acceso para continuar.' });
    const persona = (await call(`/persona/${ANA.personaId}`, { token: otra.access_token })).body;
    const { id, links, fichaReducida, ...datos } = persona;
    void [id, links, fichaReducida];
    const email = await call(`/persona/${ANA.personaId}`, { method: 'PUT', token: otra.access_token, json: { ...datos, email: 'ana.nueva@example.com' } });
    expect(email.body.code).toBe('paso_adicional');
    expect((await call(`/persona/${ANA.personaId}`, { token: otra.access_token })).body.email).toBe(persona.email);
    // the same change without a new e-mail needs nothing more
    expect((await call(`/persona/${ANA.personaId}`, { method: 'PUT', token: otra.access_token, json: datos })).status).toBe(200);
    const rita = await insertPersona(s, { owner: ANA.personaId, nombre: 'Rita' });
    const privilegio = await post('/privilegio', otra.access_token, {
      personaOtorganteId: ANA.personaId, personaReceptoraId: rita, tipoPrivilegio: 'GENERAL', fechaInicioRelacion: '2024-01-01',
    });
    expect(privilegio.body.code).toBe('paso_adicional');

    const ok = await confirmar(otra.access_token, llave);
    expect(ok.status).toBe(200);
    expect((await s.api(`/documento/${subida.body.id}`, { token: ok.body.access_token })).status).toBe(200);
    const cambio = await call(`/persona/${ANA.personaId}`, { method: 'PUT', token: ok.body.access_token, json: { ...datos, email: 'ana.nueva@example.com' } });
    expect(cambio.status, JSON.stringify(cambio.body)).toBe(200);
    const concedido = await post('/privilegio', ok.body.access_token, {
      personaOtorganteId: ANA.personaId, personaReceptoraId: rita, tipoPrivilegio: 'GENERAL', fechaInicioRelacion: '2024-01-01',
    });
    expect(concedido.status, JSON.stringify(concedido.body)).toBe(201);
  });

  it('a proof older than 15 minutes asks again; an admin change through the gateway too', async () => {
    const t = await accederConLlaveDe(ADMIN);
    const nombre = (await s.supabase(t).from('notarias').select('id, nombre').eq('id', 1).single()).data!.nombre as string;
    expect((await s.supabase(t).from('notarias').update({ nombre }).eq('id', 1)).error).toBeNull();
    await s.ctx.db.query(`update servicios.sesiones set factor_fuerte_at = now() - interval '16 minutes' where id = $1`, [claimsOf(t).sid]);
    // a token issued now carries the old proof
    const viejo = await s.ctx.db.query<{ fa: Date }>('select factor_fuerte_at as fa from servicios.sesiones where id = $1', [claimsOf(t).sid]);
    expect(Date.now() - new Date(viejo.rows[0].fa).getTime()).toBeGreaterThan(15 * 60_000);
    const stale = await import('../../server/auth/jwt').then(({ signAccessToken }) =>
      signAccessToken(s.ctx.config.jwtSecret, { ...(claimsOf(t) as { sub: string; app_role: 'admin' }), fa: Math.floor(Date.now() / 1000) - 16 * 60 }),
    );
    const cambio = await s.supabase(stale).from('notarias').update({ nombre }).eq('id', 1);
    expect(cambio.status).toBe(403);
    expect(cambio.error?.code).toBe('paso_adicional');
    expect((await s.supabase(stale).from('notarias').select('id').eq('id', 1)).error).toBeNull(); // reading needs nothing more
  });

  it('a PIN-only client without a passkey keeps working as today', async () => {
    const john = await signIn(s, JOHN.doc, JOHN.email, '198.51.100.72');
    const receptora = await insertPersona(s, { owner: JOHN.personaId, nombre: 'Rosa' });
    const r = await post('/privilegio', john.access_token, {
      personaOtorganteId: JOHN.personaId, personaReceptoraId: receptora, tipoPrivilegio: 'GENERAL', fechaInicioRelacion: '2024-01-01',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  });
});
