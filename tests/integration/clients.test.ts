/**
 * /clients (issue 35, item 15): the first seed document's client calls, over the same personas
 * and rules as /persona.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { insertPersona, insertPrivilegio, nuevoNif } from './personas.fixtures';

let server: TestServer;
let yo: string;
let token: string;
let extrañoToken: string;
/** created by yo */
let fisica: string;
let juridica: string;
/** granted yo a privilegio in force */
let representado: string;
/** granted yo a privilegio that ended */
let terminado: string;
/** someone else's */
let ajena: string;

beforeAll(async () => {
  server = await startTestServer();
  yo = await insertPersona(server, { nombre: 'Irene', primerApellido: 'Clientes' });
  const extraño = await insertPersona(server, { nombre: 'Eva', primerApellido: 'Extraña' });
  token = await server.token(yo);
  extrañoToken = await server.token(extraño);
  fisica = await insertPersona(server, { owner: yo, nombre: 'Carlos', primerApellido: 'Ruiz' });
  juridica = await insertPersona(server, { owner: yo, tipo: 'JURIDICA', numero: 'B12345674', nombre: null, primerApellido: null, razonSocial: 'Sol S.L.' });
  representado = await insertPersona(server, { nombre: 'Rafael', primerApellido: 'Representado' });
  await insertPrivilegio(server, { otorgante: representado, receptora: yo, permisos: ['leer_ficha'] });
  terminado = await insertPersona(server, { nombre: 'Teresa', primerApellido: 'Terminada' });
  await insertPrivilegio(server, { otorgante: terminado, receptora: yo, permisos: ['leer_ficha'], fin: '2021-01-01' });
  ajena = await insertPersona(server, { owner: extraño, nombre: 'Ajena', primerApellido: 'Otra' });
});
afterAll(() => server?.close());

const ids = (body: { data: { id: string }[] }) => body.data.map((p) => p.id).sort();
const get = async (path: string, t = token) => {
  const res = await server.api(path, { token: t });
  return { status: res.status, body: await res.json() };
};

describe('GET /clients, /clients/individuals, /clients/entities', () => {
  it('lists the personas the caller created or represents and may read, not themself, a page at a time', async () => {
    const { status, body } = await get('/clients');
    expect(status).toBe(200);
    expect(ids(body)).toEqual([fisica, juridica, representado].sort());
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    const pagina = await get('/clients?page=2&pageSize=2');
    expect(pagina.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(pagina.body.data).toHaveLength(1);
  });

  it('individuals are FISICA and entities JURIDICA', async () => {
    expect(ids((await get('/clients/individuals')).body)).toEqual([fisica, representado].sort());
    expect(ids((await get('/clients/entities')).body)).toEqual([juridica]);
  });

  it('searches by name, and refuses a bad page with a Spanish message', async () => {
    expect(ids((await get('/clients?q=ruiz')).body)).toEqual([fisica]);
    const bad = await get('/clients?page=0');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Página inválida');
  });

  it('another caller sees none of them; no token answers 401', async () => {
    expect(ids((await get('/clients', extrañoToken)).body)).toEqual([ajena]);
    expect((await server.api('/clients')).status).toBe(401);
  });
});

describe('GET, POST, PUT /clients/{id}', () => {
  it('reads what the caller may read and answers 404 otherwise', async () => {
    expect((await get(`/clients/${fisica}`)).body).toMatchObject({ id: fisica, nombre: 'Carlos' });
    expect((await get(`/clients/${ajena}`)).status).toBe(404);
    expect((await get(`/clients/${terminado}`)).status).toBe(404);
    expect((await get('/clients/no-es-un-id')).status).toBe(404);
  });

  it('creates a persona of the caller and changes it; another person\'s answers 404', async () => {
    const numero = nuevoNif();
    const created = await server.api('/clients', {
      method: 'POST',
      token,
      json: { tipoPersona: 'FISICA', identificador: { tipo: 'NIF', numero }, nombre: 'Nuevo', primerApellido: 'Cliente' },
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const put = await server.api(`/clients/${id}`, { method: 'PUT', token, json: { nombre: 'Renombrado' } });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ id, nombre: 'Renombrado', primerApellido: 'Cliente' });
    expect((await server.api(`/clients/${ajena}`, { method: 'PUT', token, json: { nombre: 'X' } })).status).toBe(404);
    const invalid = await server.api('/clients', { method: 'POST', token, json: { tipoPersona: 'OTRA' } });
    expect(invalid.status).toBe(400);
  });
});

describe('DELETE /clients/{id}', () => {
  const borrar = (id: string, t = token) => server.api(`/clients/${id}`, { method: 'DELETE', token: t });
  const existe = async (id: string) => (await server.ctx.db.query('select 1 from servicios.personas where id = $1', [id])).rowCount === 1;

  it('deletes a persona the caller created that nothing uses', async () => {
    const id = await insertPersona(server, { owner: yo, nombre: 'Borrable' });
    expect((await borrar(id)).status).toBe(204);
    expect(await existe(id)).toBe(false);
    expect((await get(`/clients/${id}`)).status).toBe(404);
  });

  it('refuses, keeping it, one that a case, an appointment or a privilegio uses (409)', async () => {
    const conExpediente = await insertPersona(server, { owner: yo, nombre: 'Con expediente' });
    await server.ctx.db.query(`insert into servicios.expedientes (titulo, persona_id, notaria_id) values ('Herencia', $1, 1)`, [conExpediente]);
    const conCita = await insertPersona(server, { owner: yo, nombre: 'Con cita' });
    await server.ctx.db.query(
      `insert into public.citas (user_id, client_id, notaria_id, staff_id, subject, date, time) values ($1, $2, 1, 1, 'Consulta', '2031-03-03', '10:00')`,
      [yo, conCita],
    );
    const conRepresentante = await insertPersona(server, { owner: yo, nombre: 'Con representante' });
    await insertPrivilegio(server, { otorgante: conRepresentante, receptora: representado });
    for (const id of [conExpediente, conCita, conRepresentante]) {
      const res = await borrar(id);
      expect(res.status).toBe(409);
      expect((await res.json()).message).toBe(
        'No se puede eliminar esta persona: tiene expedientes, citas, representantes, documentos u otros datos que la usan',
      );
      expect(await existe(id)).toBe(true);
    }
  });

  it('what the caller may read but did not create answers 403; what they may not read, 404', async () => {
    const res = await borrar(representado);
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe('Solo puede eliminar las personas que usted ha creado');
    expect((await borrar(yo)).status).toBe(403);
    expect((await borrar(ajena)).status).toBe(404);
    expect(await existe(ajena)).toBe(true);
    expect(await existe(representado)).toBe(true);
  });
});
