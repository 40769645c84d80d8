import { z } from 'zod';
import { doors, endpoint } from './endpoint';
import { idParams } from './common';
import { documentoSchema, subidaExpedienteSchema, subidaPersonaSchema } from '../domain/documentos';
import { cambioCopiaSchema, copiaSchema, solicitudCopiaSchema } from '../domain/copias';
import { ESTADOS_COPIA } from '../domain/copias-rules';
import { mensajeSchema, noLeidosSchema, nuevoMensajeSchema } from '../domain/mensajes';
import { borradorSchema, diferenciasSchema, generarBorradorSchema, respuestaBorradorSchema } from '../domain/borrador';
import { copiaElectronicaSchema, emitirCopiaSchema, revocarCopiaSchema, verificacionSchema } from '../domain/verificacion';

const caso = { tag: 'Documentos, copias y conversación', params: idParams, access: doors.signedIn } as const;
/** Named as the portal fills them: a case's lists and uploads, a persona's, an act's drafts. */
const deExpediente = z.object({ expedienteId: z.string() });
const dePersona = z.object({ personaId: z.string() });
const deActo = z.object({ actoId: z.string() });

/** Documents of a case (uploaded by the office) and of a persona (identity documents), and their files. */
export const documentos = {
  listOfExpediente: endpoint({
    ...caso,
    method: 'GET',
    path: '/expediente/{expedienteId}/documentos',
    params: deExpediente,
    summary: 'Documentos de un expediente',
    answer: z.array(documentoSchema),
    audit: { entity: 'expediente' },
  }),
  uploadToExpediente: endpoint({
    ...caso,
    method: 'POST',
    path: '/expediente/{expedienteId}/documentos',
    params: deExpediente,
    summary: 'Subir un documento a un expediente (la notaría)',
    description: 'multipart/form-data con el archivo en `archivo` (PDF, JPEG o PNG, 20 MB como mucho) y su `tipo`.',
    body: { multipart: subidaExpedienteSchema },
    answer: documentoSchema,
    status: 201,
    audit: { entity: 'expediente' },
    events: ['documentos'],
    rateLimit: 'SUBIDAS_POR_MINUTO',
  }),
  listOfPersona: endpoint({
    ...caso,
    method: 'GET',
    path: '/persona/{personaId}/documentos',
    params: dePersona,
    summary: 'Documentos de una persona (identidad, escritura de constitución)',
    answer: z.array(documentoSchema),
    audit: { entity: 'persona' },
  }),
  uploadToPersona: endpoint({
    ...caso,
    method: 'POST',
    path: '/persona/{personaId}/documentos',
    params: dePersona,
    summary: 'Subir un documento de una persona',
    description: 'multipart/form-data con el archivo en `archivo` y su `tipo`; las imágenes del documento de identidad se guardan solo para identificar a la persona.',
    body: { multipart: subidaPersonaSchema },
    answer: documentoSchema,
    status: 201,
    audit: { entity: 'persona' },
    rateLimit: 'SUBIDAS_POR_MINUTO',
  }),
  download: endpoint({
    ...caso,
    method: 'GET',
    path: '/documento/{id}',
    summary: 'Descargar el archivo de un documento',
    answer: { file: true },
    audit: { entity: 'documento' },
  }),
  delete: endpoint({
    ...caso,
    method: 'DELETE',
    path: '/documento/{id}',
    summary: 'Eliminar un documento',
    answer: null,
    audit: { entity: 'documento' },
    events: ['documentos'],
  }),
};

/** Copies of a finished case's deed: the client side asks, the office prepares and delivers. */
export const copias = {
  listOfExpediente: endpoint({
    ...caso,
    method: 'GET',
    path: '/expediente/{expedienteId}/copias',
    params: deExpediente,
    summary: 'Solicitudes de copia de un expediente',
    answer: z.array(copiaSchema),
    audit: { entity: 'expediente' },
  }),
  request: endpoint({
    ...caso,
    method: 'POST',
    path: '/expediente/{expedienteId}/copias',
    params: deExpediente,
    summary: 'Solicitar una copia de la escritura',
    body: solicitudCopiaSchema,
    answer: copiaSchema,
    status: 201,
    audit: { entity: 'expediente' },
    events: ['copias'],
  }),
  mine: endpoint({
    ...caso,
    params: undefined,
    method: 'GET',
    path: '/copias',
    summary: 'Mis solicitudes de copia',
    answer: z.array(copiaSchema),
    audit: { entity: 'copia' },
  }),
  ofOffice: endpoint({
    ...caso,
    params: undefined,
    method: 'GET',
    path: '/despacho/copias',
    summary: 'Solicitudes de copia de mis notarías (el personal)',
    query: z.object({
      estado: z.enum(ESTADOS_COPIA, { error: 'El estado debe ser SOLICITADA, EN_PREPARACION, DISPONIBLE o RECHAZADA' }).optional(),
    }),
    answer: z.array(copiaSchema),
    audit: { entity: 'copia' },
  }),
  change: endpoint({
    ...caso,
    method: 'PUT',
    path: '/copia/{id}',
    summary: 'Preparar, entregar o rechazar una copia (la notaría)',
    body: cambioCopiaSchema,
    answer: copiaSchema,
    audit: { entity: 'copia' },
    events: ['copias', 'documentos'],
  }),
};

/** The conversation of a case between its client side and the office. */
export const mensajes = {
  listOfExpediente: endpoint({
    ...caso,
    method: 'GET',
    path: '/expediente/{expedienteId}/mensajes',
    params: deExpediente,
    summary: 'Mensajes de un expediente (los del otro lado quedan leídos)',
    answer: z.array(mensajeSchema),
    audit: { entity: 'expediente' },
    events: ['mensajes'],
  }),
  write: endpoint({
    ...caso,
    method: 'POST',
    path: '/expediente/{expedienteId}/mensajes',
    params: deExpediente,
    summary: 'Escribir un mensaje',
    body: nuevoMensajeSchema,
    answer: mensajeSchema,
    status: 201,
    audit: { entity: 'expediente' },
    events: ['mensajes'],
    rateLimit: 'MENSAJES_POR_MINUTO',
  }),
  unread: endpoint({
    ...caso,
    params: undefined,
    method: 'GET',
    path: '/mensajes/no-leidos',
    summary: 'Mensajes sin leer, por expediente',
    answer: noLeidosSchema,
    audit: { entity: 'mensaje' },
  }),
};

/** Drafts of the deeds, generated from the templates; the client answers each version. */
export const borradores = {
  listOfExpediente: endpoint({
    ...caso,
    tag: 'Escrituras',
    method: 'GET',
    path: '/expediente/{expedienteId}/borradores',
    params: deExpediente,
    summary: 'Borradores de escritura de un expediente',
    answer: z.array(borradorSchema),
    audit: { entity: 'expediente' },
  }),
  generate: endpoint({
    ...caso,
    tag: 'Escrituras',
    method: 'POST',
    path: '/acto/{actoId}/borradores',
    params: deActo,
    summary: 'Generar una versión del borrador de un acto (la notaría)',
    description: 'Sin cuerpo usa la plantilla del acto (o la de la notaría para todos los actos).',
    body: generarBorradorSchema.nullish(),
    answer: borradorSchema,
    status: 201,
    audit: { entity: 'acto' },
    events: ['borradores'],
  }),
  answer: endpoint({
    ...caso,
    tag: 'Escrituras',
    method: 'PUT',
    path: '/borrador/{id}/respuesta',
    summary: "Responder a un borrador: 'Conforme' u 'Observaciones'",
    body: respuestaBorradorSchema,
    answer: borradorSchema,
    audit: { entity: 'borrador' },
    events: ['borradores'],
  }),
  compare: endpoint({
    ...caso,
    tag: 'Escrituras',
    method: 'GET',
    path: '/borrador/{id}/diferencias',
    summary: 'Qué cambió entre dos versiones de un borrador',
    query: z.object({ con: z.string({ error: 'Indique con qué versión comparar (con)' }).min(1, 'Indique con qué versión comparar (con)') }),
    answer: diferenciasSchema,
    audit: { entity: 'borrador' },
  }),
};

const csvParams = z.object({ csv: z.string() });

/** Electronic copies with a secure verification code (CSV), signed; anyone verifies a CSV. */
export const copiasElectronicas = {
  listOfExpediente: endpoint({
    ...caso,
    tag: 'Escrituras',
    method: 'GET',
    path: '/expediente/{expedienteId}/copias-electronicas',
    params: deExpediente,
    summary: 'Copias electrónicas emitidas de un expediente',
    answer: z.array(copiaElectronicaSchema),
    audit: { entity: 'expediente' },
  }),
  issue: endpoint({
    ...caso,
    tag: 'Escrituras',
    method: 'POST',
    path: '/expediente/{expedienteId}/copias-electronicas',
    params: deExpediente,
    summary: 'Emitir una copia electrónica firmada con CSV (la notaría)',
    body: emitirCopiaSchema,
    answer: copiaElectronicaSchema,
    status: 201,
    audit: { entity: 'expediente' },
    events: ['documentos', 'copias'],
  }),
  revoke: endpoint({
    ...caso,
    tag: 'Escrituras',
    method: 'PUT',
    path: '/copia-electronica/{id}/revocar',
    summary: 'Revocar una copia electrónica, con el motivo (la notaría)',
    body: revocarCopiaSchema,
    answer: copiaElectronicaSchema,
    audit: { entity: 'copia' },
    events: ['copias'],
  }),
  verify: endpoint({
    tag: 'Verificación',
    method: 'GET',
    path: '/verificacion/{csv}',
    summary: 'Verificar una copia por su CSV (sin sesión)',
    description: '200 los datos de la copia; 400 un CSV mal formado; 404 uno desconocido; 410 una copia revocada; 429 pasado el límite por dirección.',
    params: csvParams,
    answer: verificacionSchema,
    access: doors.anyone,
    audit: { entity: 'verificacion' },
    rateLimit: 'VERIFICACIONES_POR_HORA',
  }),
  file: endpoint({
    tag: 'Verificación',
    method: 'GET',
    path: '/verificacion/{csv}/archivo',
    summary: 'Descargar una copia autorizada por su CSV (sin sesión)',
    params: csvParams,
    answer: { file: true },
    access: doors.anyone,
    audit: { entity: 'verificacion' },
    rateLimit: 'VERIFICACIONES_POR_HORA',
  }),
};
