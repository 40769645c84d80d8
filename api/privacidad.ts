import { z } from 'zod';
import { doors, endpoint } from './endpoint';
import { idParams } from './common';
import {
  accesoSchema, accesosQuerySchema, nuevaSolicitudSchema, respuestaSolicitudSchema, solicitudBandejaSchema, solicitudSchema,
} from '../domain/privacidad';

const tag = 'Privacidad (RGPD)';

/** GET /privacidad/exportacion: JSON or PDF; `persona`, one persona of the caller's only. */
export const exportacionQuerySchema = z.object({
  formato: z.enum(['json', 'pdf'], { error: 'El formato debe ser json o pdf' }).default('json'),
  persona: z.string().optional().describe('Solo esta persona (la propia o una de las que ha creado quien llama)'),
});

/** One destruction of the retention job (servicios.destrucciones): what kind, of whom, how many; never the data. */
export const destruccionSchema = z.object({
  id: z.number(),
  at: z.string(),
  tipo: z.string(),
  personaId: z.string().nullable(),
  registros: z.number(),
  detalle: z.record(z.string(), z.number()),
});

/**
 * /privacidad: what a person sees, exports and limits of what the office holds about them
 * (RGPD arts. 15-21): the export (JSON or PDF), who read or changed their records, and their
 * requests of erasure, objection and restriction.
 */
export const privacidad = {
  export: endpoint({
    method: 'GET',
    path: '/privacidad/exportacion',
    summary: 'Descargar los datos personales de quien llama (JSON o PDF)',
    description:
      'Un archivo adjunto (Content-Disposition) datos-personales-aaaa-mm-dd.json (formato exportacion-datos-personales, versión 1) o .pdf, sin caché. Una persona que no es de quien llama: 404.',
    tag,
    query: exportacionQuerySchema,
    answer: { file: true },
    access: doors.signedIn,
  }),
  listAccesos: endpoint({
    method: 'GET',
    path: '/privacidad/accesos',
    summary: 'Quién ha leído o cambiado los datos de quien llama',
    description: 'Del registro de auditoría, lo más reciente primero; los propios solo con propios=true.',
    tag,
    query: accesosQuerySchema,
    answer: z.object({ data: z.array(accesoSchema), total: z.number(), page: z.number(), pageSize: z.number() }),
    access: doors.signedIn,
  }),
  listSolicitudes: endpoint({
    method: 'GET',
    path: '/privacidad/solicitudes',
    summary: 'Las solicitudes de supresión, oposición y limitación de quien llama',
    tag,
    answer: z.array(solicitudSchema),
    access: doors.signedIn,
  }),
  createSolicitud: endpoint({
    method: 'POST',
    path: '/privacidad/solicitudes',
    summary: 'Pedir la supresión, oposición o limitación',
    description: 'Una solicitud abierta de cada tipo como mucho (409 solicitud_abierta).',
    tag,
    body: nuevaSolicitudSchema,
    answer: solicitudSchema,
    status: 201,
    access: doors.signedIn,
  }),
};

/** /despacho/privacidad: the data-protection requests inbox of staff (their notarías' persons) and admins (all). */
export const privacidadDespacho = {
  listBandeja: endpoint({
    method: 'GET',
    path: '/despacho/privacidad/solicitudes',
    summary: 'Las solicitudes de protección de datos que debe responder la notaría',
    description: 'Las abiertas primero (la más vencida antes), luego las respondidas; como mucho 500.',
    tag,
    answer: z.array(solicitudBandejaSchema),
    access: doors.staffOrAdmin,
  }),
  answerSolicitud: endpoint({
    method: 'PUT',
    path: '/despacho/privacidad/solicitudes/{id}',
    summary: 'Responder una solicitud (se envía por email a la persona)',
    description:
      'Personal de una notaría de la persona o un administrador (si no, 404). Aceptar una supresión bloquea sus datos. Ya respondida: 409.',
    tag,
    params: idParams,
    body: respuestaSolicitudSchema,
    answer: solicitudSchema,
    access: doors.signedIn,
  }),
  listDestrucciones: endpoint({
    method: 'GET',
    path: '/despacho/privacidad/destrucciones',
    summary: 'Lo que ha destruido el plazo de conservación (el administrador)',
    description: 'Qué clase de datos, de quién y cuántos registros, nunca los datos; los 500 más recientes.',
    tag,
    answer: z.array(destruccionSchema),
    access: doors.admin,
  }),
};
