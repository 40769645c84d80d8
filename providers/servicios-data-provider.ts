import type { BaseRecord, DataProvider, MetaQuery } from '@refinedev/core';
import { SERVICES_URL } from './config';
import { ServiciosError, serviciosFetch } from './servicios-http';
import { defaultPaths, listPath, operationPath, type ServiciosPaths } from './servicios-paths';
import { PERSONA_GUARDADA } from './session';

/**
 * Refine data provider of the notary services API. Where each resource lives is declared with
 * the resource (resources/*.ts, `paths`) and reaches the provider as the Refine resource's
 * `meta.paths` (see servicios-paths.ts): pages name a resource and filter it, never a path.
 * A resource without paths is the path segment of its name ('/{resource}', '/{resource}/{id}').
 * Lists answer either an array or { data, total }.
 */
const pathsOf = (resource: string, meta: MetaQuery | undefined): ServiciosPaths =>
  (meta?.paths as ServiciosPaths | undefined) ?? defaultPaths(resource);

/** Persona records are shown in the header too: a saved one tells the shell to read it again. */
const PERSONAS = new Set(['personas', 'persona']);

export const serviciosDataProvider: DataProvider = {
  getApiUrl: () => SERVICES_URL,

  async getList({ resource, pagination, sorters, filters, meta }) {
    const { path, used } = listPath(pathsOf(resource, meta), filters, meta);
    const query: Record<string, string> = {};
    if (pagination?.mode === 'server' && pagination.currentPage && pagination.pageSize) {
      query.page = String(pagination.currentPage);
      query.pageSize = String(pagination.pageSize);
    }
    const sorter = sorters?.[0];
    if (sorter) {
      query.sort = sorter.field;
      query.order = sorter.order;
    }
    for (const f of filters ?? []) {
      if (!('field' in f) || used.includes(f.field)) continue;
      if (f.value !== undefined && f.value !== null && f.value !== '') query[f.field] = String(f.value);
    }
    const body = await serviciosFetch<BaseRecord[] | { data: BaseRecord[]; total: number }>(path, { query });
    if (Array.isArray(body)) return { data: body as never, total: body.length };
    return { data: body.data as never, total: body.total };
  },

  async getOne({ resource, id, meta }) {
    const data = await serviciosFetch<BaseRecord>(operationPath(pathsOf(resource, meta), 'one', { ...meta, id }));
    return { data: data as never };
  },

  async getMany({ resource, ids, meta }) {
    const paths = pathsOf(resource, meta);
    const data = await Promise.all(ids.map((id) => serviciosFetch<BaseRecord>(operationPath(paths, 'one', { ...meta, id }))));
    return { data: data as never };
  },

  async create({ resource, variables, meta }) {
    const data = await serviciosFetch<BaseRecord>(operationPath(pathsOf(resource, meta), 'create', { ...meta }), { method: 'POST', body: variables });
    return { data: data as never };
  },

  async update({ resource, id, variables, meta }) {
    const data = await serviciosFetch<BaseRecord>(operationPath(pathsOf(resource, meta), 'update', { ...meta, id }), { method: 'PUT', body: variables });
    if (PERSONAS.has(resource)) window.dispatchEvent(new CustomEvent(PERSONA_GUARDADA, { detail: String(id) }));
    return { data: (data ?? { id, ...(variables as object) }) as never };
  },

  async deleteOne({ resource, id, meta }) {
    const data = await serviciosFetch<BaseRecord>(operationPath(pathsOf(resource, meta), 'delete', { ...meta, id }), { method: 'DELETE' });
    return { data: (data ?? { id }) as never };
  },

  async custom({ url, method, payload, query }) {
    const path = url.startsWith(SERVICES_URL) ? url.slice(SERVICES_URL.length) : url;
    const data = await serviciosFetch(path, {
      method: method.toUpperCase(),
      body: payload,
      query: query as Record<string, string> | undefined,
    });
    return { data: data as never };
  },
};

export { ServiciosError };
