import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { ANA, LUCIA } from '../support/sign-in';

/**
 * Issue 31, item 7: a representative whose privilegio ended still saw the grantor's copy requests
 * in GET /copias, and PUT /copia/{id} answered 403 for an existing id against 404 for an unknown
 * one. Every list follows the rule of its one-row read; existence is never revealed.
 */
let s: TestServer;
let representante: string;
let asRep: string;
let copiaId: string;

const send = async (method: string, path: string, token: string, json?: unknown) => {
  const res = await s.api(path, { method, token, json });
  return { status: res.status, body: (await res.json()) as any };
};

beforeAll(async () => {
  s = await startTestServer();
  const { rows } = await s.ctx.db.query<{ id: string }>(
    `insert into servicios.personas (tipo_persona, identificador_tipo, identificador_numero, nombre) values ('FISICA', 'NIF', '44444444A', 'Rep') returning id`,
  );
  representante = rows[0].id;
  await s.ctx.db.query(
    `insert into servicios.privilegios (persona_otorgante_id, persona_receptora_id, tipo_privilegio, fecha_inicio_relacion,
       permiso_leer_expedientes, permiso_leer_actos, permiso_actualizar_expedientes, permiso_crear_expedientes)
     values ($1, $2, 'GENERAL', '2020-01-01', true, true, true, true)`,
    [ANA.personaId, representante],
  );
  asRep = await s.token(representante);
  const cliente = await s.token(ANA.personaId);
  const staff = await s.token(LUCIA.personaId, 'assistant', [1]);
  const exp = await send('POST', '/expediente', cliente, { titulo: 'Compraventa', dueDate: '2030-12-31', personaId: ANA.personaId, notariaId: 1, links: [] });
  for (const estado of ['EN_TRAMITE', 'FINALIZADO']) expect((await send('PUT', `/expediente/${exp.body.id}/estado`, staff, { estado })).status).toBe(200);
  const copia = await send('POST', `/expediente/${exp.body.id}/copias`, asRep, { tipo: 'SIMPLE', motivo: 'Para el banco' });
  expect(copia.status).toBe(201);
  copiaId = copia.body.id;
});
afterAll(() => s?.close());

describe('a representative whose privilegio ended', () => {
  it('sees their request while the privilegio is in force', async () => {
    expect((await send('GET', '/copias', asRep)).body.map((c: { id: string }) => c.id)).toEqual([copiaId]);
  });

  it('no longer sees it in GET /copias, and PUT /copia/{id} answers as for an unknown id', async () => {
    await s.ctx.db.query('update servicios.privilegios set fecha_fin_relacion = current_date where persona_receptora_id = $1', [representante]);
    expect(await send('GET', '/copias', asRep)).toEqual({ status: 200, body: [] });
    const existente = await send('PUT', `/copia/${copiaId}`, asRep, { estado: 'EN_PREPARACION' });
    const desconocida = await send('PUT', `/copia/${randomUUID()}`, asRep, { estado: 'EN_PREPARACION' });
    expect(existente).toEqual(desconocida);
    expect(existente.status).toBe(404);
  });
});
