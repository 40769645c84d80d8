import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { dataProvider } from '@refinedev/supabase';
import type { CrudFilter, DataProvider } from '@refinedev/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueConfigs } from '../../resources';
import { liveFilter, resourceMessages, type CatalogueConfig } from '../../domain/resource';
import { uniqueViolation } from '../../src/crud/schema-rules';
import { serverSamples } from '../support/registry';
import { describeRegistryMatrix } from '../support/registry-matrix';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The registry against the database: the authorization matrix of every catalogue declared in
 * resources/ for anon, a client, staff and an admin (tests/support/registry-matrix.ts), and the
 * generated list query of each, with the @refinedev/supabase data provider the admin views use.
 * Rows come from each declaration's `sample`; nothing here lists the resources.
 */

let server: TestServer;
const clients = {} as Record<'anon' | 'assistant' | 'admin', SupabaseClient>;
const providers = {} as Record<'anon' | 'assistant' | 'admin', DataProvider>;
let samples: ReturnType<typeof serverSamples>;

beforeAll(async () => {
  server = await startTestServer();
  clients.anon = server.supabase();
  clients.assistant = server.supabase(await server.token(randomUUID(), 'assistant'));
  clients.admin = server.supabase(await server.token(randomUUID(), 'admin'));
  for (const role of ['anon', 'assistant', 'admin'] as const) providers[role] = dataProvider(clients[role]);
  samples = serverSamples(server);
});
afterAll(() => server?.close());

const stored = async (sql: string, params: unknown[] = []) => (await server.ctx.db.query<Record<string, unknown>>(sql, params)).rows;

async function insertAsAdmin(config: CatalogueConfig) {
  const { data, error } = await clients.admin.from(config.name).insert(await samples.row(config)).select('id').single();
  expect(error).toBeNull();
  return (data as { id: number }).id;
}

it('every registered catalogue declares a sample row that its own schema accepts', async () => {
  for (const config of catalogueConfigs()) expect(await samples.row(config), config.name).toBeTypeOf('object');
});

describeRegistryMatrix(() => server, () => catalogueConfigs());

describe.each(catalogueConfigs().map((c) => [c.name, c] as const))('%s', (_name, config) => {
  it('the generated list query works: nested select, default sort, search and pagination', async () => {
    await samples.store(config);
    const search = config.list.searchFields?.length
      ? [{ key: 'buscar', operator: 'or', value: config.list.searchFields.map((field) => ({ field, operator: 'contains', value: 'a' })) } as CrudFilter]
      : [];
    const result = await providers.admin.getList({
      resource: config.name,
      pagination: { currentPage: 1, pageSize: 2, mode: 'server' },
      sorters: [config.defaultSort],
      filters: [...(liveFilter(config.deletion) as CrudFilter[]), ...search],
      meta: config.list.select ? { select: config.list.select } : undefined,
    });
    expect(result.data.length).toBeLessThanOrEqual(2);
    expect(result.total).toBeGreaterThanOrEqual(result.data.length);
    // every column renders from the row: derived ones find their nested rows
    for (const record of result.data) {
      for (const column of config.list.columns) if (column.value) expect(() => column.value!(record)).not.toThrow();
    }
  });

  if (config.deletion.mode === 'soft') {
    it("'Ver eliminados' lists the soft-deleted rows to admins, and 'Restaurar' brings one back", async () => {
      const column = config.deletion.mode === 'soft' ? config.deletion.column : '';
      const id = await samples.store(config, { [column]: false });
      const deleted = await providers.admin.getList({ resource: config.name, filters: [...(liveFilter(config.deletion, false) as CrudFilter[]), { field: 'id', operator: 'eq', value: id }] });
      expect(deleted.data.map((r) => r.id)).toEqual([id]);
      await providers.admin.update({ resource: config.name, id, variables: { [column]: true } });
      expect(await stored(`select ${column} as v from public.${config.name} where id = $1`, [id])).toEqual([{ v: true }]);
    });
  }
});

describe('what the configuration promises, as the database keeps it', () => {
  it('the staff list shows the office name through the nested select', async () => {
    const { data } = await providers.admin.getList({
      resource: 'personal',
      pagination: { currentPage: 1, pageSize: 10, mode: 'server' },
      sorters: [{ field: 'name', order: 'asc' }],
      filters: [{ field: 'id', operator: 'eq', value: 1 }],
      meta: { select: '*, notarias(nombre)' },
    });
    expect(data).toEqual([expect.objectContaining({ name: 'Carmen López Martín', notarias: { nombre: 'Notaría López Martín' } })]);
  });

  it('a duplicate matter type is refused whatever its case, with the code the form reads', async () => {
    const error = await providers.admin.create({ resource: 'tipos_asunto', variables: { name: 'FIRMA' } }).then(() => null, (e: unknown) => e as { code?: string; statusCode?: number });
    expect(error?.code).toBe('23505');
    expect((await stored(`select count(*)::int as n from public.tipos_asunto where lower(name) = 'firma'`))[0].n).toBe(1);
  });

  it('a duplicate shows under the field whose unique constraint it broke, by the name the database gives it', async () => {
    const notarias = catalogueConfigs().find((c) => c.name === 'notarias')!;
    const id = await samples.store(notarias);
    const [taken] = await stored('select externalidnotaria, idint from public.notarias where id = $1', [id]);
    const fail = (variables: Record<string, unknown>) =>
      providers.admin.create({ resource: 'notarias', variables: { ...variables } }).then(() => null, (e: unknown) => e);
    const base = await samples.row(notarias);
    const byIdint = uniqueViolation(resourceMessages(notarias), await fail({ ...base, idint: taken.idint }));
    expect(byIdint).toEqual({ field: 'idint', message: 'Ya existe una notaría con este número interno.' });
    const byCode = uniqueViolation(resourceMessages(notarias), await fail({ ...(await samples.row(notarias)), externalidnotaria: taken.externalidnotaria }));
    expect(byCode).toEqual({ field: 'externalidnotaria', message: 'Ya existe una notaría con este identificador externo.' });
  });

  it('a soft-deleted category or act leaves the public catalogue but stays stored', async () => {
    for (const name of ['categorias_servicios', 'actos_servicios']) {
      const config = catalogueConfigs().find((c) => c.name === name)!;
      const id = await insertAsAdmin(config);
      expect((await clients.anon.from(name).select('id').eq('id', id)).data).toEqual([{ id }]);
      // what the Eliminar button does for deletion 'soft'
      await providers.admin.update({ resource: name, id, variables: { activo: false } });
      expect((await clients.anon.from(name).select('id').eq('id', id)).data).toEqual([]);
      expect((await clients.assistant.from(name).select('id').eq('id', id)).data).toEqual([]);
      expect(await stored(`select activo from public.${name} where id = $1`, [id])).toEqual([{ activo: false }]);
    }
  });

  it('an assistant cannot soft-delete either', async () => {
    const id = await insertAsAdmin(catalogueConfigs().find((c) => c.name === 'categorias_servicios')!);
    await providers.assistant.update({ resource: 'categorias_servicios', id, variables: { activo: false } }).catch(() => undefined);
    expect(await stored('select activo from public.categorias_servicios where id = $1', [id])).toEqual([{ activo: true }]);
  });

  it("a template for all acts is stored with acto_id null (the form's '0')", async () => {
    const config = catalogueConfigs().find((c) => c.name === 'plantillas_escrituras')!;
    const id = await insertAsAdmin(config);
    expect(await stored('select acto_id from public.plantillas_escrituras where id = $1', [id])).toEqual([{ acto_id: null }]);
  });

  it('deleting an office takes its staff and templates with it', async () => {
    const id = await insertAsAdmin(catalogueConfigs().find((c) => c.name === 'notarias')!);
    await clients.admin.from('personal').insert({ name: 'Temporal', email: 't@n.example', position: 'Oficial', notaria_id: id });
    await providers.admin.deleteOne({ resource: 'notarias', id });
    expect(await stored('select 1 from public.personal where notaria_id = $1', [id])).toEqual([]);
  });
});
