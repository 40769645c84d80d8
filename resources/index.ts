import type { ResourceProps } from '@refinedev/core';
import { allows, type CrudAction, type ResourceConfig, type Role } from '../domain/resource';
import notarias from './notarias';
import personal from './personal';
import disponibilidad from './disponibilidad';
import tiposAsunto from './tipos-asunto';
import categoriasServicios from './categorias-servicios';
import actosServicios from './actos-servicios';
import plantillasEscrituras from './plantillas-escrituras';
import festivos from './festivos';
import { despachoResources } from './despacho';

/** The registry: every resource configuration. A new resource is one file plus one line here. */
export const resourceConfigs: ResourceConfig[] = [
  notarias,
  personal,
  disponibilidad,
  tiposAsunto,
  categoriasServicios,
  actosServicios,
  plantillasEscrituras,
  festivos,
];

export const resourceConfig = (name: string | undefined): ResourceConfig | undefined =>
  resourceConfigs.find((r) => r.name === name);

/** The tabs of /admin/notarias, in the spec's order. */
export const adminTabs: ResourceConfig[] = resourceConfigs
  .filter((r) => r.adminTab)
  .sort((a, b) => (a.adminTab?.order ?? 0) - (b.adminTab?.order ?? 0));

/**
 * What the accessControlProvider asks: may `role` do `action` on `resource`? Resources without a
 * configuration are not decided here (undefined), so the provider keeps its own rule for them.
 */
export function canAccessResource(resource: string | undefined, action: string, role: Role | null | undefined): boolean | undefined {
  const config = resourceConfig(resource);
  if (!config) return undefined;
  const crud: CrudAction | undefined =
    action === 'list' || action === 'show' ? 'list' : action === 'create' || action === 'clone' ? 'create' : action === 'edit' ? 'edit' : action === 'delete' ? 'delete' : undefined;
  return crud ? allows(config, crud, role) : undefined;
}

/** The registry of resources: each file of resources/ declares one; Refine gets them all from here. */
export const refineResources: ResourceProps[] = [...despachoResources, ...resourceConfigs.map((r) => ({
  name: r.name,
  ...(r.route ? { list: r.route } : {}),
  meta: {
    label: r.labels.plural,
    dataProviderName: r.dataProvider === 'supabase' ? 'supabase' : 'default',
    canDelete: r.deletion !== 'none',
    // Admin tabs live inside /admin/notarias; a Refine menu must not list them on their own.
    hide: !r.route,
  },
}))];
