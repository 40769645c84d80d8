import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { ANA, claimsOf, JOHN, LUCIA, signIn } from '../support/sign-in';
import { nuevoNif } from './personas.fixtures';

/**
 * Identity with levels of assurance (issue 30): a typed document proves nothing; staff rights,
 * admin and representations reach an account only once it is bound to the document by proof
 * (an invitation to the recorded address, a certificate, the office's check).
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ adminDocuments: ['NIF:00000000T'] });
});
afterAll(() => s?.close());

let lastIp = 0;
const newIp = () => `203.0.113.${++lastIp}`;

async function proxy(body: unknown, ip: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${s.url}/functions/v1/auth-proxy`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function pinSentTo(email: string): Promise<string> {
  const mails = (await (await fetch(`${s.url}/dev/outbox`)).json()) as { to: string; text: string }[];
  const mail = mails.find((m) => m.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return /\b(\d{6})\b/.exec(mail.text)![1];
}

/** registerUser + registerUserPincode with the PIN from `email`'s mailbox; the answer of the confirmation. */
async function register(doc: string, email: string, ip = newIp()) {
  const base = { username: doc, tipoDocumento: 'NIF', canal: email, tipoCanal: 'EMAIL' };
  const asked = await proxy({ ...base, action: 'registerUser' }, ip);
  if (asked.status !== 200) return asked;
  return proxy({ ...base, action: 'registerUserPincode', pincode: await pinSentTo(email) }, ip);
}

/** What RLS decides for the token: the helper is no API (0070_funciones_privadas.sql), so it is asked as a policy asks it. */
const esPersonalDe = async (token: string, notaria: number) =>
  s.ctx.db.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claimsOf(token))]);
    return (await tx.query<{ v: boolean }>('select public.es_personal_de($1) as v', [notaria])).rows[0].v;
  });

/** A new staff row of notaría 1, as the admin's Personal tab adds it. */
async function nuevoPersonal(doc: string, email: string): Promise<number> {
  const { rows } = await s.ctx.db.query<{ id: string }>(
    `insert into public.personal (name, email, position, notaria_id, tipo_documento, numero_documento)
     values ('Nueva Incorporación', $1, 'Oficial', 1, 'NIF', $2) returning id`,
    [email, doc],
  );
  return Number(rows[0].id);
}

describe('the staff directory is not public', () => {
  it('an anonymous GET /rest/v1/personal reads no e-mail and no document; the directory gives what booking needs', async () => {
    const res = await fetch(`${s.url}/rest/v1/personal?select=name,email,tipo_documento,numero_documento`, {
      headers: { apikey: s.ctx.anonKey },
    });
    const body = (await res.json()) as unknown;
    expect(JSON.stringify(body)).not.toContain(LUCIA.email);
    expect(JSON.stringify(body)).not.toContain(LUCIA.doc);

    const { data, error } = await s.supabase().from('personal_directorio').select('*');
    expect(error).toBeNull();
    const lucia = data!.find((p) => p.name === 'Lucía Fernández Ruiz');
    expect(lucia).toEqual({ id: 8, name: 'Lucía Fernández Ruiz', position: 'Oficial', notaria_id: 1 });
  });

  it('a client reads no e-mail or document of staff either; an admin reads the whole table', async () => {
    const ana = await signIn(s, ANA.doc, ANA.email, newIp());
    const { data } = await s.supabase(ana.access_token).from('personal').select('name,email,numero_documento');
    expect(data ?? []).toEqual([]);
    const admin = await signIn(s, '00000000T', 'admin@notaria.example', newIp());
    const { data: all, error } = await s.supabase(admin.access_token).from('personal').select('email,numero_documento').eq('id', 8);
    expect(error).toBeNull();
    expect(all).toEqual([{ email: LUCIA.email, numero_documento: LUCIA.doc }]);
  });
});

describe('the staff takeover, replayed', () => {
  it("registering a staff member's document with another e-mail gives no staff claim, no office access; the invited hire then gets them", async () => {
    const doc = nuevoNif();
    await nuevoPersonal(doc, `contratada.${doc}@notaria.example`);

    // the attacker: their own mailbox, the staff member's document
    const attacker = `atacante.${doc}@example.com`;
    const ip = newIp();
    expect((await register(doc, attacker, ip)).status).toBe(200);
    const t = await signIn(s, doc, attacker, ip);
    expect(claimsOf(t.access_token).notarias).toBeUndefined();
    expect(await esPersonalDe(t.access_token, 1)).toBe(false);
    expect((await s.api('/despacho/expedientes', { token: t.access_token })).status).toBe(404);

    // the real hire registers through the invitation address: not blocked, and staff
    const hire = `contratada.${doc}@notaria.example`;
    expect((await register(doc, hire)).status).toBe(200);
    const h = await signIn(s, doc, hire, newIp());
    expect(claimsOf(h.access_token).notarias).toEqual([1]);
    expect(await esPersonalDe(h.access_token, 1)).toBe(true);
    expect((await s.api('/despacho/expedientes', { token: h.access_token })).status).toBe(200);

    // the attacker's session ends; the document's PINs now go to the hire
    expect((await s.api('/auth/refresh', { method: 'POST', json: { refresh_token: t.refresh_token } })).status).toBe(401);
    const { rows } = await s.ctx.db.query(
      `select detalle from servicios.audit_log where entity = 'identidad' and entity_id = $1`,
      [h.idPersona],
    );
    expect(rows).toEqual([{ detalle: expect.stringMatching(/^invitacion: personal \d+$/) }]);

    // the office sees the conflict
    const conflictos = (await (await s.api('/identidad/conflictos', { token: h.access_token })).json()) as Record<string, unknown>[];
    expect(conflictos).toContainEqual(expect.objectContaining({ numeroDocumento: doc, personaAnterior: t.idPersona, personaActual: h.idPersona }));
  });

  it('a token claiming notarías for an unproven account is refused by the database itself', async () => {
    const doc = nuevoNif();
    const ana = await register(doc, `sin.probar.${doc}@example.com`);
    const forged = await s.token(ana.body.idPersona as string, 'admin', [1]);
    expect(await esPersonalDe(forged, 1)).toBe(false);
    const { data } = await s.supabase(forged).rpc('es_admin');
    expect(data).toBeFalsy();
  });

  it("the admin's 'Invitar' e-mails the recorded address; a sign-in whose PIN went there binds an existing account", async () => {
    const doc = nuevoNif();
    const email = `ya.cliente.${doc}@example.com`;
    expect((await register(doc, email)).status).toBe(200);
    const before = await signIn(s, doc, email, newIp());
    expect(claimsOf(before.access_token).notarias).toBeUndefined();

    const id = await nuevoPersonal(doc, email);
    const admin = await signIn(s, '00000000T', 'admin@notaria.example', newIp());
    const invited = await s.api(`/identidad/invitacion/personal/${id}`, { method: 'POST', token: admin.access_token });
    expect(invited.status).toBe(200);
    const mails = (await (await fetch(`${s.url}/dev/outbox`)).json()) as { to: string; subject: string; text: string }[];
    expect(mails.find((m) => m.to === email)).toMatchObject({ subject: 'Invitación al Portal Notarial', text: expect.stringContaining(`NIF ${doc}`) });
    // only the admin invites
    // (the invitation changed the staff row: the session's older token asks for a refresh, 0047_sesiones_y_llaves.sql)
    const renewed = (await (await s.api('/auth/refresh', { method: 'POST', json: { refresh_token: before.refresh_token } })).json()) as { access_token: string };
    expect((await s.api(`/identidad/invitacion/personal/${id}`, { method: 'POST', token: renewed.access_token })).status).toBe(404);

    const after = await signIn(s, doc, email, newIp());
    expect(claimsOf(after.access_token).notarias).toEqual([1]);
    expect((await (await s.api('/identidad', { token: after.access_token })).json()).nivel).toBe('probada');
  });
});

describe('admin only for a proven account', () => {
  it('ADMIN_DOCUMENTS naming an unproven account gives no admin role until the office verifies it', async () => {
    const doc = nuevoNif();
    const other = await startTestServer({ adminDocuments: [`NIF:${doc}`, 'NIF:00000000T'] });
    try {
      const res = await fetch(`${other.url}/functions/v1/auth-proxy`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ action: 'registerUser', username: doc, tipoDocumento: 'NIF', canal: `jefe.${doc}@example.com`, tipoCanal: 'EMAIL' }),
      });
      expect(res.status).toBe(200);
      const mails = (await (await fetch(`${other.url}/dev/outbox`)).json()) as { to: string; text: string }[];
      const pin = /\b(\d{6})\b/.exec(mails.find((m) => m.to === `jefe.${doc}@example.com`)!.text)![1];
      await fetch(`${other.url}/functions/v1/auth-proxy`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ action: 'registerUserPincode', username: doc, tipoDocumento: 'NIF', canal: `jefe.${doc}@example.com`, tipoCanal: 'EMAIL', pincode: pin }),
      });
      const t = await signIn(other, doc, `jefe.${doc}@example.com`, '203.0.113.200');
      expect(claimsOf(t.access_token).app_role).toBe('assistant');
      // Lucía (staff of notaría 1, where the sign-in linked the account) checks the document in person
      const lucia = await signIn(other, LUCIA.doc, LUCIA.email, '203.0.113.202');
      const idPersona = t.idPersona;
      const marked = await other.api(`/identidad/persona/${idPersona}/verificacion`, { method: 'POST', token: lucia.access_token, json: { forma: 'presencial' } });
      expect(marked.status).toBe(200);
      const proven = await signIn(other, doc, `jefe.${doc}@example.com`, '203.0.113.203');
      expect(claimsOf(proven.access_token).app_role).toBe('admin');
      // the demo admin (seeded as proven) is admin
      const demo = await signIn(other, '00000000T', 'admin@notaria.example', '203.0.113.201');
      expect(claimsOf(demo.access_token).app_role).toBe('admin');
    } finally {
      await other.close();
    }
  });
});

describe('verified at the office', () => {
  it("staff of the client's notaría mark the account verified; the client sees who, when and how; others get 404", async () => {
    const doc = nuevoNif();
    const email = `cliente.${doc}@example.com`;
    const reg = await register(doc, email);
    const cliente = await signIn(s, doc, email, newIp()); // links the client to notaría 1 (NOT001)
    expect((await (await s.api('/identidad', { token: cliente.access_token })).json())).toEqual({ nivel: 'correo' });

    const ana = await signIn(s, ANA.doc, ANA.email, newIp());
    const path = `/identidad/persona/${reg.body.idPersona as string}/verificacion`;
    expect((await s.api(path, { method: 'POST', token: ana.access_token, json: { forma: 'presencial' } })).status).toBe(404);

    const lucia = await signIn(s, LUCIA.doc, LUCIA.email, newIp());
    const bad = await s.api(path, { method: 'POST', token: lucia.access_token, json: { forma: 'telepatía' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('Indique cómo se comprobó el documento');
    const ok = await s.api(path, { method: 'POST', token: lucia.access_token, json: { forma: 'videoconferencia' } });
    expect(ok.status).toBe(200);

    const own = await (await s.api('/identidad', { token: cliente.access_token })).json();
    expect(own).toEqual({
      nivel: 'probada',
      metodo: 'oficina',
      detalle: 'videoconferencia',
      probadoAt: expect.any(String),
      probadoPor: 'Lucía Fernández Ruiz',
    });
  });

  it('staff of a notaría where the client has a case verify them, though the client signs in at another notaría', async () => {
    const doc = nuevoNif();
    const email = `cliente.${doc}@example.com`;
    const reg = await register(doc, email);
    const persona = reg.body.idPersona as string;
    // linked to another notaría only; the case is at notaría 1
    await s.ctx.db.query('delete from servicios.persona_notaria where persona_id = $1', [persona]);
    await s.ctx.db.query(`insert into servicios.persona_notaria (persona_id, notaria_id) values ($1, 2) on conflict do nothing`, [persona]);
    const lucia = await signIn(s, LUCIA.doc, LUCIA.email, newIp());
    expect((await s.api(`/identidad/persona/${persona}`, { token: lucia.access_token })).status).toBe(404);
    await s.ctx.db.query(`insert into servicios.expedientes (titulo, persona_id, notaria_id, created_by) values ('Herencia', $1, 1, $1)`, [persona]);
    const res = await s.api(`/identidad/persona/${persona}`, { token: lucia.access_token });
    expect([res.status, await res.json()]).toEqual([200, { nivel: 'correo' }]);
  });
});

describe('a representative named before registering', () => {
  const representante = (doc: string, email: string) => ({
    persona: {
      tipoPersona: 'FISICA',
      identificador: { tipo: 'NIF', numero: doc },
      nombre: 'Rita',
      primerApellido: 'Representante',
      genero: 'FEMENINO',
      estadoCivil: 'SOLTERO',
      fechaNacimiento: '1980-01-01',
      profesion: 'Abogado/a',
      email,
      direccion: { pais: 'ESP' },
    },
    privilegio: { personaOtorganteId: ANA.personaId, tipoPrivilegio: 'REPRESENTANTE_LEGAL', fechaInicioRelacion: '2026-01-01', modificable: true },
  });

  it("receives the representation by registering with the client's e-mail; an impostor with another e-mail gets nothing", async () => {
    const doc = nuevoNif();
    const email = `rita.${doc}@example.com`;
    const ana = await signIn(s, ANA.doc, ANA.email, newIp());
    const res = await s.api('/privilegio/representante', { method: 'POST', token: ana.access_token, json: representante(doc, email) });
    expect(res.status).toBeLessThan(300);

    // the impostor registers the document first, with a mailbox of their own
    const impostor = `impostora.${doc}@example.com`;
    expect((await register(doc, impostor)).status).toBe(200);
    const i = await signIn(s, doc, impostor, newIp());
    expect((await s.api(`/persona/${ANA.personaId}`, { token: i.access_token })).status).toBe(404);
    const recibidos = await (await s.api(`/privilegio/recibidos/${i.idPersona}`, { token: i.access_token })).json();
    expect(recibidos).toEqual([]);

    // the representative registers through the invitation (the e-mail Ana gave)
    expect((await register(doc, email)).status).toBe(200);
    const r = await signIn(s, doc, email, newIp());
    expect((await s.api(`/persona/${ANA.personaId}`, { token: r.access_token })).status).toBe(200);
    const suyos = (await (await s.api(`/privilegio/recibidos/${r.idPersona}`, { token: r.access_token })).json()) as { personaOtorganteId: string }[];
    expect(suyos.map((p) => p.personaOtorganteId)).toEqual([ANA.personaId]);
  });

  it('an unproven account that registered the document first gets nothing when a client then names it; the invited person does', async () => {
    const doc = nuevoNif();
    const email = `rita.${doc}@example.com`;
    // the impostor registers the document before the client names it, with a mailbox of their own
    const impostor = `impostora.${doc}@example.com`;
    expect((await register(doc, impostor)).status).toBe(200);
    const ana = await signIn(s, ANA.doc, ANA.email, newIp());
    const res = await s.api('/privilegio/representante', { method: 'POST', token: ana.access_token, json: representante(doc, email) });
    expect(res.status).toBe(201);
    const i = await signIn(s, doc, impostor, newIp());
    expect((await s.api(`/persona/${ANA.personaId}`, { token: i.access_token })).status).toBe(404);
    expect(await (await s.api(`/privilegio/recibidos/${i.idPersona}`, { token: i.access_token })).json()).toEqual([]);
    // Ana's representative is the record she typed, not the impostor's persona
    const otorgados = (await (await s.api(`/privilegio/concedidos/${ANA.personaId}`, { token: ana.access_token })).json()) as { personaReceptoraId: string }[];
    expect(otorgados.map((p) => p.personaReceptoraId)).not.toContain(i.idPersona);

    // the representative registers through the invitation (the e-mail Ana gave): the impostor is displaced
    expect((await register(doc, email)).status).toBe(200);
    const r = await signIn(s, doc, email, newIp());
    expect((await s.api(`/persona/${ANA.personaId}`, { token: r.access_token })).status).toBe(200);
    const suyos = (await (await s.api(`/privilegio/recibidos/${r.idPersona}`, { token: r.access_token })).json()) as { personaOtorganteId: string }[];
    expect(suyos.map((p) => p.personaOtorganteId)).toEqual([ANA.personaId]);
  });

  it('a proven account named by another client is linked as it is', async () => {
    const doc = nuevoNif();
    const email = `rita.${doc}@example.com`;
    const ana = await signIn(s, ANA.doc, ANA.email, newIp());
    // proven by registering through Ana's record for them
    expect((await s.api('/privilegio/representante', { method: 'POST', token: ana.access_token, json: representante(doc, email) })).status).toBe(201);
    expect((await register(doc, email)).status).toBe(200);
    const r = await signIn(s, doc, email, newIp());
    // John names the same document: the proven person receives it
    const john = await signIn(s, JOHN.doc, JOHN.email, newIp());
    const body = representante(doc, email);
    const res = await s.api('/privilegio/representante', { method: 'POST', token: john.access_token, json: { ...body, privilegio: { ...body.privilegio, personaOtorganteId: JOHN.personaId } } });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { personaReceptoraId: string }).personaReceptoraId).toBe(r.idPersona);
  });
});
