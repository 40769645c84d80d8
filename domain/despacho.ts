import { z } from 'zod';
import { actoSchema } from './expediente';
import {
  busquedaServible,
  ESTADOS_EXPEDIENTE,
  FILTROS_ESTADO,
  MAX_DIAS_CITAS,
  MENSAJES_DESPACHO,
  MENSAJES_LISTA_DESPACHO,
  VENTANA_BUSQUEDA,
  VENTANA_DESPACHO,
} from './despacho-rules';

/**
 * The office's work on the cases, shared by the services API and the portal: the schemas of a
 * case's change of estado, the return of an act and the office's lists (the rules without zod,
 * the estados and how the office moves them, are in ./despacho-rules).
 */

/** PUT /expediente/{id}/estado */
export const cambioEstadoSchema = z.object({
  estado: z.enum(ESTADOS_EXPEDIENTE, { error: MENSAJES_DESPACHO.estado }),
  motivo: z
    .string()
    .trim()
    .max(1000, MENSAJES_DESPACHO.motivoLargo)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type CambioEstado = z.infer<typeof cambioEstadoSchema>;

/** PUT /acto/{id}/devolver */
export const devolverActoSchema = z.object({
  comentario: z
    .string({ error: MENSAJES_DESPACHO.comentarioObligatorio })
    .trim()
    .min(1, MENSAJES_DESPACHO.comentarioObligatorio)
    .max(2000, MENSAJES_DESPACHO.comentarioLargo),
});

/** A returned act as PUT /acto/{id}/devolver answers it. */
export const actoDevueltoSchema = z.object({
  id: z.string(),
  expedienteId: z.string(),
  titulo: z.string(),
  status: z.literal('BORRADOR'),
  devolucionComentario: z.string(),
  devueltoEn: z.string(),
});
export type ActoDevuelto = z.infer<typeof actoDevueltoSchema>;

/** GET /despacho/expedientes (pageSize, as the portal's data provider names it, is size) */
export const despachoQuerySchema = z.preprocess((v) => {
  const q = (v ?? {}) as Record<string, unknown>;
  return q.size === undefined && q.pageSize !== undefined ? { ...q, size: q.pageSize } : q;
}, z.object({
  estado: z.preprocess((v) => (v === '' ? undefined : v), z.enum(FILTROS_ESTADO, { error: 'El estado debe ser PENDIENTE, EN_TRAMITE o FINALIZADO' }).optional()),
  /** Name or document of the client, anywhere in it; spaces around and repeated inside do not count. */
  q: z
    .string()
    .max(200, MENSAJES_LISTA_DESPACHO.busquedaLarga)
    .transform((v) => v.trim().replace(/\s+/g, ' ') || undefined)
    .refine((v) => v === undefined || busquedaServible(v), MENSAJES_LISTA_DESPACHO.busquedaCorta)
    .optional(),
  /** recientes: newest first; vencimiento: the unfinished by due date (overdue first), then the finished. */
  orden: z.enum(['recientes', 'vencimiento'], { error: 'El orden debe ser recientes o vencimiento' }).optional(),
  page: z.coerce.number({ error: MENSAJES_LISTA_DESPACHO.page }).int(MENSAJES_LISTA_DESPACHO.page).min(1, MENSAJES_LISTA_DESPACHO.page).default(1),
  size: z.coerce.number({ error: MENSAJES_LISTA_DESPACHO.size }).int(MENSAJES_LISTA_DESPACHO.size).min(1, MENSAJES_LISTA_DESPACHO.size).max(100, MENSAJES_LISTA_DESPACHO.size).default(20),
}).superRefine((v, ctx) => {
  const ventana = v.q ? VENTANA_BUSQUEDA : VENTANA_DESPACHO;
  if ((v.page - 1) * v.size >= ventana) {
    ctx.addIssue({ code: 'custom', path: ['page'], message: v.q ? MENSAJES_LISTA_DESPACHO.ventanaBusqueda : MENSAJES_LISTA_DESPACHO.ventana });
  }
}));
export type DespachoQuery = z.infer<typeof despachoQuerySchema>;

/** A case in the office's list. */
/** What the office's list and its case view both say of a case. */
const casoDespachoSchema = z.object({
  id: z.string(),
  titulo: z.string(),
  estado: z.string(),
  fechaAlta: z.string(),
  dueDate: z.string().nullable(),
  /** Unfinished and past its due date (in Spain's calendar). */
  vencido: z.boolean(),
  notariaId: z.number(),
  notariaNombre: z.string(),
});

export const despachoExpedienteSchema = casoDespachoSchema.extend({
  clienteNombre: z.string(),
  clienteDocumento: z.string().nullable(),
  /** Acts sent and waiting for the office. */
  actosEnviados: z.number(),
});
export type DespachoExpediente = z.infer<typeof despachoExpedienteSchema>;

export const despachoListaSchema = z.object({
  data: z.array(despachoExpedienteSchema),
  /** Cases the pages can reach: all that match, or the first VENTANA_DESPACHO (VENTANA_BUSQUEDA for a search). */
  total: z.number(),
  /** More cases match than total: the rest is reached by filtering or by a longer search. */
  totalAcotado: z.boolean(),
  /** Cases of my notarías per estado (Finalizado counts Completado too). */
  contadores: z.object({ PENDIENTE: z.number(), EN_TRAMITE: z.number(), FINALIZADO: z.number() }),
});
export type DespachoLista = z.infer<typeof despachoListaSchema>;

/** A case as the office works it (/despacho/expedientes/{id}): its client, acts and estado history. */
export const expedienteDespachoSchema = casoDespachoSchema.extend({
  links: z.array(z.string()),
  cliente: z.object({
    id: z.string(),
    tipoPersona: z.string(),
    nombre: z.string(),
    identificador: z.object({ tipo: z.string().nullable(), numero: z.string().nullable() }),
    email: z.string().nullable(),
    telefono: z.string().nullable(),
  }),
  actos: z.array(actoSchema),
  historial: z.array(z.object({ estadoAnterior: z.string(), estado: z.string(), motivo: z.string().nullable(), fecha: z.string() })),
});
export type ExpedienteDespachoDto = z.infer<typeof expedienteDespachoSchema>;

// ---- The office's appointments ----------------------------------------------------------------

const FECHA = /^\d{4}-\d{2}-\d{2}$/;
const HORA = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const fecha = (message: string) => z.string({ error: message }).regex(FECHA, message).refine((v) => !Number.isNaN(Date.parse(`${v}T12:00:00Z`)), message);

/** GET /despacho/citas?desde=&hasta= (dates included). */
export const citasDespachoQuerySchema = z
  .object({
    desde: fecha('La fecha de inicio no es válida'),
    hasta: fecha('La fecha de fin no es válida'),
  })
  .refine((v) => v.desde <= v.hasta, { path: ['hasta'], message: 'La fecha de fin debe ser igual o posterior a la de inicio' })
  .refine((v) => (Date.parse(v.hasta) - Date.parse(v.desde)) / 86_400_000 < MAX_DIAS_CITAS, {
    path: ['hasta'],
    message: `Como mucho ${MAX_DIAS_CITAS} días a la vez`,
  });

/** PUT /despacho/citas/{id}: move an appointment (to another day, hour or staff member of the notaría). */
export const moverCitaSchema = z.object({
  date: fecha('Debe seleccionar una fecha'),
  time: z.string({ error: 'Debe seleccionar una hora' }).regex(HORA, 'Debe seleccionar una hora'),
  staffId: z.number({ error: 'Debe seleccionar un miembro del personal' }).int().positive('Debe seleccionar un miembro del personal').optional(),
});
export type MoverCita = z.infer<typeof moverCitaSchema>;

/** An appointment in the office's calendar. */
export const citaDespachoSchema = z.object({
  id: z.number(),
  date: z.string(),
  /** 'HH:MM' */
  time: z.string(),
  subject: z.string(),
  type: z.enum(['presencial', 'online']),
  staffId: z.number(),
  staffNombre: z.string(),
  notariaId: z.number(),
  clienteNombre: z.string(),
  /** The notaría's video-conference room for an online appointment; null otherwise. */
  videoconferencia: z.string().nullable(),
});
export type CitaDespacho = z.infer<typeof citaDespachoSchema>;
