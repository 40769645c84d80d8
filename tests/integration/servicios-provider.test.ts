import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataProvider, MetaQuery } from '@refinedev/core';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The services resources of the registry, through the servicios data provider the portal uses, on
 * the real server: each declaration's URL templates reach its routes (lists chosen by their `eq`
 * filters, records by id, named endpoints), and the personas owned by someone come one page at a
 * time, searched on the server. Pages pass only a resource name and filters; the meta below is
 * what Refine hands the provider from the registry.
 */

let server: TestServer;
let provider: DataProvider;
let serviciosUrl: (resource: string, endpoint: string, values?: Record<string, unknown>) => string;
let metaOf: (resource: string) => MetaQuery;
const ids: Record<string, string> = {};

/** The browser storage the session lives in (Node has none). */
function browserStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, String(v)),
    removeItem: (k: string) => void items.delete(k),
    clear: () => items.clear(),
  };
}

async function persona(nombre: string, nif: string, ownerId: string | null = null) {
  const { rows } = await server.ctx.db.query<{ id: string }>(
    `insert into servicios.personas (owner_id, tipo_persona, identificador_numero, nombre, primer_apellido)
     values ($1, 'FISICA', $2, $3, 'Prueba') returning id`,
    [ownerId, nif, nombre],
  );
  return rows[0].id;
}

beforeAll(async () => {
  server = await startTestServer();
  ids.ana = await persona('Ana', '11111111H');
  ids.bruno = await persona('Bruno', '22222222J', ids.ana);
  ids.carmen = await persona('Carmen', '33333333P', ids.ana);
  ids.dario = await persona('Darío', '44444444A', ids.ana);
  // the portal in a browser at the server's origin, signed in as Ana
  Object.assign(globalThis, { window: Object.assign(new EventTarget(), { location: new URL(server.url) }), localStorage: browserStorage() });
  localStorage.setItem('auth_token', await server.token(ids.ana));
  localStorage.setItem('id_persona', ids.ana);
  ({ serviciosDataProvider: provider } = await import('../../providers/servicios-data-provider'));
  ({ serviciosUrl } = await import('../../resources/servicios-url'));
  const { refineResources } = await import('../../resources');
  metaOf = (resource) => refineResources.find((r) => r.name === resource)?.meta ?? {};
});

afterAll(async () => {
  await server?.close();
});

const eq = (field: string, value: unknown) => ({ field, operator: 'eq' as const, value });

describe('the servicios data provider on the registry', () => {
  it('reads a persona by id and the personas someone owns, a page at a time and searched on the server', async () => {
    const yo = await provider.getOne({ resource: 'personas', id: ids.ana, meta: metaOf('personas') });
    expect(yo.data).toMatchObject({ id: ids.ana, nombre: 'Ana' });

    const todas = await provider.getList({ resource: 'personas', filters: [eq('ownerId', ids.ana)], pagination: { mode: 'off' }, meta: metaOf('personas') });
    expect(todas.data.map((p) => p.nombre).sort()).toEqual(['Bruno', 'Carmen', 'Darío']);

    const pagina = await provider.getList({
      resource: 'personas',
      filters: [eq('ownerId', ids.ana)],
      pagination: { mode: 'server', currentPage: 2, pageSize: 2 },
      meta: metaOf('personas'),
    });
    expect(pagina).toMatchObject({ total: 3, data: [{ nombre: 'Darío' }] });

    // accents and case do not matter; the owner filter filled the path and is not sent again
    const buscadas = await provider.getList({
      resource: 'personas',
      filters: [eq('ownerId', ids.ana), { field: 'q', operator: 'contains', value: 'DARIO' }],
      pagination: { mode: 'server', currentPage: 1, pageSize: 20 },
      meta: metaOf('personas'),
    });
    expect(buscadas).toMatchObject({ total: 1, data: [{ id: ids.dario }] });
  });

  it('creates a case and an act, lists them by their filters and updates the act', async () => {
    const { data: expediente } = await provider.create({
      resource: 'expedientes',
      variables: { titulo: 'Compraventa', dueDate: '2030-12-31', personaId: ids.bruno, notariaId: 1, links: [] },
      meta: metaOf('expedientes'),
    });
    const casos = await provider.getList({ resource: 'expedientes', filters: [eq('ownerId', ids.ana)], meta: metaOf('expedientes') });
    expect(casos.data.map((e) => e.id)).toContain(expediente.id);
    expect((await provider.getOne({ resource: 'expedientes', id: expediente.id!, meta: metaOf('expedientes') })).data).toMatchObject({ titulo: 'Compraventa' });

    const { data: acto } = await provider.create({
      resource: 'actos',
      variables: { id: '', expedienteId: expediente.id, titulo: 'Poder', status: 'BORRADOR', fecha: new Date().toISOString(), definicionActoId: null, datosFormulario: {}, nombre_acto: null, url_acto: null },
      meta: metaOf('actos'),
    });
    expect(String(acto.id)).not.toMatch(/^temp-/);
    await provider.update({ resource: 'actos', id: acto.id!, variables: { id: acto.id, status: 'ENVIADO' }, meta: metaOf('actos') });
    const actos = await provider.getList({ resource: 'actos', filters: [eq('expedienteId', expediente.id)], meta: metaOf('actos') });
    expect(actos.data).toMatchObject([{ id: acto.id, status: 'ENVIADO' }]);
    // nothing was kept in the browser: the server answered
    expect(localStorage.getItem('actos_pendientes') ?? '[]').toBe('[]');
  });

  it("sends an act an earlier version kept in this browser, in the act's draft form, once the server answers", async () => {
    const { data: expediente } = await provider.create({
      resource: 'expedientes',
      variables: { titulo: 'Testamento', dueDate: '2030-12-31', personaId: ids.carmen, notariaId: 1, links: [] },
      meta: metaOf('expedientes'),
    });
    // the stored form the portal has always kept (resources/actos.ts' pendientes.campos)
    const guardado = {
      acto_id: 'temp-4f1c2b7e',
      expediente_id: expediente.id,
      titulo: 'Poder guardado sin conexión',
      estado: 'BORRADOR',
      fecha_creacion: new Date().toISOString(),
      nombre_acto: null,
      datos_formulario: { proposito: { texto: 'Vender la casa' } },
      definicion_acto_id: null,
      url_acto: null,
    };
    localStorage.setItem('actos_pendientes', JSON.stringify([guardado, { acto_id: 'no-temporal', titulo: 'ajeno' }, 'basura']));
    const actos = await provider.getList({ resource: 'actos', filters: [eq('expedienteId', expediente.id)], meta: metaOf('actos') });
    expect(actos).toMatchObject({ enviados: 1, total: 1 });
    expect(actos.data).toMatchObject([{ titulo: 'Poder guardado sin conexión', status: 'BORRADOR', datosFormulario: { proposito: { texto: 'Vender la casa' } } }]);
    expect(String(actos.data[0].id)).not.toMatch(/^temp-/);
    // sent: no longer kept (what is not a kept act is dropped with it)
    expect(localStorage.getItem('actos_pendientes')).toBe('[]');
  });

  it('chooses the privilegios list by the filter given, and saves a representative through its named endpoint', async () => {
    await provider.custom!({
      url: serviciosUrl('privilegios', 'representante'),
      method: 'post',
      payload: {
        persona: { tipoPersona: 'FISICA', identificador: { tipo: 'NIF', numero: '55555555K' }, nombre: 'Elena', primerApellido: 'Prueba' },
        rellenados: { tipoPersona: 'FISICA', identificador: { tipo: 'NIF', numero: '55555555K' }, nombre: 'Elena', primerApellido: 'Prueba' },
        privilegio: { tipoPrivilegio: 'GENERAL', fechaInicioRelacion: '2024-01-01', personaOtorganteId: ids.ana },
      },
    });
    const concedidos = await provider.getList({ resource: 'privilegios', filters: [eq('personaOtorganteId', ids.ana)], meta: metaOf('privilegios') });
    expect(concedidos.data).toHaveLength(1);
    const receptora = String(concedidos.data[0].personaReceptoraId);
    expect((await provider.getOne({ resource: 'personas', id: receptora, meta: metaOf('personas') })).data).toMatchObject({ nombre: 'Elena' });
    const recibidos = await provider.getList({ resource: 'privilegios', filters: [eq('personaReceptoraId', ids.ana)], meta: metaOf('privilegios') });
    expect(recibidos.data).toEqual([]);
  });

  it('says which data a list is missing instead of calling a wrong path', async () => {
    await expect(provider.getList({ resource: 'actos', meta: metaOf('actos') })).rejects.toThrow(/Faltan datos para la lista/);
  });
});
