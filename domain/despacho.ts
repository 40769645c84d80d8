import { z } from 'zod';
import { actoSchema } from './expediente';
import { groupThousands } from './text';

/**
 * The office's work on the cases, shared by the services API and the portal: the estados of a
 * case and how the office moves them, the return of an act, and the query of the office's list.
 */

export const ESTADOS_EXPEDIENTE = ['PENDIENTE', 'EN_TRAMITE', 'FINALIZADO', 'COMPLETADO'] as const;
export type EstadoExpediente = (typeof ESTADOS_EXPEDIENTE)[number];

export const ETIQUETA_ESTADO: Record<EstadoExpediente, string> = {
  PENDIENTE: 'Pendiente',
  EN_TRAMITE: 'En trámite',
  FINALIZADO: 'Finalizado',
  COMPLETADO: 'Completado',
};

/**
 * Forward: Pendiente → En trámite → Finalizado or Completado. Back (with a reason): Finalizado or
 * Completado → En trámite → Pendiente. Nothing else.
 */
const ADELANTE: Record<EstadoExpediente, EstadoExpediente[]> = {
  PENDIENTE: ['EN_TRAMITE'],
  EN_TRAMITE: ['FINALIZADO', 'COMPLETADO'],
  FINALIZADO: [],
  COMPLETADO: [],
};
const ATRAS: Record<EstadoExpediente, EstadoExpediente[]> = {
  PENDIENTE: [],
  EN_TRAMITE: ['PENDIENTE'],
  FINALIZADO: ['EN_TRAMITE'],
  COMPLETADO: ['EN_TRAMITE'],
};

export type Transicion = 'adelante' | 'atras' | null;

/** Whether the office may move a case from one estado to another, and which way. */
export function transicion(de: string, a: EstadoExpediente): Transicion {
  const desde = (ESTADOS_EXPEDIENTE as readonly string[]).includes(de) ? (de as EstadoExpediente) : 'PENDIENTE';
  if (ADELANTE[desde].includes(a)) return 'adelante';
  if (ATRAS[desde].includes(a)) return 'atras';
  return null;
}

/** The estados the office may move a case to from its current one. */
export const siguientesEstados = (de: string): EstadoExpediente[] => ESTADOS_EXPEDIENTE.filter((a) => transicion(de, a) !== null);

export const MENSAJES_DESPACHO = {
  estado: 'El estado debe ser PENDIENTE, EN_TRAMITE, FINALIZADO o COMPLETADO',
  motivoObligatorio: 'Indique el motivo para volver a un estado anterior',
  motivoLargo: 'El motivo no puede superar los 1000 caracteres',
  transicionNoValida: (de: string, a: EstadoExpediente) =>
    `No se puede pasar un expediente de ${ETIQUETA_ESTADO[de as EstadoExpediente] ?? de} a ${ETIQUETA_ESTADO[a]}`,
  comentarioObligatorio: 'Escriba un comentario para el cliente',
  comentarioLargo: 'El comentario no puede superar los 2000 caracteres',
  actoNoEnviado: 'Solo se puede devolver un acto enviado',
  /** The client's own 'back to draft' once the office has taken the case. */
  soloDespacho: 'El expediente está en trámite: solo la notaría puede devolver un acto enviado a borrador',
  casoPropio: 'Este expediente es suyo o de una persona suya: debe tramitarlo otra persona de la notaría',
} as const;

/** Finalizado and Completado: closed to the client's changes until the office reopens the case. */
const CERRADOS: readonly string[] = ['FINALIZADO', 'COMPLETADO'];

/**
 * What the client side may do with the acts of a case in this estado, and why not, naming the
 * estado the case is really in: the portal offers only what this allows (the server refuses the rest).
 */
export function accionesClienteActos(estado: string | null | undefined): {
  /** start a new act, fill and send a draft */
  editar: boolean;
  /** take a sent act back to draft (only while the office has not taken the case) */
  aBorrador: boolean;
  motivo: string | null;
} {
  const e = (estado ?? 'PENDIENTE').toUpperCase();
  const etiqueta = (ETIQUETA_ESTADO[e as EstadoExpediente] ?? e).toLowerCase();
  if (CERRADOS.includes(e)) {
    return { editar: false, aBorrador: false, motivo: `El expediente está ${etiqueta}: no admite cambios hasta que la notaría lo reabra` };
  }
  if (e === 'PENDIENTE') return { editar: true, aBorrador: true, motivo: null };
  return { editar: true, aBorrador: false, motivo: `El expediente está ${etiqueta}: solo la notaría puede devolver un acto enviado a borrador` };
}

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

/** The estados the office's list filters by (Finalizado includes Completado). */
export const FILTROS_ESTADO = ['PENDIENTE', 'EN_TRAMITE', 'FINALIZADO'] as const;

/**
 * How far the office's list may be read, so every request has a bounded cost: a page of the whole
 * list lies within its first VENTANA_DESPACHO cases, a page of a client search within its first
 * VENTANA_BUSQUEDA (a longer search is narrowed by typing more of the name or document).
 */
export const VENTANA_DESPACHO = 10_000;
export const VENTANA_BUSQUEDA = 1_000;
/** A client search needs this many letters or digits in a row (what a trigram index can look up). */
export const BUSQUEDA_MINIMA = 3;
const BUSQUEDA_SERVIBLE = new RegExp(`[\\p{L}\\p{N}]{${BUSQUEDA_MINIMA}}`, 'u');
/** Can this client search be looked up (the list sends it only then; the server refuses it otherwise)? */
export const busquedaServible = (texto: string) => BUSQUEDA_SERVIBLE.test(texto);

export const MENSAJES_LISTA_DESPACHO = {
  busquedaCorta: `Escriba al menos ${BUSQUEDA_MINIMA} letras o cifras seguidas del nombre o del documento del cliente`,
  busquedaLarga: 'La búsqueda no puede superar los 200 caracteres',
  ventana: `Solo se pueden consultar los ${groupThousands(VENTANA_DESPACHO)} primeros expedientes de la lista; filtre por estado o busque un cliente`,
  ventanaBusqueda: `Solo se pueden consultar los ${groupThousands(VENTANA_BUSQUEDA)} primeros expedientes de una búsqueda; escriba más del nombre o del documento`,
  size: 'size debe estar entre 1 y 100',
  page: 'page debe ser un número entero de 1 en adelante',
} as const;

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

/** At most this many days in one read of the office's calendar (a week view, a month at most). */
export const MAX_DIAS_CITAS = 31;

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

export const MENSAJES_CITAS_DESPACHO = {
  horaOcupada: 'Ese miembro del personal ya tiene una cita a esa hora',
  staffDeOtraNotaria: 'El miembro del personal no es de la notaría de la cita',
  noEncontrada: 'Cita no encontrada',
} as const;
