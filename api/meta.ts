import { z } from 'zod';
import { doors, endpoint } from './endpoint';

const tag = 'Servicio';

/** The service itself: whether it answers, and this API's description. */
export const meta = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    summary: 'Comprobar que el servicio y su base de datos responden',
    tag,
    answer: z.object({ status: z.literal('ok'), database: z.string() }),
    access: doors.anyone,
  }),
  reference: endpoint({
    method: 'GET',
    path: '/referencia',
    summary: 'Referencia legible de esta API (Swagger UI), para probar cada llamada',
    tag,
    answer: { file: true },
    access: doors.anyone,
  }),
  referenceAsset: endpoint({
    method: 'GET',
    path: '/referencia/{archivo}',
    summary: 'Los archivos de la referencia (Swagger UI)',
    tag,
    params: z.object({ archivo: z.string() }),
    answer: { file: true },
    access: doors.anyone,
  }),
  openapi: endpoint({
    method: 'GET',
    path: '/openapi.json',
    summary: 'Este documento (OpenAPI 3.1)',
    tag,
    answer: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
    access: doors.anyone,
  }),
};
