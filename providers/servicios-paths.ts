import type { CrudFilter } from '@refinedev/core';

import { fillPath, templateParams, type ServiciosPaths } from '../domain/resource';

/** How the servicios data provider fills the URL templates a resource declares (`paths`). */
export type { ServiciosPaths };

/** The `eq` filters of a call, by field (values templates are filled from). */
export function eqValues(filters: readonly CrudFilter[] | undefined): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of filters ?? []) if ('field' in f && f.operator === 'eq') values[f.field] = f.value;
  return values;
}

/** The defaults of a resource declared without paths: its name is the path segment. */
export const defaultPaths = (resource: string): ServiciosPaths => ({
  list: `/${resource}`,
  one: `/${resource}/{id}`,
  create: `/${resource}`,
  update: `/${resource}/{id}`,
  delete: `/${resource}/{id}`,
});

/** The list path for these filters and meta, and the filter fields its template consumed. */
export function listPath(paths: ServiciosPaths, filters: readonly CrudFilter[] | undefined, meta: Record<string, unknown> = {}): { path: string; used: string[] } {
  const eq = eqValues(filters);
  const templates = typeof paths.list === 'string' ? [paths.list] : (paths.list ?? []);
  for (const template of templates) {
    const path = fillPath(template, { ...meta, ...eq });
    if (path) return { path, used: templateParams(template).filter((p) => p in eq) };
  }
  throw new Error(`Faltan datos para la lista: ${templates.join(' | ') || '(sin ruta de lista)'}`);
}

/** The path of one operation on a record (one, update, delete), or of create. */
export function operationPath(paths: ServiciosPaths, op: 'one' | 'create' | 'update' | 'delete', values: Record<string, unknown>): string {
  const template = paths[op];
  const path = template && fillPath(template, values);
  if (!path) throw new Error(`Faltan datos para ${op}: ${template ?? '(sin ruta)'}`);
  return path;
}
