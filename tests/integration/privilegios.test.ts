import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { todayIso } from '../../domain/dates';
import { insertPersona, insertPrivilegio } from './personas.fixtures';

let server: TestServer;
let owner: string;
let ownerToken: string;
let cliente: string;
let stranger: string;
let strangerToken: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await insertPersona(server, { nombre: 'Ana' });
  cliente = await insertPersona(server, { owner, nombre: 'Carlos' });
  stranger = await insertPersona(server, { nombre: 'Eva' });
  ownerToken = await server.token(owner);
  strangerToken = await server.token(stranger);
});
afterAll(() => server?.close());

const PERMISOS = [
  'permisoLeerFichaReducida', 'permisoLeerFicha', 'permisoActualizarFicha', 'permisoLeerExpedientes',
  'permisoActualizarExpedientes', 'permisoCrearExpedientes', 'permisoLeerActos', 'permisoTraspasarPermisos',
];

async function nuevoRepresentante() {
  return insertPersona(server, { owner, nombre: 'Rita' });
}

const post = (json: unknown, token = ownerToken) => server.api('/privilegio', { method: 'POST', token, json });
const privilegiosEnBd = async () =>
  (await server.ctx.db.query<{ n: number }>('select count(*)::int as n from servicios.privilegios')).rows[0].n;

describe('POST /privilegio', () => {
  it('REPRESENTANTE_LEGAL gets all eight permissions, modificable, and never permisoCrearPrivilegio', async () => {
    const receptora = await nuevoRepresentante();
    const res = await post({
      personaOtorganteId: cliente,
      personaReceptoraId: receptora,
      tipoPrivilegio: 'REPRESENTANTE_LEGAL',
      fechaInicioRelacion: '2024-01-01',
      permisoLeerFicha: false,
      permisoCrearPrivilegio: true,
      modificable: false,
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    for (const p of PERMISOS) expect(body[p]).toBe(true);
    expect(body).toMatchObject({ permisoCrearPrivilegio: false, modificable: true, personaOtorganteId: cliente, personaReceptoraId: receptora });
    expect(body).not.toHaveProperty('fechaFinRelacion');
    // and the receptora now reads the client through it
    expect((await server.api(`/persona/${cliente}`, { token: await server.token(receptora) })).status).toBe(200);
  });

  it('GENERAL keeps the chosen permissions; permisoCrearPrivilegio is stored false', async () => {
    const receptora = await nuevoRepresentante();
    const res = await post({
      personaOtorganteId: cliente,
      personaReceptoraId: receptora,
      tipoPrivilegio: 'GENERAL',
      fechaInicioRelacion: '2024-01-01',
      fechaFinRelacion: '2999-12-31',
      permisoLeerExpedientes: true,
      permisoCrearPrivilegio: true,
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ permisoLeerExpedientes: true, permisoLeerFicha: false, permisoCrearPrivilegio: false, fechaFinRelacion: '2999-12-31' });
    const { rows } = await server.ctx.db.query<{ c: boolean }>('select permiso_crear_privilegio as c from servicios.privilegios where id = $1', [body.id]);
    expect(rows[0].c).toBe(false);
    // leer_expedientes alone does not open the personal record
    expect((await server.api(`/persona/${cliente}`, { token: await server.token(receptora) })).status).toBe(404);
  });

  it('a second privilegio between the same persons answers 403, a Spanish message and the code privilegio_exists', async () => {
    const receptora = await nuevoRepresentante();
    const body = { personaOtorganteId: cliente, personaReceptoraId: receptora, tipoPrivilegio: 'GENERAL', fechaInicioRelacion: '2024-01-01' };
    expect((await post(body)).status).toBe(201);
    const before = await privilegiosEnBd();
    const again = await post({ ...body, tipoPrivilegio: 'REPRESENTANTE_LEGAL' });
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({ message: 'Ya existe un privilegio entre estas personas', code: 'privilegio_exists' });
    expect(await privilegiosEnBd()).toBe(before);
  });

  it('only the granting person or its owner may grant, and only to a visible person (404 otherwise)', async () => {
    const receptora = await nuevoRepresentante();
    const body = { personaOtorganteId: cliente, personaReceptoraId: receptora, tipoPrivilegio: 'GENERAL', fechaInicioRelacion: '2024-01-01' };
    expect((await post(body, strangerToken)).status).toBe(404);
    // a representative with every permission still cannot grant in the client's name
    const legal = await nuevoRepresentante();
    await insertPrivilegio(server, { otorgante: cliente, receptora: legal, tipo: 'REPRESENTANTE_LEGAL', permisos: ['leer_ficha', 'actualizar_ficha', 'traspasar_permisos'] });
    expect((await post(body, await server.token(legal))).status).toBe(404);
    // the owner cannot make a stranger's persona receive
    expect((await post({ ...body, personaReceptoraId: stranger })).status).toBe(404);
    // the person themself may grant, to a person they can see
    expect((await post(body, await server.token(cliente))).status).toBe(404);
    const suya = await insertPersona(server, { owner: cliente });
    expect((await post({ ...body, personaReceptoraId: suya }, await server.token(cliente))).status).toBe(201);
  });

  it.each([
    [{ fechaInicioRelacion: undefined }, 'fechaInicioRelacion', 'La fecha de inicio es requerida'],
    [{ fechaInicioRelacion: '01/01/2024' }, 'fechaInicioRelacion', 'Fecha inválida (formato aaaa-mm-dd)'],
    [{ fechaFinRelacion: '2023-12-31' }, 'fechaFinRelacion', 'La fecha de fin no puede ser anterior a la fecha de inicio'],
    [{ tipoPrivilegio: 'TOTAL' }, 'tipoPrivilegio', 'El tipo de privilegio debe ser REPRESENTANTE_LEGAL o GENERAL'],
    [{ personaReceptoraId: 'abc' }, 'personaReceptoraId', 'Identificador de persona inválido'],
    [{ permisoLeerFicha: 'si' }, 'permisoLeerFicha', 'Los permisos deben ser verdadero o falso'],
  ])('malformed %j answers 400 with the field message', async (change, field, message) => {
    const receptora = await nuevoRepresentante();
    const before = await privilegiosEnBd();
    const res = await post({ personaOtorganteId: cliente, personaReceptoraId: receptora, tipoPrivilegio: 'GENERAL', fechaInicioRelacion: '2024-01-01', ...change });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe(message);
    expect(body.fieldErrors[field]).toBe(message);
    expect(await privilegiosEnBd()).toBe(before);
  });

  it('a person cannot grant a privilegio to themself', async () => {
    const res = await post({ personaOtorganteId: cliente, personaReceptoraId: cliente, tipoPrivilegio: 'GENERAL', fechaInicioRelacion: '2024-01-01' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Una persona no puede otorgarse un privilegio a sí misma');
  });
});

describe('GET /privilegio/concedidos/{id} and /recibidos/{id}', () => {
  it('lists what a person granted and received to whoever fully reads that person', async () => {
    const otorgante = await insertPersona(server, { owner });
    const receptora = await nuevoRepresentante();
    const id = await insertPrivilegio(server, { otorgante, receptora, permisos: ['leer_ficha'] });
    const concedidos = await (await server.api(`/privilegio/concedidos/${otorgante}`, { token: ownerToken })).json();
    expect(concedidos).toEqual([expect.objectContaining({ id, personaOtorganteId: otorgante, personaReceptoraId: receptora, permisoLeerFicha: true, tipoPrivilegio: 'GENERAL', fechaInicioRelacion: '2020-01-01' })]);
    const recibidos = await (await server.api(`/privilegio/recibidos/${receptora}`, { token: await server.token(receptora) })).json();
    expect(recibidos.map((p: { id: string }) => p.id)).toEqual([id]);
    // the receptora, reading the otorgante fully, also sees what it granted
    expect((await server.api(`/privilegio/concedidos/${otorgante}`, { token: await server.token(receptora) })).status).toBe(200);
  });

  it('is 404 for a stranger and for a reduced reader', async () => {
    const reducido = await nuevoRepresentante();
    await insertPrivilegio(server, { otorgante: cliente, receptora: reducido, permisos: ['leer_ficha_reducida'] });
    for (const token of [strangerToken, await server.token(reducido)]) {
      expect((await server.api(`/privilegio/concedidos/${cliente}`, { token })).status).toBe(404);
      expect((await server.api(`/privilegio/recibidos/${cliente}`, { token })).status).toBe(404);
    }
  });
});

describe('PUT /privilegio/{id}', () => {
  it("ending the relation today (the portal's today, Spain's) makes it inactive and withdraws its access", async () => {
    const receptora = await nuevoRepresentante();
    const id = await insertPrivilegio(server, { otorgante: cliente, receptora, permisos: ['leer_ficha'] });
    const repToken = await server.token(receptora);
    expect((await server.api(`/persona/${cliente}`, { token: repToken })).status).toBe(200);
    const today = todayIso();
    const res = await server.api(`/privilegio/${id}`, {
      method: 'PUT',
      token: ownerToken,
      json: { personaOtorganteId: cliente, personaReceptoraId: receptora, tipoPrivilegio: 'GENERAL', fechaInicioRelacion: '2020-01-01', fechaFinRelacion: today, permisoLeerFicha: true },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, fechaFinRelacion: today, permisoLeerFicha: true });
    expect((await server.api(`/persona/${cliente}`, { token: repToken })).status).toBe(404);
  });

  it('switching to REPRESENTANTE_LEGAL turns every permission on', async () => {
    const receptora = await nuevoRepresentante();
    const id = await insertPrivilegio(server, { otorgante: cliente, receptora });
    const res = await server.api(`/privilegio/${id}`, { method: 'PUT', token: ownerToken, json: { tipoPrivilegio: 'REPRESENTANTE_LEGAL', fechaInicioRelacion: '2020-01-01' } });
    const body = await res.json();
    for (const p of PERMISOS) expect(body[p]).toBe(true);
    expect(body.permisoCrearPrivilegio).toBe(false);
  });

  it('refuses strangers and the receptora (404), changed persons (400) and a non-modificable privilegio (403)', async () => {
    const receptora = await nuevoRepresentante();
    const id = await insertPrivilegio(server, { otorgante: cliente, receptora, permisos: ['leer_ficha', 'actualizar_ficha'] });
    const body = { tipoPrivilegio: 'GENERAL', fechaInicioRelacion: '2020-01-01', permisoLeerActos: true };
    expect((await server.api(`/privilegio/${id}`, { method: 'PUT', token: strangerToken, json: body })).status).toBe(404);
    expect((await server.api(`/privilegio/${id}`, { method: 'PUT', token: await server.token(receptora), json: body })).status).toBe(404);
    expect((await server.api('/privilegio/no-uuid', { method: 'PUT', token: ownerToken, json: body })).status).toBe(404);
    const cambio = await server.api(`/privilegio/${id}`, { method: 'PUT', token: ownerToken, json: { ...body, personaReceptoraId: stranger } });
    expect(cambio.status).toBe(400);
    expect((await cambio.json()).message).toBe('No se pueden cambiar las personas de un privilegio');
    const fijo = await insertPrivilegio(server, { otorgante: cliente, receptora: await nuevoRepresentante(), modificable: false });
    const noMod = await server.api(`/privilegio/${fijo}`, { method: 'PUT', token: ownerToken, json: body });
    expect(noMod.status).toBe(403);
    const { rows } = await server.ctx.db.query<{ a: boolean }>('select permiso_leer_actos as a from servicios.privilegios where id in ($1, $2)', [id, fijo]);
    expect(rows.every((r) => r.a === false)).toBe(true);
  });
});

describe("the database's today is the offices' (Europe/Madrid), not the session's zone (UTC)", () => {
  it('servicios.hoy() turns at midnight in Spain, winter and summer, whatever the session zone', async () => {
    const hoy = (instant: string) =>
      server.ctx.db.transaction(async (tx) => {
        // a session zone far from both: the answer must not depend on it
        await tx.exec(`set local timezone = 'Pacific/Kiritimati'`);
        return (await tx.query<{ d: string }>('select servicios.hoy($1::timestamptz)::text as d', [instant])).rows[0].d;
      });
    expect(await hoy('2026-11-21T22:59:59Z')).toBe('2026-11-21');
    expect(await hoy('2026-11-21T23:00:00Z')).toBe('2026-11-22'); // CET, UTC+1
    expect(await hoy('2026-07-21T21:59:59Z')).toBe('2026-07-21');
    expect(await hoy('2026-07-21T22:00:00Z')).toBe('2026-07-22'); // CEST, UTC+2
    const { rows } = await server.ctx.db.query<{ d: string }>('select servicios.hoy()::text as d');
    expect(rows[0].d).toBe(todayIso());
  });

  it('no function, policy or view of the portal reads current_date', async () => {
    const { rows } = await server.ctx.db.query<{ what: string }>(
      `select 'function ' || n.nspname || '.' || p.proname as what
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'servicios') and p.prosrc ilike '%current_date%'
       union all
       select 'policy ' || tablename || '.' || policyname from pg_policies
        where schemaname in ('public', 'servicios') and concat(qual, ' ', with_check) ilike '%current_date%'
       union all
       select 'view ' || schemaname || '.' || viewname from pg_views
        where schemaname in ('public', 'servicios') and definition ilike '%current_date%'`,
    );
    expect(rows.map((r) => r.what)).toEqual([]);
  });
});
