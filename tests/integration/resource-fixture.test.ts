import fs from 'node:fs';
import { dataProvider } from '@refinedev/supabase';
import { randomUUID } from 'node:crypto';
import type { CrudFilter } from '@refinedev/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import idiomas from '../fixtures/resource-idiomas';
import { adminRoute, createRegistry, pageConfigs, resourceConfigs } from '../../resources';
import { liveFilter, resourceMessages } from '../../domain/resource';
import { catalogueSql, latestCatalogueSql } from '../../domain/resource-policies';
import { prepareRow, uniqueViolation } from '../../src/crud/schema-rules';
import { navEntries, type MenuItemLike } from '../../src/shell/navigation';
import { serverSamples } from '../support/registry';
import { describeRegistryMatrix } from '../support/registry-matrix';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The proof of docs/adding-a-resource.md: a catalogue the portal has never seen (idiomas: one
 * declaration, tests/fixtures/resource-idiomas.ts, and one migration of seven lines,
 * tests/fixtures/idiomas.sql, applied only to this test's database), added to the registry the
 * way its one line in resources/index.ts would, is covered by what the registry derives: Refine's
 * resource and route, the access control, the generated list query and form, the RLS policies and
 * the authorization matrix. No other file knows about it.
 */

const MIGRATION = fs.readFileSync('tests/fixtures/idiomas.sql', 'utf8');
// the registry with its one line more
const registry = createRegistry([...resourceConfigs, idiomas], pageConfigs);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.ctx.db.exec(MIGRATION);
});
afterAll(() => server?.close());

describe('idiomas, declared once', () => {
  it('its migration is at most ten lines and states the RLS its declaration gives', () => {
    expect(MIGRATION.trim().split('\n').length).toBeLessThanOrEqual(10);
    expect(latestCatalogueSql([MIGRATION], 'idiomas')).toBe(catalogueSql(idiomas));
  });

  it('is a Refine resource with its own admin route, out of the menu; the access control answers from it', () => {
    expect(registry.refineResources.find((r) => r.name === 'idiomas')).toMatchObject({ list: adminRoute('idiomas'), meta: { label: 'Idiomas', dataProviderName: 'supabase', hide: true } });
    expect(registry.catalogueConfig('idiomas')?.route).toBe(adminRoute('idiomas'));
    expect(registry.canAccessResource('idiomas', 'list', 'anon')).toBe(true);
    for (const action of ['create', 'edit', 'delete']) {
      expect(registry.canAccessResource('idiomas', action, 'admin')).toBe(true);
      expect(registry.canAccessResource('idiomas', action, 'assistant')).toBe(false);
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
