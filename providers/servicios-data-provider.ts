import type { BaseRecord, DataProvider } from '@refinedev/core';
import { SERVICES_URL } from './config';
import { ServiciosError, serviciosFetch } from './servicios-http';
import { PERSONA_GUARDADA } from './session';

/**
 * Refine data provider of the notary services API. A resource name is its path segment
 * ('persona', 'expediente', 'acto', 'privilegio'); `meta.path` overrides the list path
 * (e.g. '/persona/owner/{id}'). Lists answer either an array or { data, total }.
 */
export const serviciosDataProvider: DataProvider = {
  getApiUrl: () => SERVICES_URL,

  async getList({ resource, pagination, sorters, filters, meta }) {
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
      if ('field' in f && f.value !== undefined && f.value !== null && f.value !== '') query[f.field] = String(f.value);
    }
    const body = await serviciosFetch<BaseRecord[] | { data: BaseRecord[]; total: number }>(
      (meta?.path as string | undefined) ?? `/${resource}`,
      { query },
    );
    if (Array.isArray(body)) return { data: body as never, total: body.length };
    // other keys of the answer (e.g. the office's counters per estado) reach the page too
    return { ...body, data: body.data as never, total: body.total };
  },

  async getOne({ resource, id, meta }) {
    const data = await serviciosFetch<BaseRecord>((meta?.path as string | undefined) ?? `/${resource}/${encodeURIComponent(String(id))}`);
    return { data: data as never };
  },

  async create({ resource, variables, meta }) {
    const data = await serviciosFetch<BaseRecord>((meta?.path as string | undefined) ?? `/${resource}`, { method: 'POST', body: variables });
    return { data: data as never };
  },

  async update({ resource, id, variables, meta }) {
    const data = await serviciosFetch<BaseRecord>(
      (meta?.path as string | undefined) ?? `/${resource}/${encodeURIComponent(String(id))}`,
      { method: 'PUT', body: variables },
    );
    if (resource === 'persona') window.dispatchEvent(new CustomEvent(PERSONA_GUARDADA, { detail: String(id) }));
    return { data: (data ?? { id, ...(variables as object) }) as never };
  },

  async deleteOne({ resource, id }) {
    const data = await serviciosFetch<BaseRecord>(`/${resource}/${encodeURIComponent(String(id))}`, { method: 'DELETE' });
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
