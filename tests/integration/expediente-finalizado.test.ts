import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { ANA, LUCIA } from '../support/sign-in';
import { mensajeExpedienteCerrado } from '../../domain/expediente-rules';

/**
 * Issue 31, item 6: a finished case (FINALIZADO, COMPLETADO) is closed to its client side's
 * changes (409 with a Spanish reason naming its estado) until the office reopens it.
 */
let s: TestServer;
let cliente: string;
let staff: string;

const send = async (method: string, path: string, token: string, json?: unknown) => {
  const res = await s.api(path, { method, token, json });
  return { status: res.status, body: (await res.json()) as any };
};
const acto = (expedienteId: string, status = 'ENVIADO') => ({ expedienteId, titulo: 'Poder general', status, datosFormulario: { proposito: { texto: 'Vender' } } });
const actos = async (expedienteId: string) => (await s.ctx.db.query('select titulo, status from servicios.actos where expediente_id = $1 order by created_at', [expedienteId])).rows;

beforeAll(async () => {
  s = await startTestServer();
  cliente = await s.token(ANA.personaId);
  staff = await s.token(LUCIA.personaId, 'assistant', [1]);
});
afterAll(() => s?.close());

async function casoEn(estado: 'FINALIZADO' | 'COMPLETADO') {
  const exp = await send('POST', '/expediente', cliente, { titulo: `Caso ${estado}`, dueDate: '2030-12-31', personaId: ANA.personaId, notariaId: 1, links: [] });
  expect(exp.status).toBe(201);
  const borrador = await send('POST', '/acto', cliente, acto(exp.body.id, 'BORRADOR'));
  expect(borrador.status).toBe(201);
  for (const e of ['EN_TRAMITE', estado]) expect((await send('PUT', `/expediente/${exp.body.id}/estado`, staff, { estado: e })).status).toBe(200);
  return { id: exp.body.id as string, borrador: borrador.body.id as string };
}

describe('a finished case', () => {
  for (const estado of ['FINALIZADO', 'COMPLETADO'] as const) {
    it(`${estado}: no new act, no change to a draft, no sending it; nothing stored`, async () => {
      const caso = await casoEn(estado);
      const antes = await actos(caso.id);
      const motivo = mensajeExpedienteCerrado(estado);
      expect(motivo).toBe(`El expediente está ${estado === 'FINALIZADO' ? 'finalizado' : 'completado'}: no admite cambios hasta que la notaría lo reabra.`);
      expect(await send('POST', '/acto', cliente, acto(caso.id))).toEqual({ status: 409, body: expect.objectContaining({ message: motivo }) });
      expect(await send('PUT', `/acto/${caso.borrador}`, cliente, { titulo: 'Otro' })).toEqual({ status: 409, body: expect.objectContaining({ message: motivo }) });
      expect(await send('PUT', `/acto/${caso.borrador}`, cliente, { status: 'ENVIADO' })).toEqual({ status: 409, body: expect.objectContaining({ message: motivo }) });
      expect(await actos(caso.id)).toEqual(antes);
    });
  }

  it('reopened by the office, it takes changes again', async () => {
    const caso = await casoEn('FINALIZADO');
    expect((await send('PUT', `/expediente/${caso.id}/estado`, staff, { estado: 'EN_TRAMITE', motivo: 'Falta un documento' })).status).toBe(200);
    expect((await send('PUT', `/acto/${caso.borrador}`, cliente, { status: 'ENVIADO' })).status).toBe(200);
    expect((await send('POST', '/acto', cliente, acto(caso.id))).status).toBe(201);
  });

  it('another client still gets 404, not the reason (existence is not revealed)', async () => {
    const caso = await casoEn('FINALIZADO');
    const otro = await s.token('00000000-0000-4000-8000-000000000003');
    expect((await send('POST', '/acto', otro, acto(caso.id))).status).toBe(404);
    expect((await send('PUT', `/acto/${caso.borrador}`, otro, { titulo: 'x' })).status).toBe(404);
  });
});
