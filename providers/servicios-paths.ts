import type { CrudFilter } from '@refinedev/core';

import type { ServiciosPaths } from '../domain/resource';
import { fillPath, templateParams, type Route } from '../domain/route';

/** How the servicios data provider fills the endpoints a resource names (`paths`). */
export type { ServiciosPaths };

/** The `eq` filters of a call, by field (values paths are filled from). */
export function eqValues(filters: readonly CrudFilter[] | undefined): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of filters ?? []) if ('field' in f && f.operator === 'eq') values[f.field] = f.value;
  return values;
}

/** The defaults of a resource declared without endpoints: its name is the path segment. */
export const defaultPaths = (resource: string): ServiciosPaths => ({
  list: { method: 'GET', path: `/${resource}` },
  one: { method: 'GET', path: `/${resource}/{id}` },
  create: { method: 'POST', path: `/${resource}` },
  update: { method: 'PUT', path: `/${resource}/{id}` },
  delete: { method: 'DELETE', path: `/${resource}/{id}` },
});

/** The method of each operation: an endpoint named for another (a GET as `update`) is a mistake of its declaration. */
const METHOD = { list: 'GET', one: 'GET', create: 'POST', update: 'PUT', delete: 'DELETE' } as const;

function checked(route: Route, op: keyof typeof METHOD): Route {
  if (route.method !== METHOD[op]) throw new Error(`${op} no es ${route.method} ${route.path} (se espera ${METHOD[op]})`);
  return route;
}

/** The list path for these filters and meta, and the filter fields its path consumed. */
export function listPath(paths: ServiciosPaths, filters: readonly CrudFilter[] | undefined, meta: Record<string, unknown> = {}): { path: string; used: string[] } {
  const eq = eqValues(filters);
  const routes = paths.list === undefined ? [] : 'path' in paths.list ? [paths.list] : paths.list;
  for (const route of routes) {
    const path = fillPath(checked(route, 'list').path, { ...meta, ...eq });
    if (path) return { path, used: templateParams(route.path).filter((p) => p in eq) };
  }
  throw new Error(`Faltan datos para la lista: ${routes.map((r) => r.path).join(' | ') || '(sin ruta de lista)'}`);
}

/** The path of one operation on a record (one, update, delete), or of create. */
export function operationPath(paths: ServiciosPaths, op: 'one' | 'create' | 'update' | 'delete', values: Record<string, unknown>): string {
  const route = paths[op];
  const path = route && fillPath(checked(route, op).path, values);
  if (!path) throw new Error(`Faltan datos para ${op}: ${route?.path ?? '(sin ruta)'}`);
  return path;
}
