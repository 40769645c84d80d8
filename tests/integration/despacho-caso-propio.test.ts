import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { LUCIA } from '../support/sign-in';
import { MENSAJES_DESPACHO } from '../../domain/despacho-rules';

/**
 * Issue 31, item 8: a staff member opened a case for themself at their notaría, moved it to
 * FINALIZADO and wrote in its conversation as the office. The office side of a case whose client
 * is the staff member, or a persona they own, needs another staff member.
 */
let s: TestServer;
let lucia: string; // staff of notaría 1, and a client of her own cases
let otraPersonal: string; // another staff member of notaría 1
let suya: string; // a persona Lucía created

const send = async (method: string, path: string, token: string, json?: unknown) => {
  const res = await s.api(path, { method, token, json });
  return { status: res.status, body: (await res.json()) as any };
};

beforeAll(async () => {
  s = await startTestServer();
  lucia = await s.token(LUCIA.personaId, 'assistant', [1]);
  const otra = await s.ctx.db.query<{ id: string }>(
    `insert into servicios.personas (tipo_persona, identificador_tipo, identificador_numero, nombre) values ('FISICA', 'NIF', '66666666Q', 'Javier') returning id`,
  );
  otraPersonal = await s.token(otra.rows[0].id, 'assistant', [1]);
  const { rows } = await s.ctx.db.query<{ id: string }>(
    `insert into servicios.personas (tipo_persona, identificador_tipo, identificador_numero, owner_id, nombre) values ('FISICA', 'NIF', '55555555K', $1, 'Hermano') returning id`,
    [LUCIA.personaId],
  );
  suya = rows[0].id;
});
afterAll(() => s?.close());

describe("a staff member's own case", () => {
  for (const [quien, persona] of [['herself', () => LUCIA.personaId], ['a persona she owns', () => suya]] as const) {
    it(`for ${quien}: she opens it as a client, but its office side is another staff member's`, async () => {
      const exp = await send('POST', '/expediente', lucia, { titulo: 'Mi herencia', dueDate: '2030-12-31', personaId: persona(), notariaId: 1, links: [] });
      expect(exp.status).toBe(201);
      const id = exp.body.id as string;
      const propio = { status: 403, body: expect.objectContaining({ message: MENSAJES_DESPACHO.casoPropio }) };
      expect(await send('PUT', `/expediente/${id}/estado`, lucia, { estado: 'EN_TRAMITE' })).toEqual(propio);
      expect((await send('GET', `/despacho/expedientes/${id}`, lucia)).status).toBe(403);
      // in the conversation she writes as the client, not as the office
      const msg = await send('POST', `/expediente/${id}/mensajes`, lucia, { texto: 'Hola' });
      expect([msg.status, msg.body.lado]).toEqual([201, 'CLIENTE']);
      expect((await send('POST', `/expediente/${id}/mensajes`, lucia, { texto: '¿Me oyen?' })).status).toBe(201);
      expect((await s.ctx.db.query('select estado from servicios.expedientes where id = $1', [id])).rows).toEqual([{ estado: 'PENDIENTE' }]);
      // another staff member of the notaría works it
      expect((await send('PUT', `/expediente/${id}/estado`, otraPersonal, { estado: 'EN_TRAMITE' })).status).toBe(200);
      const oficina = await send('POST', `/expediente/${id}/mensajes`, otraPersonal, { texto: 'Recibido' });
      expect([oficina.status, oficina.body.lado]).toEqual([201, 'NOTARIA']);
      // her unread notices count the office's message, not her own
      expect((await send('GET', '/mensajes/no-leidos', lucia)).body.porExpediente[id]).toBe(1);
    });
  }
});
