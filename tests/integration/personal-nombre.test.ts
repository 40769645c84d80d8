/**
 * A staff member is named by their staff record (issue 35, item 6): the header's greeting
 * (GET /despacho/yo) and their chat messages, 'Tomás Prueba Walk (Notaría)', never the document
 * number or 'Sin nombre (Notaría)'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';

let s: TestServer;
let staff: string;
let staffToken: string;
let clienteToken: string;
let expediente: string;

beforeAll(async () => {
  s = await startTestServer();
  const db = s.ctx.db;
  // the persona a staff member's first sign-in makes: a document and no name
  staff = (await db.query<{ id: string }>(`insert into servicios.personas (tipo_persona, identificador_numero) values ('FISICA', '55555555K') returning id`)).rows[0].id;
  await db.query(`insert into servicios.usuarios (tipo_documento, numero_documento, email, persona_id) values ('NIF', '55555555K', 'tomas@notaria.example', $1)`, [staff]);
  await db.query(
    `insert into public.personal (name, email, position, notaria_id, tipo_documento, numero_documento) values ('Tomás Prueba Walk', 'tomas@notaria.example', 'Oficial', 1, 'NIF', '55555555K')`,
  );
  staffToken = await s.token(staff, 'assistant', [1]);
  const cliente = (await db.query<{ id: string }>(`insert into servicios.personas (tipo_persona, identificador_numero, nombre, primer_apellido) values ('FISICA', '87654321X', 'Clara', 'Cliente') returning id`)).rows[0].id;
  clienteToken = await s.token(cliente);
  const idint = (await db.query<{ idint: number }>('select idint from public.notarias where id = 1')).rows[0].idint;
  expediente = (await db.query<{ id: string }>(`insert into servicios.expedientes (titulo, persona_id, notaria_id) values ('Herencia', $1, $2) returning id`, [cliente, idint])).rows[0].id;
});
afterAll(() => s?.close());

describe("the staff record's name", () => {
  it('GET /despacho/yo answers it to the staff member, and 404 to a client', async () => {
    const res = await s.api('/despacho/yo', { token: staffToken });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ nombre: 'Tomás Prueba Walk' });
    expect((await s.api('/despacho/yo', { token: clienteToken })).status).toBe(404);
  });

  it("signs the staff member's chat messages, for both sides", async () => {
    const sent = await s.api(`/expediente/${expediente}/mensajes`, { method: 'POST', token: staffToken, json: { texto: 'Buenos días' } });
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({ lado: 'NOTARIA', autorNombre: 'Tomás Prueba Walk (Notaría)' });
    const leidos = await (await s.api(`/expediente/${expediente}/mensajes`, { token: clienteToken })).json();
    expect(leidos.map((m: { autorNombre: string }) => m.autorNombre)).toEqual(['Tomás Prueba Walk (Notaría)']);
  });
});
