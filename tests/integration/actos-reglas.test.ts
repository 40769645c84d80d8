import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { insertPersona } from './personas.fixtures';

/**
 * The data of an act keeps the rules of its form definition (act 3, 'Poder General': copies a
 * whole number from 1 to 20, 'Vigente hasta' not before today), on the server as in the form;
 * a sent act is read-only until it is taken back to BORRADOR, and the case shows it was withdrawn.
 */
let server: TestServer;
let token: string;
let expedienteId: string;

beforeAll(async () => {
  server = await startTestServer();
  const ana = await insertPersona(server, { nombre: 'Ana' });
  token = await server.token(ana);
  const res = await server.api('/expediente', { method: 'POST', token, json: { titulo: 'Poder', dueDate: '2030-12-31', personaId: ana, notariaId: 1, links: [] } });
  expedienteId = (await res.json()).id;
});
afterAll(() => server?.close());

const proposito = (extra: Record<string, unknown>) => ({ proposito: { alcance: 'GENERAL', forma_actuacion: 'SOLIDARIA', ...extra } });
const crear = (datosFormulario: unknown) =>
  server.api('/acto', { method: 'POST', token, json: { expedienteId, titulo: 'Poder general', definicionActoId: 3, datosFormulario } });
const cambiar = (id: string, json: unknown) => server.api(`/acto/${id}`, { method: 'PUT', token, json });
const actosEnBd = async () => Number((await server.ctx.db.query<{ n: string }>('select count(*) as n from servicios.actos')).rows[0].n);

describe('datosFormulario follows the form definition', () => {
  it('refuses −5, 2.5, "abc" and 21 copies and a past "Vigente hasta", with the Spanish reason; stores nothing', async () => {
    const antes = await actosEnBd();
    for (const [extra, mensaje] of [
      [{ numero_copias: -5 }, 'Número de copias autorizadas debe ser como mínimo 1'],
      [{ numero_copias: 2.5 }, 'Número de copias autorizadas debe ser un número entero'],
      [{ numero_copias: 'abc' }, 'Número de copias autorizadas debe ser un número'],
      [{ numero_copias: 21 }, 'Número de copias autorizadas debe ser como máximo 20'],
      [{ fecha_fin: '2020-01-01' }, 'Vigente hasta no puede ser anterior al'],
      [{ fecha_fin: 'mañana' }, 'Vigente hasta: formato de fecha inválido (dd-mm-aaaa)'],
    ] as const) {
      const res = await crear(proposito(extra));
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect((await res.json()).message).toContain(mensaje);
    }
    expect(await actosEnBd()).toBe(antes);
  });

  it('accepts valid data and a draft with required fields still empty; a change is checked the same way', async () => {
    const res = await crear(proposito({ numero_copias: 2, fecha_fin: '2099-01-31' }));
    expect(res.status).toBe(201);
    const acto = await res.json();
    expect((await crear({ proposito: { numero_copias: 1 } })).status).toBe(201);
    const malo = await cambiar(acto.id, { datosFormulario: proposito({ numero_copias: -5 }) });
    expect(malo.status).toBe(400);
    expect((await (await server.api(`/acto/expediente/${expedienteId}`, { token })).json()).find((a: { id: string }) => a.id === acto.id).datosFormulario.proposito.numero_copias).toBe(2);
  });
});

describe('a sent act is read-only', () => {
  it('its data cannot change while ENVIADO; back to BORRADOR it can, and the act says it was withdrawn', async () => {
    const acto = await (await crear(proposito({ numero_copias: 2 }))).json();
    expect((await cambiar(acto.id, { status: 'ENVIADO' })).status).toBe(200);
    const res = await cambiar(acto.id, { ...acto, status: 'ENVIADO', datosFormulario: proposito({ numero_copias: 3 }) });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe('Un acto enviado no se puede modificar. Cambie su estado a Borrador para editarlo.');
    expect((await cambiar(acto.id, { titulo: 'Otro título' })).status).toBe(409);
    // the same body with nothing changed is fine (the portal sends the whole act)
    expect((await cambiar(acto.id, { titulo: 'Poder general', status: 'ENVIADO' })).status).toBe(200);

    const retirado = await cambiar(acto.id, { status: 'BORRADOR' });
    expect(retirado.status).toBe(200);
    expect((await retirado.json()).retiradoEn).toEqual(expect.any(String));
    expect((await cambiar(acto.id, { datosFormulario: proposito({ numero_copias: 3 }) })).status).toBe(200);
    const reenviado = await (await cambiar(acto.id, { status: 'ENVIADO' })).json();
    expect(reenviado).toMatchObject({ status: 'ENVIADO', retiradoEn: null, datosFormulario: proposito({ numero_copias: 3 }) });
  });
});
