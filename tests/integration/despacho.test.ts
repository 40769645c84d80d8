import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../server/mail';
import { startServer } from '../../server/boot';
import { signAccessToken } from '../../server/auth/jwt';
import { openPostgres } from '../../server/db/postgres';
import { SERVICES, TEST_JWT_SECRET, startTestServer, type TestServer } from '../support/server';
import { ANA, JOHN, LUCIA } from '../support/sign-in';

/**
 * The office's work: GET /despacho/expedientes, GET /despacho/expedientes/{id},
 * PUT /expediente/{id}/estado and PUT /acto/{id}/devolver, for every kind of caller: the client,
 * another client, a representative of the client, staff of the case's notaría, staff of another
 * notaría and an admin who is not staff. Seed: Ana (client, persona …02), John (…03), Lucía
 * (staff of notaría 1, …04).
 */
let s: TestServer;
const tokens: Record<string, string> = {};
let representante: string;
let expediente: string;
let acto: string;

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const get = (path: string, who: string) => s.api(path, { token: tokens[who] }).then(json);
const send = (method: string, path: string, who: string, body: unknown) => s.api(path, { method, token: tokens[who], json: body }).then(json);

const CALLERS = ['cliente', 'otroCliente', 'representante', 'staff', 'staffOtra', 'admin'] as const;

async function nuevoExpediente(titulo: string, who = 'cliente', personaId = ANA.personaId) {
  const r = await send('POST', '/expediente', who, { titulo, dueDate: '2026-12-31', personaId, notariaId: 1, links: [] });
  expect(r.status).toBe(201);
  return r.body.id as string;
}
async function nuevoActo(expedienteId: string, status: 'BORRADOR' | 'ENVIADO' = 'ENVIADO') {
  const r = await send('POST', '/acto', 'cliente', { expedienteId, titulo: 'Poder general', status, datosFormulario: { proposito: { texto: 'Vender' } } });
  expect(r.status).toBe(201);
  return r.body.id as string;
}
/** Waits until the development outbox holds a mail to `to` whose subject matches. */
async function mailTo(to: string, subject: RegExp) {
  for (let i = 0; i < 60; i++) {
    const mail = (await readOutbox(s.ctx.db, 200)).find((m) => m.to === to && subject.test(m.subject));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}
const audits = async (entity: string, entityId: string) =>
  (await s.ctx.db.query<{ action: string; actor: string | null }>(`select action, actor from servicios.audit_log where entity = $1 and entity_id = $2`, [entity, entityId])).rows;

beforeAll(async () => {
  s = await startTestServer();
  const { rows } = await s.ctx.db.query<{ id: string }>(
    `insert into servicios.personas (tipo_persona, identificador_numero, nombre, primer_apellido) values ('FISICA', '44444444A', 'Rep', 'Prueba') returning id`,
  );
  representante = rows[0].id;
  await s.ctx.db.query(
    `insert into servicios.privilegios (persona_otorgante_id, persona_receptora_id, tipo_privilegio, fecha_inicio_relacion,
       permiso_leer_expedientes, permiso_leer_actos, permiso_actualizar_expedientes, permiso_crear_expedientes)
     values ($1, $2, 'GENERAL', '2020-01-01', true, true, true, true)`,
    [ANA.personaId, representante],
  );
  tokens.cliente = await s.token(ANA.personaId);
  tokens.otroCliente = await s.token(JOHN.personaId);
  tokens.representante = await s.token(representante);
  tokens.staff = await s.token(LUCIA.personaId, 'assistant', [1]);
  tokens.staffOtra = await s.token(LUCIA.personaId, 'assistant', [2]);
  tokens.admin = await s.token('00000000-0000-4000-8000-000000000001', 'admin');
  expediente = await nuevoExpediente('Compraventa de la calle Mayor');
  acto = await nuevoActo(expediente);
});
afterAll(() => s?.close());

describe('who may see the office work', () => {
  it('lists the cases of my notarías to their staff only; everyone else gets 404', async () => {
    const expected: Record<(typeof CALLERS)[number], number> = { cliente: 404, otroCliente: 404, representante: 404, staff: 200, staffOtra: 200, admin: 404 };
    for (const who of CALLERS) {
      const r = await get('/despacho/expedientes', who);
      expect(r.status, who).toBe(expected[who]);
    }
    const staff = await get('/despacho/expedientes', 'staff');
    expect(staff.body.data.map((e: { id: string }) => e.id)).toContain(expediente);
    const otra = await get('/despacho/expedientes', 'staffOtra');
    expect(otra.body.data.map((e: { id: string }) => e.id)).not.toContain(expediente);
  });

  it('opens a case of my notaría with its client and acts; anyone else, whatever id, gets 404', async () => {
    for (const who of CALLERS) {
      const r = await get(`/despacho/expedientes/${expediente}`, who);
      expect(r.status, who).toBe(who === 'staff' ? 200 : 404);
    }
    const r = await get(`/despacho/expedientes/${expediente}`, 'staff');
    expect(r.body.cliente.nombre).toBe('Ana García López');
    expect(r.body.actos).toHaveLength(1);
    expect(r.body.actos[0].datosFormulario).toEqual({ proposito: { texto: 'Vender' } });
    expect((await get('/despacho/expedientes/00000000-0000-4000-8000-00000000dead', 'staff')).status).toBe(404);
    expect((await get('/despacho/expedientes/no-es-un-id', 'staff')).status).toBe(404);
  });

  it('a list read and a case read are in the audit log with the staff member as actor', async () => {
    const rows = await audits('expediente', expediente);
    expect(rows.some((r) => r.action === 'read' && r.actor === LUCIA.personaId)).toBe(true);
  });
});

describe('filters, paging and counters', () => {
  it('filters by estado and by client name or document ignoring accents and case, newest first, with counters', async () => {
    const otro = await nuevoExpediente('Herencia', 'otroCliente', JOHN.personaId);
    const todos = await get('/despacho/expedientes?size=50', 'staff');
    const ids = todos.body.data.map((e: { id: string }) => e.id);
    expect(ids.indexOf(otro)).toBeLessThan(ids.indexOf(expediente));
    expect(todos.body.total).toBe(todos.body.contadores.PENDIENTE + todos.body.contadores.EN_TRAMITE + todos.body.contadores.FINALIZADO);
    const garcia = await get(`/despacho/expedientes?q=${encodeURIComponent('GARCIA')}`, 'staff');
    expect(garcia.body.data.map((e: { id: string }) => e.id)).toEqual([expediente]);
    expect(garcia.body.total).toBe(1);
    const doc = await get('/despacho/expedientes?q=x1234567l', 'staff');
    expect(doc.body.data.map((e: { id: string }) => e.id)).toEqual([otro]);
    const pendientes = await get('/despacho/expedientes?estado=PENDIENTE', 'staff');
    expect(pendientes.body.data.every((e: { estado: string }) => e.estado === 'PENDIENTE')).toBe(true);
    const pagina = await get('/despacho/expedientes?size=1&page=2', 'staff');
    expect(pagina.body.data).toHaveLength(1);
    expect(pagina.body.data[0].id).toBe(ids[1]);
  });

  it('orders overdue cases first on demand', async () => {
    const vencido = await nuevoExpediente('Vencido');
    await s.ctx.db.query(`update servicios.expedientes set due_date = '2020-01-01' where id = $1`, [vencido]);
    const r = await get('/despacho/expedientes?orden=vencimiento', 'staff');
    expect(r.body.data[0]).toMatchObject({ id: vencido, vencido: true });
  });

  it('refuses a bad query with a Spanish message and changes nothing', async () => {
    const r = await get('/despacho/expedientes?estado=CERRADO', 'staff');
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toMatch(/El estado debe ser/);
    expect((await get('/despacho/expedientes?size=1000', 'staff')).status).toBe(400);
  });
});

describe('the office moves the estado', () => {
  it('only staff of the case notaría may; others get 404 and nothing changes', async () => {
    for (const who of CALLERS.filter((w) => w !== 'staff')) {
      const r = await send('PUT', `/expediente/${expediente}/estado`, who, { estado: 'EN_TRAMITE' });
      expect(r.status, who).toBe(404);
    }
    const { rows } = await s.ctx.db.query('select estado from servicios.expedientes where id = $1', [expediente]);
    expect(rows[0].estado).toBe('PENDIENTE');
  });

  it('Pendiente → En trámite e-mails the client; a jump or a move back without reason is refused', async () => {
    expect((await send('PUT', `/expediente/${expediente}/estado`, 'staff', { estado: 'FINALIZADO' })).status).toBe(409);
    const r = await send('PUT', `/expediente/${expediente}/estado`, 'staff', { estado: 'EN_TRAMITE' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ estado: 'EN_TRAMITE', estadoAnterior: 'PENDIENTE' });
    const mail = await mailTo(ANA.email, /en trámite/);
    expect(mail.text).toContain('Compraventa de la calle Mayor');
    expect(mail.text).not.toContain(LUCIA.doc);
    const back = await send('PUT', `/expediente/${expediente}/estado`, 'staff', { estado: 'PENDIENTE' });
    expect(back.status).toBe(400);
    expect(back.body.message ?? back.body.error).toMatch(/motivo/);
    expect((await send('PUT', `/expediente/${expediente}/estado`, 'staff', { estado: 'NADA' })).status).toBe(400);
    expect((await audits('expediente', expediente)).some((a) => a.action === 'update' && a.actor === LUCIA.personaId)).toBe(true);
  });

  it('once En trámite the client cannot take a sent act back to draft; the office returns it with a comment the client reads', async () => {
    const propio = await send('PUT', `/acto/${acto}`, 'cliente', { status: 'BORRADOR' });
    expect(propio.status).toBe(409);
    expect(JSON.stringify(propio.body)).toContain('solo la notaría puede devolver');
    for (const who of CALLERS.filter((w) => w !== 'staff')) {
      expect((await send('PUT', `/acto/${acto}/devolver`, who, { comentario: 'Falta el NIF' })).status, who).toBe(404);
    }
    expect((await send('PUT', `/acto/${acto}/devolver`, 'staff', { comentario: '  ' })).status).toBe(400);
    const r = await send('PUT', `/acto/${acto}/devolver`, 'staff', { comentario: 'Falta el NIF del apoderado' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'BORRADOR', devolucionComentario: 'Falta el NIF del apoderado' });
    const actos = await get(`/acto/expediente/${expediente}`, 'cliente');
    expect(actos.body[0]).toMatchObject({ status: 'BORRADOR', devolucionComentario: 'Falta el NIF del apoderado' });
    const mail = await mailTo(ANA.email, /Revise un acto/);
    expect(mail.text).toContain('Falta el NIF del apoderado');
    // a draft cannot be returned again
    expect((await send('PUT', `/acto/${acto}/devolver`, 'staff', { comentario: 'Otra vez' })).status).toBe(409);
    expect((await audits('acto', acto)).some((a) => a.action === 'update' && a.actor === LUCIA.personaId)).toBe(true);
  });

  it('back with a reason, forward to Finalizado; the counters follow', async () => {
    const antes = (await get('/despacho/expedientes', 'staff')).body.contadores;
    const back = await send('PUT', `/expediente/${expediente}/estado`, 'staff', { estado: 'PENDIENTE', motivo: 'Falta documentación' });
    expect(back.status).toBe(200);
    await send('PUT', `/expediente/${expediente}/estado`, 'staff', { estado: 'EN_TRAMITE' });
    const fin = await send('PUT', `/expediente/${expediente}/estado`, 'staff', { estado: 'FINALIZADO' });
    expect(fin.status).toBe(200);
    const despues = (await get('/despacho/expedientes', 'staff')).body.contadores;
    expect(despues.FINALIZADO).toBe(antes.FINALIZADO + 1);
    expect(despues.EN_TRAMITE).toBe(antes.EN_TRAMITE - 1);
    const detalle = await get(`/despacho/expedientes/${expediente}`, 'staff');
    expect(detalle.body.historial[0]).toMatchObject({ estadoAnterior: 'EN_TRAMITE', estado: 'FINALIZADO' });
    expect(detalle.body.historial.some((h: { motivo: string | null }) => h.motivo === 'Falta documentación')).toBe(true);
  });
});

describe("the office's appointments", () => {
  let cita: number;
  beforeAll(async () => {
    const { rows } = await s.ctx.db.query<{ id: number }>(
      `insert into public.citas (user_id, client_id, notaria_id, staff_id, subject, date, time, type)
       values ($1, $1, 1, 1, 'Firma', '2027-06-07', '10:00', 'online') returning id`,
      [ANA.personaId],
    );
    cita = Number(rows[0].id);
  });

  it("lists my notaría's appointments by day with the client's name, subject and video link; others get 404", async () => {
    const path = '/despacho/citas?desde=2027-06-07&hasta=2027-06-13';
    for (const who of CALLERS) {
      const r = await get(path, who);
      expect(r.status, who).toBe(who === 'staff' || who === 'staffOtra' ? 200 : 404);
    }
    const mine = await get(path, 'staff');
    expect(mine.body).toContainEqual(
      expect.objectContaining({ id: cita, clienteNombre: 'Ana García López', subject: 'Firma', time: '10:00', staffNombre: 'Carmen López Martín', videoconferencia: 'https://meet.notarialopezmartin.example/sala' }),
    );
    expect((await get(path, 'staffOtra')).body.map((c: { id: number }) => c.id)).not.toContain(cita);
    expect((await get('/despacho/citas?desde=2027-06-01&hasta=2027-08-01', 'staff')).status).toBe(400);
  });

  it('staff move an appointment (the client gets the e-mail with the calendar file and the video link) and cancel it', async () => {
    for (const who of CALLERS.filter((w) => w !== 'staff')) {
      expect((await send('PUT', `/despacho/citas/${cita}`, who, { date: '2027-06-08', time: '11:00' })).status, who).toBe(404);
      expect((await s.api(`/despacho/citas/${cita}`, { method: 'DELETE', token: tokens[who] })).status, who).toBe(404);
    }
    expect((await send('PUT', `/despacho/citas/${cita}`, 'staff', { date: '2027-06-08', time: '11:00', staffId: 3 })).status).toBe(400);
    const mala = await send('PUT', `/despacho/citas/${cita}`, 'staff', { date: '2027-06-08', time: '13:30' });
    expect(mala.status).toBe(400);
    expect(mala.body.message).toBe('La hora elegida no es una hora de cita de ese día');
    const moved = await send('PUT', `/despacho/citas/${cita}`, 'staff', { date: '2027-06-08', time: '11:00', staffId: 2 });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ date: '2027-06-08', time: '11:00', staffId: 2 });
    const mail = await mailTo(ANA.email, /Cita modificada/);
    expect(mail.text).toContain('Enlace de la videoconferencia: https://meet.notarialopezmartin.example/sala');
    expect(JSON.stringify(mail.attachments)).toContain('BEGIN:VCALENDAR');
    expect((await s.api(`/despacho/citas/${cita}`, { method: 'DELETE', token: tokens.staff })).status).toBe(204);
    await mailTo(ANA.email, /Cita cancelada/);
    expect((await audits('cita', String(cita))).map((a) => a.action)).toEqual(expect.arrayContaining(['update', 'delete']));
  });
});

describe('the client search and the bounds of the list', () => {
  const ids = (r: { body: { data: { id: string }[] } }) => r.body.data.map((e) => e.id);
  const buscar = (q: string, extra = '') => get(`/despacho/expedientes?size=100&q=${encodeURIComponent(q)}${extra}`, 'staff');
  let empresa: string;
  let carmen: string;
  let deAna: string[];

  beforeAll(async () => {
    // a company (its razón social is its name) and a client whose name was stored with stray spaces
    const { rows } = await s.ctx.db.query<{ id: string }>(
      `insert into servicios.personas (tipo_persona, identificador_numero, razon_social, nombre, primer_apellido, segundo_apellido) values
         ('JURIDICA', 'B87654321', 'Construcciones Núñez S.L.', null, null, null),
         ('FISICA', '55555555K', null, '  María ', 'del   Carmen', 'Ibáñez')
       returning id`,
    );
    const caso = async (titulo: string, persona: string) =>
      (await s.ctx.db.query<{ id: string }>(
        `insert into servicios.expedientes (titulo, persona_id, notaria_id) values ($1, $2, 1) returning id`, [titulo, persona])).rows[0].id;
    empresa = await caso('Constitución de sociedad', rows[0].id);
    carmen = await caso('Testamento', rows[1].id);
    deAna = ids(await buscar('12345678Z'));
  });

  it('finds a client by any part of the name or document, whatever the accents, case and spaces', async () => {
    expect(deAna.length).toBeGreaterThan(0);
    for (const q of ['garcía', 'GARCIA', 'Garcia Lopez', 'cía lóp', 'ana   garcía', '5678z', '12345678-z', '12 345 678 Z']) {
      expect(ids(await buscar(q)), q).toEqual(deAna);
    }
    for (const q of ['nuñez', 'CONSTRUCCIONES NUNEZ', 'b8765', 'B-87654321']) expect(ids(await buscar(q)), q).toEqual([empresa]);
    for (const q of ['maria del carmen', 'MARÍA DEL CARMEN IBÁÑEZ', '55555555']) expect(ids(await buscar(q)), q).toEqual([carmen]);
    // LIKE's own characters are searched as written, not as wildcards
    expect(ids(await buscar('garc%'))).toEqual([]);
    expect(ids(await buscar('gar_ía'))).toEqual([]);
    expect((await buscar('sin coincidencias')).body).toMatchObject({ data: [], total: 0, totalAcotado: false });
    // staff of another notaría do not find this one's clients
    expect((await get(`/despacho/expedientes?q=garcia`, 'staffOtra')).body.data).toEqual([]);
  });

  it('a search with the estado filter and overdue first keeps both', async () => {
    const pendientes = await buscar('garcía', '&estado=PENDIENTE&orden=vencimiento');
    expect(pendientes.status).toBe(200);
    expect(pendientes.body.data.every((e: { estado: string }) => e.estado === 'PENDIENTE')).toBe(true);
    expect(pendientes.body.total).toBe(pendientes.body.data.length);
  });

  it('refuses what would read without bound, in Spanish, and changes nothing', async () => {
    const antes = (await get('/despacho/expedientes', 'staff')).body;
    const casos: [string, RegExp][] = [
      ['q=ga', /al menos 3 letras o cifras seguidas/],
      ['q=g%20a%20r', /al menos 3 letras o cifras seguidas/],
      ['q=%25%25%25', /al menos 3 letras o cifras seguidas/],
      [`q=${'a'.repeat(201)}`, /no puede superar los 200 caracteres/],
      ['size=101', /size debe estar entre 1 y 100/],
      ['size=0', /size debe estar entre 1 y 100/],
      ['page=0', /page debe ser un número entero/],
      ['page=501&size=20', /Solo se pueden consultar los 10\.000 primeros expedientes/],
      ['page=101&size=100', /Solo se pueden consultar los 10\.000 primeros expedientes/],
      ['page=51&size=20&q=garcia', /Solo se pueden consultar los 1\.000 primeros expedientes de una búsqueda/],
    ];
    for (const [query, message] of casos) {
      const r = await get(`/despacho/expedientes?${query}`, 'staff');
      expect(r.status, query).toBe(400);
      expect(r.body.message, query).toMatch(message);
    }
    // the last page of each window is served; an empty search is no filter
    expect((await get('/despacho/expedientes?page=500&size=20', 'staff')).status).toBe(200);
    expect((await get('/despacho/expedientes?page=50&size=20&q=garcia', 'staff')).status).toBe(200);
    expect((await get('/despacho/expedientes?q=%20%20', 'staff')).body.total).toBe(antes.total);
    expect((await get('/despacho/expedientes', 'staff')).body).toEqual(antes);
  });

  it('a search matching thousands of cases answers the same pages, newest first or overdue first, up to 1,000', async () => {
    // 5,100 more cases of one client in notaría 1 (older than the others, a third overdue): beyond
    // what the server reads client by client, so the page comes from the notaría's newest cases
    const { rows } = await s.ctx.db.query<{ id: string }>(
      `insert into servicios.personas (tipo_persona, identificador_numero, nombre, primer_apellido) values ('FISICA', '66666666Q', 'Óscar', 'Muchoscasos') returning id`,
    );
    await s.ctx.db.query(
      `insert into servicios.expedientes (titulo, persona_id, notaria_id, fecha_alta, due_date, estado)
       select 'Caso ' || g, $1, 1, timestamptz '2001-01-01' + make_interval(mins => g % 4000),
              case when g % 3 = 0 then date '2020-01-01' + g % 50 end, (array['PENDIENTE', 'EN_TRAMITE', 'FINALIZADO'])[g % 3 + 1]
         from generate_series(1, 5100) g`,
      [rows[0].id],
    );
    const esperado = async (orden: string, estado = '') =>
      (await s.ctx.db.query<{ id: string }>(
        `select e.id from servicios.expedientes e where e.persona_id = $1 and e.notaria_id = 1 ${estado && `and e.estado = '${estado}'`}
          order by ${orden} limit 20 offset 20`,
        [rows[0].id],
      )).rows.map((r) => r.id);
    const VENCIMIENTO = `(e.estado in ('FINALIZADO', 'COMPLETADO')), e.due_date, e.fecha_alta desc, e.id`;
    // all 5,100: more than the server reads client by client, so the pages come from the notaría's walk
    const recientes = await get('/despacho/expedientes?q=OSCAR%20muchos&size=20&page=2', 'staff');
    expect(recientes.body).toMatchObject({ total: 1000, totalAcotado: true });
    expect(ids(recientes)).toEqual(await esperado('e.fecha_alta desc, e.id'));
    const vencidos = await get('/despacho/expedientes?q=muchoscasos&size=20&page=2&orden=vencimiento', 'staff');
    expect(ids(vencidos)).toEqual(await esperado(VENCIMIENTO));
    expect(vencidos.body.data[0].vencido).toBe(true);
    // the 1,700 Finalizado: read client by client and sorted, the same pages
    const finalizados = await get('/despacho/expedientes?q=66666666q&estado=FINALIZADO&size=20&page=2', 'staff');
    expect(finalizados.body).toMatchObject({ total: 1000, totalAcotado: true });
    expect(ids(finalizados)).toEqual(await esperado('e.fecha_alta desc, e.id', 'FINALIZADO'));
    const finalizadosVencidos = await get('/despacho/expedientes?q=66666666q&estado=FINALIZADO&size=20&page=2&orden=vencimiento', 'staff');
    expect(ids(finalizadosVencidos)).toEqual(await esperado(VENCIMIENTO, 'FINALIZADO'));
  });
});

// The same search on PostgreSQL (DATABASE_URL), where pg_trgm comes from the server's own
// extensions instead of PGlite's bundle: `npm test` starts a throw-away PostgreSQL when installed.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the client search on PostgreSQL (DATABASE_URL)', () => {
  it('migrates with pg_trgm, finds clients by name or document and pages a common search like PGlite', async () => {
    const admin = await openPostgres(process.env.TEST_DATABASE_URL!);
    const name = `notaria_despacho_${randomUUID().slice(0, 8)}`;
    await admin.exec(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const server = await startServer({ port: 0, databaseUrl: url.toString(), dataDir: null, jwtSecret: TEST_JWT_SECRET }, { log: () => undefined });
    try {
      const token = await signAccessToken(TEST_JWT_SECRET, { sub: LUCIA.personaId, app_role: 'assistant', notarias: [1] });
      const lista = async (query: string) => {
        const res = await fetch(`${server.url}${SERVICES}/despacho/expedientes?${query}`, { headers: { Authorization: `Bearer ${token}` } });
        return { status: res.status, body: (await res.json()) as any };
      };
      const db = server.ctx.db;
      const persona = (await db.query<{ id: string }>(
        `insert into servicios.personas (tipo_persona, identificador_numero, nombre, primer_apellido) values ('FISICA', '66666666Q', 'Óscar', 'Muchoscasos') returning id`,
      )).rows[0].id;
      const ana = (await db.query<{ id: string }>(
        `insert into servicios.expedientes (titulo, persona_id, notaria_id) values ('Compraventa', $1, 1) returning id`, [ANA.personaId])).rows[0].id;
      for (const q of ['GÁRCIA', 'cía lóp', '12345678-z']) expect((await lista(`q=${encodeURIComponent(q)}`)).body.data.map((e: { id: string }) => e.id), q).toEqual([ana]);
      expect((await lista('q=ga')).status).toBe(400);
      await db.query(
        `insert into servicios.expedientes (titulo, persona_id, notaria_id, fecha_alta, estado)
         select 'Caso ' || g, $1, 1, timestamptz '2001-01-01' + make_interval(mins => g % 4000), (array['PENDIENTE', 'EN_TRAMITE', 'FINALIZADO'])[g % 3 + 1]
           from generate_series(1, 5100) g`,
        [persona],
      );
      await db.exec('analyze servicios.expedientes, servicios.personas');
      const esperado = async (estado: string) =>
        (await db.query<{ id: string }>(
          `select id from servicios.expedientes where persona_id = $1 ${estado && `and estado = '${estado}'`} order by fecha_alta desc, id limit 20 offset 20`,
          [persona],
        )).rows.map((r) => r.id);
      for (const estado of ['', 'FINALIZADO']) {
        const r = await lista(`q=oscar%20muchos&size=20&page=2${estado && `&estado=${estado}`}`);
        expect(r.body).toMatchObject({ total: 1000, totalAcotado: true });
        expect(r.body.data.map((e: { id: string }) => e.id), estado).toEqual(await esperado(estado));
      }
    } finally {
      await server.close();
      await admin.exec(`drop database if exists ${name} with (force)`);
      await admin.close();
    }
  }, 120_000);
});
