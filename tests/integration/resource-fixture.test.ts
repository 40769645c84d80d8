import fs from 'node:fs';
import { dataProvider } from '@refinedev/supabase';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { CrudFilter } from '@refinedev/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import idiomas from '../fixtures/resource-idiomas';
import consultas from '../fixtures/resource-consultas';
import recordatorios from '../fixtures/resource-recordatorios';
import { adminRoute, createRegistry, pageConfigs, resourceConfigs } from '../../resources';
import { liveFilter, resourceMessages } from '../../domain/resource';
import { stateCatalogues } from '../../server/db/migrate';
import { prepareRow, uniqueViolation } from '../../src/crud/schema-rules';
import { navEntries, type MenuItemLike } from '../../src/shell/navigation';
import { serverSamples } from '../support/registry';
import { describeRegistryMatrix } from '../support/registry-matrix';
import { describeServiciosFuzz, describeServiciosMatrix } from '../support/registry-servicios';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The proof of docs/adding-a-resource.md: a catalogue the portal has never seen (idiomas: one
 * declaration, tests/fixtures/resource-idiomas.ts, and one migration of seven lines (its table),
 * tests/fixtures/idiomas.sql, applied only to this test's database), added to the registry the
 * way its one line in resources/index.ts would, is covered by what the registry derives: Refine's
 * resource and route, the access control, the generated list query and form, the RLS policies and
 * the authorization matrix. No other file knows about it.
 */

const MIGRATION = fs.readFileSync('tests/fixtures/idiomas.sql', 'utf8');
// the services-API resource: its migration (server/db/migrations) and its declaration
const MIGRATION_CONSULTAS = fs.readFileSync('tests/fixtures/consultas.sql', 'utf8');
const MIGRATION_RECORDATORIOS = fs.readFileSync('tests/fixtures/recordatorios.sql', 'utf8');
// the registry with its lines more (idiomas, consultas and recordatorios in resources/index.ts)
const registry = createRegistry([...resourceConfigs, idiomas, consultas, recordatorios], pageConfigs);

let server: TestServer;
let stated: string[];
beforeAll(async () => {
  // the server serves consultas as it serves every services declaration of the registry
  server = await startTestServer({}, { extraResources: [consultas, recordatorios] });
  await server.ctx.db.exec(MIGRATION);
  // what the migration runner does at start with idiomas in the registry: its grants and RLS from its declaration
  stated = await stateCatalogues(server.ctx.db, [idiomas]);
  await server.ctx.db.exec(MIGRATION_CONSULTAS);
  await server.ctx.db.exec(MIGRATION_RECORDATORIOS);
});
afterAll(() => server?.close());

describe('idiomas, declared once', () => {
  it('its migration is its table in at most ten lines; its grants, RLS and checks come from the declaration, once', async () => {
    expect(MIGRATION.trim().split('\n').length).toBeLessThanOrEqual(10);
    expect(MIGRATION).not.toMatch(/\b(grant|policy|check)\b/i);
    const checks = await server.ctx.db.query<{ conname: string }>(`select conname from pg_constraint where conrelid = 'public.idiomas'::regclass and contype = 'c' order by 1`);
    expect(checks.rows.map((r) => r.conname)).toEqual(['idiomas_codigo_regla', 'idiomas_nombre_regla']);
    expect(stated).toEqual(['politicas idiomas']);
    // a restart restates nothing while the declaration is unchanged
    expect(await stateCatalogues(server.ctx.db, [idiomas])).toEqual([]);
    const { rows } = await server.ctx.db.query<{ policyname: string }>(`select policyname from pg_policies where tablename = 'idiomas' order by 1`);
    expect(rows.map((r) => r.policyname)).toEqual(['idiomas_alta', 'idiomas_cambio', 'idiomas_lectura']);
  });

  it('a rule that no longer states a check drops it at the next start, and stating it again brings it back', async () => {
    const names = async () =>
      (await server.ctx.db.query<{ conname: string }>(`select conname from pg_constraint where conrelid = 'public.idiomas'::regclass and contype = 'c' order by 1`)).rows.map((r) => r.conname);
    const loose = { ...idiomas, columns: { ...idiomas.columns, codigo: { label: 'Código', rule: z.string(), widget: 'text' as const } } };
    expect(await stateCatalogues(server.ctx.db, [loose])).toEqual(['politicas idiomas']);
    expect(await names()).toEqual(['idiomas_nombre_regla']);
    expect(await stateCatalogues(server.ctx.db, [idiomas])).toEqual(['politicas idiomas']);
    expect(await names()).toEqual(['idiomas_codigo_regla', 'idiomas_nombre_regla']);
  });

  it('is a Refine resource with its own admin route, out of the menu; the access control answers from it', () => {
    expect(registry.refineResources.find((r) => r.name === 'idiomas')).toMatchObject({ list: adminRoute('idiomas'), meta: { label: 'Idiomas', dataProviderName: 'supabase', hide: true } });
    expect(registry.catalogueConfig('idiomas')?.route).toBe(adminRoute('idiomas'));
    // reached from the admin area: /admin/notarias links every catalogue with a page of its own
    expect(registry.adminPages.map((r) => r.name)).toContain('idiomas');
    expect(registry.canAccessResource('idiomas', 'list', 'anon')).toBe(true);
    for (const action of ['create', 'edit', 'delete']) {
      expect(registry.canAccessResource('idiomas', action, 'admin')).toBe(true);
      expect(registry.canAccessResource('idiomas', action, 'client')).toBe(false);
      expect(registry.canAccessResource('idiomas', action, 'staff')).toBe(false);
    }
    const menu: MenuItemLike[] = registry.refineResources.map((r) => ({ name: r.name, label: r.meta?.label, route: r.list as string, meta: r.meta as MenuItemLike['meta'], children: [] }));
    expect(navEntries(menu, 'admin').map((e) => e.name)).not.toContain('idiomas');
  });

  it('its form validates with its schema and messages derived from its labels', () => {
    expect(prepareRow(idiomas, { nombre: ' Español ', codigo: 'ES' })).toEqual({ ok: true, row: { nombre: 'Español', codigo: 'es' } });
    expect(prepareRow(idiomas, { nombre: '', codigo: 'esp' })).toEqual({
      ok: false,
      errors: [
        { name: 'nombre', errors: ['El nombre es obligatorio'] },
        { name: 'codigo', errors: ['El código debe tener dos letras (ISO 639-1), p. ej. es'] },
      ],
    });
    expect(resourceMessages(idiomas)).toMatchObject({ saveError: 'No se pudo guardar el idioma', saved: 'Idioma guardado', deleted: 'Idioma eliminado', restored: 'Idioma restaurado', loadError: 'No se pudieron cargar los idiomas.' });
  });

  it('the generated list query works, live rows by default and the deleted ones apart; a duplicate code shows under Código', async () => {
    const admin = dataProvider(server.supabase(await server.token(randomUUID(), 'admin')));
    const samples = serverSamples(server, [idiomas]);
    const live = await samples.store(idiomas);
    const gone = await samples.store(idiomas, { activo: false });
    const list = async (deleted: boolean) =>
      (await admin.getList({ resource: 'idiomas', sorters: [idiomas.defaultSort], filters: [...(liveFilter(idiomas.deletion, !deleted) as CrudFilter[])], pagination: { currentPage: 1, pageSize: 10, mode: 'server' } })).data.map((r) => r.id);
    expect(await list(false)).toContain(live);
    expect(await list(false)).not.toContain(gone);
    expect(await list(true)).toEqual([gone]);
    const [{ codigo }] = (await server.ctx.db.query<{ codigo: string }>('select codigo from public.idiomas where id = $1', [live])).rows;
    const error = await admin.create({ resource: 'idiomas', variables: { nombre: 'Otro nombre', codigo } }).then(() => null, (e: unknown) => e);
    expect(uniqueViolation(resourceMessages(idiomas), error)).toEqual({ field: 'codigo', message: 'Ya existe un idioma con este código.' });
  });
});

describe('idiomas in the authorization matrix', () => {
  describeRegistryMatrix(() => server, () => [idiomas]);
});

/**
 * The proof of the services-API walk-through: consultas (tests/fixtures/resource-consultas.ts, one
 * declaration with `crud`, and tests/fixtures/consultas.sql, its table), served by the generic
 * handler with no route of its own, is a Refine resource of the servicios data provider, and the
 * registry's services matrix and fuzz test cover it.
 */
describe('consultas, a services-API resource declared once', () => {
  it('is a Refine resource of the servicios data provider with the paths the server serves', () => {
    expect(registry.refineResources.find((r) => r.name === 'consultas')).toMatchObject({
      meta: {
        dataProviderName: 'default',
        paths: {
          list: { method: 'GET', path: '/consultas' },
          one: { method: 'GET', path: '/consultas/{id}' },
          create: { method: 'POST', path: '/consultas' },
          update: { method: 'PUT', path: '/consultas/{id}' },
          delete: { method: 'DELETE', path: '/consultas/{id}' },
        },
      },
    });
    expect(registry.canAccessResource('consultas', 'create', 'client')).toBe(true);
    expect(registry.canAccessResource('consultas', 'create', 'anon')).toBe(false);
  });

  it('validates with its schema: 400 with the message under the field, nothing stored', async () => {
    const persona = randomUUID();
    await server.ctx.db.query(
      `insert into servicios.personas (id, tipo_persona, identificador_tipo, identificador_numero, nombre) values ($1, 'FISICA', 'NIF', '74000001R', 'Eva')`,
      [persona],
    );
    const res = await server.api('/consultas', { method: 'POST', token: await server.token(persona), json: { notaria_id: 1, asunto: '  ' } });
    expect([res.status, await res.json()]).toEqual([400, { message: 'El asunto es obligatorio (hasta 200 caracteres)', fieldErrors: { asunto: 'El asunto es obligatorio (hasta 200 caracteres)' } }]);
    expect((await server.ctx.db.query('select 1 from servicios.consultas where persona_id = $1', [persona])).rows).toEqual([]);
  });
});

describe('consultas in the services authorization matrix', () => {
  describeServiciosMatrix(() => server, () => [consultas]);
});

describe('consultas in the fuzz test', () => {
  describeServiciosFuzz(() => server, () => [consultas]);
});

/**
 * The services resource that points at one of the caller's own cases (recordatorios: one
 * declaration with `references`, one migration of nine lines, no trigger): the registry's matrix
 * includes the reference rule, and the fuzz test runs on it.
 */
describe('recordatorios, a services-API resource that points at a case of the caller', () => {
  it('its migration is short and holds no trigger', () => {
    expect(MIGRATION_RECORDATORIOS.trim().split('\n').length).toBeLessThanOrEqual(10);
    expect(MIGRATION_RECORDATORIOS).not.toMatch(/trigger|function/i);
  });
  describeServiciosMatrix(() => server, () => [recordatorios]);
  describeServiciosFuzz(() => server, () => [recordatorios]);
});
