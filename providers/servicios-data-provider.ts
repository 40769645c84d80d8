import type { BaseRecord, DataProvider, MetaQuery } from '@refinedev/core';
import { SERVICES_URL } from './config';
import { ServiciosError, serviciosFetch } from './servicios-http';
import { defaultPaths, eqValues, listPath, operationPath, type ServiciosPaths } from './servicios-paths';
import { actualizarPendiente, crearOGuardar, enviarPendientes, pendientes, type Envio, type PendientesConfig } from './servicios-pendientes';
import { isTempId } from '../domain/temp-id';
import { PERSONA_GUARDADA } from './session';

/**
 * Refine data provider of the notary services API. Where each resource lives is declared with
 * the resource (resources/*.ts, `paths`) and reaches the provider as the Refine resource's
 * `meta.paths` (see servicios-paths.ts): pages name a resource and filter it, never a path.
 * A resource without paths is the path segment of its name ('/{resource}', '/{resource}/{id}').
 * Lists answer either an array or { data, total }.
 * A resource that declares `pendientes` keeps the creations the server did not answer in this
 * browser and sends them again later (see servicios-pendientes.ts).
 */
const pathsOf = (resource: string, meta: MetaQuery | undefined): ServiciosPaths =>
  (meta?.paths as ServiciosPaths | undefined) ?? defaultPaths(resource);

const pendientesOf = (meta: MetaQuery | undefined) => meta?.pendientes as PendientesConfig | undefined;

/** POST and PUT of a resource, for the kept creations. */
const envioDe = (resource: string, meta: MetaQuery | undefined): Envio => ({
  post: (body) => serviciosFetch<BaseRecord>(operationPath(pathsOf(resource, meta), 'create', { ...meta }), { method: 'POST', body }),
  put: (id, body) => serviciosFetch<BaseRecord>(operationPath(pathsOf(resource, meta), 'update', { ...meta, id }), { method: 'PUT', body }),
});

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
    const cfg = pendientesOf(meta);
    const filtros = eqValues(filters);
    const enviados = cfg ? await enviarPendientes(cfg, filtros, envioDe(resource, meta)) : 0;
    const body = await serviciosFetch<BaseRecord[] | { data: BaseRecord[]; total: number }>(path, { query });
    // other keys of a paged answer (e.g. the office's counters per estado) reach the page too
    const { data, total, ...extra } = Array.isArray(body) ? { data: body, total: body.length } : body;
    if (!cfg) return { ...extra, data: data as never, total };
    const kept = pendientes(cfg, filtros);
    return { ...extra, data: [...data, ...kept] as never, total: total + kept.length, enviados };
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
    const cfg = pendientesOf(meta);
    if (cfg) return { data: (await crearOGuardar(cfg, variables as BaseRecord, envioDe(resource, meta))) as never };
    const data = await serviciosFetch<BaseRecord>(operationPath(pathsOf(resource, meta), 'create', { ...meta }), { method: 'POST', body: variables });
    return { data: data as never };
  },

  async update({ resource, id, variables, meta }) {
    const cfg = pendientesOf(meta);
    if (cfg && isTempId(id)) return { data: (await actualizarPendiente(cfg, String(id), variables as BaseRecord, envioDe(resource, meta))) as never };
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
