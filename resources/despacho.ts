import type { ResourceProps } from '@refinedev/core';

/**
 * The office's work (staff of a notaría only; the services API answers 404 to anyone else): the
 * cases of my notarías and their appointments. The services paths live here, never in pages.
 */
const id = (v: string | number) => encodeURIComponent(String(v));

export const DESPACHO = {
  /** GET ?estado&q&orden&page&pageSize → { data, total, contadores }; GET /{id} → the case with client, acts and history. */
  expedientes: { name: 'despacho-expedientes', path: '/despacho/expedientes', uno: (e: string) => `/despacho/expedientes/${id(e)}` },
  /** PUT { estado, motivo? } */
  estado: (expediente: string) => `/expediente/${id(expediente)}/estado`,
  /** PUT { comentario } */
  devolver: (acto: string) => `/acto/${id(acto)}/devolver`,
  /** GET ?desde&hasta → CitaDespacho[]; PUT /{id} { date, time, staffId? }; DELETE /{id} */
  citas: { name: 'despacho-citas', path: '/despacho/citas', una: (c: string | number) => `/despacho/citas/${id(c)}` },
} as const;

/** The pages of the office's work (src/routes.tsx) and their Refine resources (services data provider). */
export const despachoResources: ResourceProps[] = [
  {
    name: DESPACHO.expedientes.name,
    list: '/despacho',
    show: '/despacho/expedientes/:id',
    meta: { label: 'Despacho', path: DESPACHO.expedientes.path, dataProviderName: 'default', hide: true },
  },
  { name: DESPACHO.citas.name, list: '/despacho/citas', meta: { label: 'Citas de la notaría', path: DESPACHO.citas.path, dataProviderName: 'default', hide: true } },
];
