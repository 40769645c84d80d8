import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataProvider, MetaQuery } from '@refinedev/core';
import consultas from '../fixtures/resource-consultas';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The services-API fixture resource (consultas, tests/fixtures/) through the servicios data
 * provider the portal's pages use, on the real server's generic handler: what useTable, useOne,
 * useCreate, useUpdate and useDelete with `resource: 'consultas'` do, from the declaration's meta
 * alone (no URL in a page).
 */

let server: TestServer;
let provider: DataProvider;
let meta: MetaQuery;
let ana: string;

beforeAll(async () => {
  server = await startTestServer({}, { extraResources: [consultas] });
  await server.ctx.db.exec(fs.readFileSync('tests/fixtures/consultas.sql', 'utf8'));
  ana = (
    await server.ctx.db.query<{ id: string }>(
      `insert into servicios.personas (tipo_persona, identificador_tipo, identificador_numero, nombre) values ('FISICA', 'NIF', '75000001Y', 'Ana') returning id`,
    )
  ).rows[0].id;
  // the portal in a browser at the server's origin, signed in as Ana
  const items = new Map<string, string>();
  const localStorage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, String(v)), removeItem: (k: string) => void items.delete(k), clear: () => items.clear() };
  Object.assign(globalThis, { window: Object.assign(new EventTarget(), { location: new URL(server.url) }), localStorage });
  localStorage.setItem('auth_token', await server.token(ana));
  localStorage.setItem('id_persona', ana);
  ({ serviciosDataProvider: provider } = await import('../../providers/servicios-data-provider'));
  const { createRegistry, pageConfigs, resourceConfigs } = await import('../../resources');
  meta = createRegistry([...resourceConfigs, consultas], pageConfigs).refineResources.find((r) => r.name === 'consultas')!.meta!;
});

afterAll(async () => {
  await server?.close();
});

describe('consultas through the servicios data provider', () => {
  it('creates, lists a page sorted on the server, reads, updates and deletes', async () => {
    const resource = 'consultas';
    for (const asunto of ['Herencia', 'Compraventa', 'Poder']) {
      const { data } = await provider.create({ resource, variables: { notaria_id: 1, asunto }, meta });
      expect(data).toMatchObject({ asunto, persona_id: ana, texto: null });
    }
    const pagina = await provider.getList({ resource, pagination: { mode: 'server', currentPage: 1, pageSize: 2 }, sorters: [{ field: 'asunto', order: 'desc' }], meta });
    expect(pagina).toMatchObject({ total: 3, data: [{ asunto: 'Poder' }, { asunto: 'Herencia' }] });
    const filtrada = await provider.getList({ resource, filters: [{ field: 'asunto', operator: 'eq', value: 'Compraventa' }], meta });
    expect(filtrada.data.map((c) => c.asunto)).toEqual(['Compraventa']);
    const id = filtrada.data[0].id!;
    expect((await provider.getOne({ resource, id, meta })).data).toMatchObject({ id, asunto: 'Compraventa' });
    await provider.update({ resource, id, variables: { notaria_id: 1, asunto: 'Compraventa de local', texto: '¿Qué necesito?' }, meta });
    expect((await provider.getOne({ resource, id, meta })).data).toMatchObject({ asunto: 'Compraventa de local', texto: '¿Qué necesito?' });
    await provider.deleteOne({ resource, id, meta });
    expect((await provider.getList({ resource, meta })).total).toBe(2);
  });
});
