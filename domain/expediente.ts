import { z } from 'zod';
import { isTempId } from './temp-id';
import { ESTADOS_ACTO, MENSAJES_ACTO, MENSAJES_EXPEDIENTE, SORTABLE_EXPEDIENTE } from './expediente-rules';

/**
 * Case files (expedientes) and their acts: the shapes of the services API, shared by the portal's
 * forms, the server routes and the tests (the rules without zod are in ./expediente-rules).
 */

/** 'yyyy-mm-dd' or a full ISO date-time that names a real day. */
function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/** The new-case form and POST /expediente: notaría (idint), client, title and due date. */
const CUERPO_OBJETO = { error: 'El cuerpo debe ser un objeto JSON' };

export const nuevoExpedienteSchema = z.object({
  notariaId: z.number({ error: MENSAJES_EXPEDIENTE.notaria }).int(MENSAJES_EXPEDIENTE.notaria).positive(MENSAJES_EXPEDIENTE.notaria),
  personaId: z.uuid({ error: MENSAJES_EXPEDIENTE.cliente }),
  titulo: z
    .string({ error: MENSAJES_EXPEDIENTE.titulo })
    .trim()
    .min(1, MENSAJES_EXPEDIENTE.titulo)
    .max(200, 'El título no puede superar los 200 caracteres'),
  // the due date is a calendar day: a date-time keeps the day it names
  dueDate: z
    .string({ error: MENSAJES_EXPEDIENTE.dueDate })
    .refine(isIsoDate, MENSAJES_EXPEDIENTE.dueDate)
    .transform((s) => s.slice(0, 10)),
  links: z.array(z.string().max(2000), { error: 'links debe ser una lista de textos' }).max(50).default([]),
}, CUERPO_OBJETO);
export type NuevoExpediente = z.input<typeof nuevoExpedienteSchema>;

/** The messages of the new-case rules still unmet, in the order of the form (empty = ready to create). */
export function reglasPendientesExpediente(values: Partial<Record<keyof NuevoExpediente, unknown>>): Partial<Record<'notariaId' | 'personaId' | 'titulo' | 'dueDate', string>> {
  const r = nuevoExpedienteSchema.safeParse(values);
  const pending: Partial<Record<'notariaId' | 'personaId' | 'titulo' | 'dueDate', string>> = {};
  if (r.success) return pending;
  for (const issue of r.error.issues) {
    const key = issue.path[0] as 'notariaId' | 'personaId' | 'titulo' | 'dueDate';
    pending[key] ??= issue.message;
  }
  return pending;
}
export const listaExpedientesQuerySchema = z.object({
  page: z.coerce.number({ error: 'page debe ser un número' }).int().min(1, 'page debe ser 1 o mayor').optional(),
  pageSize: z.coerce.number({ error: 'pageSize debe ser un número' }).int().min(1).max(100, 'pageSize no puede superar 100').optional(),
  sort: z.enum(SORTABLE_EXPEDIENTE, { error: 'Campo de ordenación no válido' }).optional(),
  order: z.enum(['asc', 'desc'], { error: 'El orden debe ser asc o desc' }).optional(),
  q: z.string().max(200, 'El filtro no puede superar los 200 caracteres').optional(),
});

/** An expediente as the services API answers it. */
export const expedienteSchema = z.object({
  id: z.string(),
  titulo: z.string(),
  estado: z.string(),
  fechaAlta: z.string(),
  dueDate: z.string().nullable(),
  personaId: z.string(),
  notariaId: z.number(),
  links: z.array(z.string()),
  /** Derived for the list: the notaría's nombre (matched by idint) and the client's display name. */
  notariaNombre: z.string(),
  clienteNombre: z.string(),
});
export type ExpedienteDto = z.infer<typeof expedienteSchema>;

/** datosFormulario: one entry per form section: a list of rows (otorgantes, apoderados) or one object (proposito). */
const filaSchema = z.record(z.string().max(100), z.unknown());
export const datosFormularioSchema = z.record(
  z.string().max(100),
  z.union([z.array(filaSchema).max(200), filaSchema]),
  { error: MENSAJES_ACTO.datos },
);
export type DatosFormulario = z.infer<typeof datosFormularioSchema>;

/** Only a path of this site or an http(s) address may be framed as an act form. */
const urlActoSchema = z
  .string()
  .max(2000)
  .refine((u) => /^\/(?!\/)/.test(u) || /^https?:\/\/[^\s]+$/i.test(u), MENSAJES_ACTO.url);

const definicionIdSchema = z.union([
  z.number().int().positive(),
  z.string().regex(/^\d{1,15}$/).transform(Number),
], { error: MENSAJES_ACTO.definicion });

const actoFields = {
  titulo: z.string({ error: MENSAJES_ACTO.titulo }).trim().min(1, MENSAJES_ACTO.titulo).max(200, 'El título no puede superar los 200 caracteres'),
  status: z.enum(ESTADOS_ACTO, { error: MENSAJES_ACTO.status }),
  fecha: z.string({ error: MENSAJES_ACTO.fecha }).refine(isIsoDate, MENSAJES_ACTO.fecha),
  definicionActoId: definicionIdSchema.nullable(),
  datosFormulario: datosFormularioSchema,
  nombre_acto: z.string().max(200).nullable(),
  url_acto: urlActoSchema.nullable(),
};

/** POST /acto: the id is empty (or the local temp- id of a retried act); new acts are BORRADOR. */
export const actoCreateSchema = z.object({
  id: z
    .unknown()
    .refine((v) => v === undefined || v === null || v === '' || (isTempId(v) && (v as string).length <= 100), 'Un acto nuevo no lleva id')
    .optional(),
  expedienteId: z.uuid({ error: MENSAJES_ACTO.expediente }),
  titulo: actoFields.titulo,
  status: actoFields.status.default('BORRADOR'),
  fecha: actoFields.fecha.optional(),
  definicionActoId: actoFields.definicionActoId.optional(),
  datosFormulario: actoFields.datosFormulario.default({}),
  nombre_acto: actoFields.nombre_acto.optional(),
  url_acto: actoFields.url_acto.optional(),
}, CUERPO_OBJETO);

/** PUT /acto/{id}: any of the fields; the id and expediente come from the stored act. */
export const actoUpdateSchema = z.object({
  id: z.unknown().optional(),
  expedienteId: z.unknown().optional(),
  titulo: actoFields.titulo.optional(),
  status: actoFields.status.optional(),
  fecha: actoFields.fecha.optional(),
  definicionActoId: actoFields.definicionActoId.optional(),
  datosFormulario: actoFields.datosFormulario.optional(),
  nombre_acto: actoFields.nombre_acto.optional(),
  url_acto: actoFields.url_acto.optional(),
}, CUERPO_OBJETO);
export type ActoUpdate = z.input<typeof actoUpdateSchema>;

/** An act as the services API answers it (a temp- id only in the browser). */
export const actoSchema = z.object({
  id: z.string(),
  expedienteId: z.string(),
  titulo: z.string(),
  status: z.enum(ESTADOS_ACTO),
  fecha: z.string(),
  definicionActoId: z.number().nullable(),
  datosFormulario: datosFormularioSchema,
  nombre_acto: z.string().nullable(),
  url_acto: z.string().nullable(),
  /** When a sent act was last taken back to BORRADOR (ISO date-time); null otherwise. */
  retiradoEn: z.string().nullable().optional(),
  /** The notaría's comment when it returned the act to BORRADOR (the client reads it); null if never returned. */
  devolucionComentario: z.string().nullable().optional(),
  /** When the notaría returned it (ISO date-time). */
  devueltoEn: z.string().nullable().optional(),
});
export type ActoDto = z.infer<typeof actoSchema>;
