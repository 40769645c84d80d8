import type { ResourceProps } from '@refinedev/core';
import { canAccess, effectiveAccess, isCatalogue, nobody, type CatalogueConfig, type PageConfig, type ResourceAccess, type ResourceConfig, type Role, type ServiciosConfig, type Viewer } from '../domain/resource';
import notarias from './notarias';
import personal from './personal';
import disponibilidad from './disponibilidad';
import tiposAsunto from './tipos-asunto';
import categoriasServicios from './categorias-servicios';
import actosServicios from './actos-servicios';
import plantillasEscrituras from './plantillas-escrituras';
import festivos from './festivos';
import citas from './citas';
import expedientes from './expedientes';
import actos from './actos';
import personas from './personas';
import privilegios from './privilegios';
import documentos from './documentos';
import copias from './copias';
import mensajes from './mensajes';
import borradores from './borradores';
import copiasElectronicas from './copias-electronicas';
import privacidad from './privacidad';
import { despachoCitas, despachoExpedientes } from './despacho';
import { pageConfigs } from './pages';
import { fixtureResources } from './fixtures';
import { compareSpanish } from '../domain/text';

/**
 * The registry: every resource declaration. A new resource is one file plus one line here. The
 * server reads it too (declarations hold no UI: icons live in src/iconos-recursos.ts).
 */
export const resourceConfigs: ResourceConfig[] = [
  notarias,
  personal,
  disponibilidad,
  tiposAsunto,
  categoriasServicios,
  actosServicios,
  plantillasEscrituras,
  festivos,
  citas,
  // the services API's: the server serves each with `crud` through the generic handler
  expedientes,
  actos,
  personas,
  privilegios,
  documentos,
  copias,
  mensajes,
  borradores,
  copiasElectronicas,
  privacidad,
  despachoExpedientes,
  despachoCitas,
  // none, except in the build of the fixture journey (see resources/fixtures.ts)
  ...fixtureResources,
];

export { pageConfigs };

/** The services API's declarations (dataProvider 'servicios'), in the registry's order. */
export const serviciosResources = resourceConfigs.filter((r): r is ServiciosConfig => r.dataProvider === 'servicios');

export { isCatalogue };

/** The route a catalogue without a tab is served at; only a declaration that states it is served there. */
export const adminRoute = (name: string) => `/admin/recursos/${name}`;

/**
 * Everything derived from a list of declarations. The portal uses the one of the registry above;
 * a test can derive one with a declaration more (tests/integration/resource-fixture.test.ts).
 */
export function createRegistry(resources: ResourceConfig[], pages: PageConfig[]) {
  const resourceConfig = (name: string | undefined): ResourceConfig | undefined => resources.find((r) => r.name === name);
  const catalogues = resources.filter(isCatalogue);

  /** The rule of each action on each name: a resource's (effectiveAccess, as allows() reads it); a page's list rule, and nobody for the rest. */
  const accessRules: Record<string, ResourceAccess> = Object.fromEntries([
    ...pages.map((p) => [p.name, { list: p.access.list, create: nobody, edit: nobody, delete: nobody }]),
    ...resources.map((r) => [r.name, effectiveAccess(r)]),
  ]);

  /** May `viewer` do `action` on `resource` (a resource or a page of the registry)? Names it does not know: undefined. */
  const canAccessResource = (resource: string | undefined, action: string, viewer: Viewer | Role | null | undefined) =>
    canAccess(accessRules, resource, action, viewer);

  type Declared = Pick<PageConfig, 'name' | 'route' | 'menu'> & { show?: string; label: string; dataProviderName?: string; canDelete?: boolean; provider?: Record<string, unknown> };
  const declared: Declared[] = [
    ...pages.map((p) => ({ name: p.name, route: p.route, menu: p.menu, label: p.menu?.label ?? p.labels.plural })),
    ...resources.map((r) => ({
      name: r.name,
      route: r.route ?? '',
      show: r.showRoute,
      menu: r.menu,
      label: r.menu?.label ?? r.labels.plural,
      dataProviderName: r.dataProvider === 'supabase' ? 'supabase' : 'default',
      canDelete: r.deletion.mode !== 'none',
      // where a services resource lives, read by the servicios data provider from meta
      provider: r.dataProvider === 'servicios' ? { paths: r.paths, ...(r.pendientes ? { pendientes: r.pendientes } : {}) } : undefined,
    })),
  ];

  /**
   * Refine's `resources` prop, in menu order: each declaration with its route as `list`, the menu
   * placement as meta.parent / meta.hide (a declaration without `menu` is not in the menu).
   * Refine's useMenu reads these (src/shell/NavLinks.tsx).
   */
  const refineResources: ResourceProps[] = declared
    .map((d, i) => ({ d, i }))
    .sort((a, b) => (a.d.menu?.order ?? 1000) - (b.d.menu?.order ?? 1000) || a.i - b.i)
    .map(({ d }) => ({
      name: d.name,
      ...(d.route ? { list: d.route } : {}),
      ...(d.show ? { show: d.show } : {}),
      meta: {
        label: d.label,
        ...(d.menu?.parent ? { parent: d.menu.parent } : {}),
        ...(d.dataProviderName ? { dataProviderName: d.dataProviderName } : {}),
        ...(d.canDelete !== undefined ? { canDelete: d.canDelete } : {}),
        ...(d.menu?.also ? { also: d.menu.also } : {}),
        ...d.provider,
        // a declaration with a menu but no route is a group (the parent of others)
        hide: !d.menu || d.menu.hide === true,
      },
    }));

  return {
    resourceConfig,
    catalogues,
    catalogueConfig: (name: string | undefined): CatalogueConfig | undefined => {
      const config = resourceConfig(name);
      return isCatalogue(config) ? config : undefined;
    },
    /** The tabs of /admin/notarias, in their declared order. */
    adminTabs: catalogues.filter((r) => r.adminTab).sort((a, b) => (a.adminTab?.order ?? 0) - (b.adminTab?.order ?? 0)),
    /** The catalogues served at /admin/recursos/<name>, linked from /admin/notarias, by label. */
    adminPages: catalogues.filter((r) => r.route === adminRoute(r.name)).sort((a, b) => compareSpanish(a.labels.plural, b.labels.plural)),
    accessRules,
    canAccessResource,
    refineResources,
  };
}

const registry = createRegistry(resourceConfigs, pageConfigs);
export const { resourceConfig, catalogueConfig, adminTabs, adminPages, accessRules, canAccessResource, refineResources } = registry;

/** The resources behind /rest/v1 with the generated admin views. */
export const catalogueConfigs = (configs: ResourceConfig[] = resourceConfigs): CatalogueConfig[] => configs.filter(isCatalogue);
