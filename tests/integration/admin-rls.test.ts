import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { dataProvider } from '@refinedev/supabase';
import type { CrudFilter, DataProvider } from '@refinedev/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueConfigs } from '../../resources';
import { allows, liveFilter, type CrudAction, type CatalogueConfig as ResourceConfig, type Role } from '../../domain/resource';
import { prepareRow } from '../../src/crud/schema-rules';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The access rules of every configured resource (resources/*.ts) against what the database
 * really lets each role do: the real supabase-js client and the @refinedev/supabase data
 * provider the generated admin views use, over /rest/v1 with RLS. The expectations come from
 * the configuration itself, so a resource whose `access` and RLS policies disagree fails here.
 */

let server: TestServer;
const clients = {} as Record<Role, SupabaseClient>;
const providers = {} as Record<Role, DataProvider>;

beforeAll(async () => {
  server = await startTestServer();
  clients.anon = server.supabase();
  clients.assistant = server.supabase(await server.token(randomUUID(), 'assistant'));
  clients.admin = server.supabase(await server.token(randomUUID(), 'admin'));
  for (const role of ['anon', 'assistant', 'admin'] as Role[]) providers[role] = dataProvider(clients[role]);
});
afterAll(() => server?.close());

const stored = async (sql: string, params: unknown[] = []) => (await server.ctx.db.query<Record<string, unknown>>(sql, params)).rows;

/** A record as the form would send it (form values, validated and cleaned by the resource's schema) and an edit. */
const samples: Record<string, { values: () => Record<string, unknown>; edit: Record<string, unknown> }> = {
  notarias: {
    values: () => ({ nombre: 'Notaría de Prueba', direccion: 'Calle Real 5, Toledo', email: '', telefono: '925000000', sistema_videoconferencia: '', externalidnotaria: `T${Date.now() % 1e6}`, idint: 100 + Math.floor(Math.random() * 1e6) }),
    edit: { nombre: 'Notaría Renombrada' },
  },
  personal: {
    values: () => ({ name: 'Rosa Prueba', email: `rosa.${randomUUID().slice(0, 8)}@notaria.example`, position: 'Oficial', notaria_id: 1, calendar_type: 'google', is_active: true }),
    edit: { position: 'Notaria' },
  },
  disponibilidad: {
    values: () => ({ staff_id: 1, day_of_week: [], start_time: '09:00', end_time: '14:00', is_recurring: true, is_available: true, specific_date: null }),
    edit: { is_available: false },
  },
  tipos_asunto: { values: () => ({ name: `Asunto ${randomUUID().slice(0, 8)}` }), edit: { name: `Renombrado ${randomUUID().slice(0, 8)}` } },
  categorias_servicios: {
    values: () => ({ nombre: 'Categoría de prueba', descripcion: 'Descripción', imagen_url: 'data:image/png;base64,iVBORw0KGgo=' }),
    edit: { descripcion: 'Otra descripción' },
  },
  actos_servicios: {
    values: () => ({ nombre: 'Acto de prueba', categoria_id: 1, descripcion: 'Descripción', documentos_requeridos: ['DNI', 'Escritura anterior', ''], imagen_url: null, url_acto: '' }),
    edit: { nombre: 'Acto renombrado' },
  },
  plantillas_escrituras: {
    values: () => ({ nombre: 'Plantilla de prueba', plantilla: 'En {{localidad}}...', notaria_id: 2, acto_id: '0', definicionactoid: '', activo: true }),
    edit: { plantilla: 'Texto nuevo' },
  },
  festivos: {
    // a new day each time: (notaria_id, fecha) is unique, and random days collided now and then
    values: () => ({ notaria_id: 3, fecha: nextFestivoDate(), nombre: 'Fiesta local' }),
    edit: { nombre: 'Fiesta mayor' },
  },
};

let festivosMade = 0;
function nextFestivoDate(): string {
  return new Date(Date.UTC(2027, 0, 1 + festivosMade++)).toISOString().slice(0, 10);
}

function row(config: ResourceConfig): Record<string, unknown> {
  const prepared = prepareRow(config, samples[config.name].values());
  if (!prepared.ok) throw new Error(`${config.name}: ${JSON.stringify(prepared.errors)}`);
  return prepared.row;
}

async function insertAsAdmin(config: ResourceConfig) {
  const { data, error } = await clients.admin.from(config.name).insert(row(config)).select('id').single();
  expect(error).toBeNull();
  return (data as { id: number }).id;
}

it('every configured resource has a sample here', () => {
  expect(Object.keys(samples).sort()).toEqual(catalogueConfigs().map((r) => r.name).sort());
});

const ROLES: Role[] = ['anon', 'assistant', 'admin'];

describe.each(catalogueConfigs().map((c) => [c.name, c] as const))('%s', (_name, config) => {
  const can = (action: CrudAction, role: Role) => allows({ ...config, deletion: { mode: 'hard' } }, action, role);

  it.each(ROLES)('read as %s: allowed rows only as the access rules say', async (role) => {
    const { data, error } = await clients[role].from(config.name).select('id');
    expect(error).toBeNull();
    const [{ n }] = await stored(`select count(*)::int as n from public.${config.name}`);
    // Catalogues are public to read (RLS hides only inactive rows); admins see every row.
    if (role === 'admin') expect(data).toHaveLength(n as number);
    else expect(data!.length).toBeGreaterThanOrEqual(0);
  });

  it.each(ROLES)('insert as %s', async (role) => {
    const before = (await stored(`select count(*)::int as n from public.${config.name}`))[0].n;
    const { error } = await clients[role].from(config.name).insert(row(config)).select('id');
    const after = (await stored(`select count(*)::int as n from public.${config.name}`))[0].n;
    if (can('create', role)) {
      expect(error).toBeNull();
      expect(after).toBe((before as number) + 1);
    } else {
      // anon has no insert privilege; an assistant is stopped by the policy (42501 either way)
      expect(error?.code).toBe('42501');
      expect(after).toBe(before);
    }
  });

  it.each(ROLES)('update as %s', async (role) => {
    const id = await insertAsAdmin(config);
    const [column, value] = Object.entries(samples[config.name].edit)[0];
    const { data, error } = await clients[role].from(config.name).update({ [column]: value }).eq('id', id).select(column);
    const [now] = await stored(`select ${column} as v from public.${config.name} where id = $1`, [id]);
    if (can('edit', role)) {
      expect(error).toBeNull();
      expect(now.v).toEqual(value);
    } else {
      // refused outright (no privilege) or silently matching no row (policy): never changed
      if (!error) expect(data).toEqual([]);
      expect(now.v).not.toEqual(value);
    }
  });

  it.each(ROLES)('delete as %s', async (role) => {
    const id = await insertAsAdmin(config);
    const { error } = await clients[role].from(config.name).delete().eq('id', id);
    const left = await stored(`select 1 from public.${config.name} where id = $1`, [id]);
    if (can('delete', role)) {
      expect(error).toBeNull();
      expect(left).toEqual([]);
    } else {
      expect(left).toHaveLength(1);
    }
  });

  it('the generated list query works: nested select, default sort, search and pagination', async () => {
    const search = config.list.searchFields?.length
      ? [{ key: 'buscar', operator: 'or', value: config.list.searchFields.map((field) => ({ field, operator: 'contains', value: 'a' })) } as CrudFilter]
      : [];
    const soft = liveFilter(config.deletion) as CrudFilter[];
    const result = await providers.admin.getList({
      resource: config.name,
      pagination: { currentPage: 1, pageSize: 2, mode: 'server' },
      sorters: [config.defaultSort],
      filters: [...soft, ...search],
      meta: config.list.select ? { select: config.list.select } : undefined,
    });
    expect(result.data.length).toBeLessThanOrEqual(2);
    expect(result.total).toBeGreaterThanOrEqual(result.data.length);
    // every column renders from the row: derived ones find their nested rows
    for (const record of result.data) {
      for (const column of config.list.columns) if (column.value) expect(() => column.value!(record)).not.toThrow();
    }
  });
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
