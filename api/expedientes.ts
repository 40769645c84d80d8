import { z } from 'zod';
import { doors, endpoint } from './endpoint';
import { idParams, listOrPage } from './common';
import { actoCreateSchema, actoSchema, actoUpdateSchema, expedienteSchema, listaExpedientesQuerySchema, nuevoExpedienteSchema } from '../domain/expediente';
import { actoDevueltoSchema, cambioEstadoSchema, devolverActoSchema } from '../domain/despacho';

const tag = 'Expedientes y actos';

/** Case files (expedientes) and their notarial acts (actos). */
export const expedientes = {
  listOfPersona: endpoint({
    method: 'GET',
    path: '/expediente/owner/{ownerId}',
    summary: 'Expedientes de una persona',
    description:
      'Los de la persona y, si es la propia, los de todas las personas que ve; con ?page una página ordenada y filtrada por el servidor ({data,total}), sin ella como mucho 500. Otra persona sin permiso: 404.',
    tag,
    params: z.object({ ownerId: z.string() }),
    query: listaExpedientesQuerySchema,
    answer: listOrPage(expedienteSchema),
    access: doors.signedIn,
    audit: { entity: 'expediente' },
  }),
  get: endpoint({
    method: 'GET',
    path: '/expediente/{id}',
    summary: 'Un expediente',
    tag,
    params: idParams,
    answer: expedienteSchema,
    access: doors.signedIn,
    audit: { entity: 'expediente' },
  }),
  create: endpoint({
    method: 'POST',
    path: '/expediente',
    summary: 'Abrir un expediente',
    tag,
    body: nuevoExpedienteSchema,
    answer: expedienteSchema,
    status: 201,
    access: doors.signedIn,
    audit: { entity: 'expediente' },
  }),
  changeEstado: endpoint({
    method: 'PUT',
    path: '/expediente/{id}/estado',
    summary: 'Cambiar el estado de un expediente (la notaría)',
    description: 'Adelante (Pendiente → En trámite → Finalizado o Completado) o atrás con motivo; solo el personal de la notaría del expediente.',
    tag,
    params: idParams,
    body: cambioEstadoSchema,
    answer: z.object({ id: z.string(), estado: z.string(), estadoAnterior: z.string(), motivo: z.string().nullable() }),
    access: doors.signedIn,
    audit: { entity: 'expediente' },
    events: ['expedientes', 'despacho-expedientes'],
  }),
};

export const actos = {
  listOfExpediente: endpoint({
    method: 'GET',
    path: '/acto/expediente/{expedienteId}',
    summary: 'Actos de un expediente',
    tag,
    params: z.object({ expedienteId: z.string() }),
    answer: z.array(actoSchema),
    access: doors.signedIn,
    audit: { entity: 'acto' },
  }),
  create: endpoint({
    method: 'POST',
    path: '/acto',
    summary: 'Añadir un acto a un expediente',
    tag,
    body: actoCreateSchema,
    answer: actoSchema,
    status: 201,
    access: doors.signedIn,
    audit: { entity: 'acto' },
  }),
  /** Without an id: answered 400 with the act form's message (the seeds' portal may send it). */
  updateWithoutId: endpoint({
    method: 'PUT',
    path: '/acto',
    summary: 'Cambiar un acto sin indicar cuál (siempre 400)',
    tag,
    answer: actoSchema,
    access: doors.signedIn,
    audit: { entity: 'acto' },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/acto/{id}',
    summary: 'Cambiar un acto (datos, estado)',
    tag,
    params: idParams,
    body: actoUpdateSchema,
    answer: actoSchema,
    access: doors.signedIn,
    audit: { entity: 'acto' },
  }),
  returnToClient: endpoint({
    method: 'PUT',
    path: '/acto/{id}/devolver',
    summary: 'Devolver un acto enviado al cliente, con un comentario (la notaría)',
    tag,
    params: idParams,
    body: devolverActoSchema,
    answer: actoDevueltoSchema,
    access: doors.signedIn,
    audit: { entity: 'acto' },
    events: ['actos', 'expedientes', 'despacho-expedientes'],
  }),
};
