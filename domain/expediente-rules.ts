/**
 * Case files (expedientes) and their acts without zod (the pages' first screen reads these): the
 * messages, the groups of states and their labels. The services API's schemas are in ./expediente.
 */

export const MENSAJES_EXPEDIENTE = {
  notaria: 'Debe seleccionar un notario',
  cliente: 'Debe seleccionar un cliente',
  titulo: 'Debe introducir un título para el expediente',
  dueDate: 'Debe seleccionar una fecha de vencimiento',
  sesion: 'Debe iniciar sesión para crear un expediente',
} as const;

export const MENSAJES_ACTO = {
  idRequerido: 'ID del acto requerido para actualización',
  titulo: 'Debe introducir un título para el acto',
  expediente: 'Debe indicar el expediente del acto',
  status: 'El estado del acto debe ser BORRADOR o ENVIADO',
  fecha: 'La fecha del acto no es válida',
  url: 'La URL del acto no es válida',
  datos: 'Los datos del formulario no son válidos',
  definicion: 'La definición del acto no es válida',
  enviado: 'Un acto enviado no se puede modificar. Cambie su estado a Borrador para editarlo.',
} as const;

/** GET /expediente/owner/{personaId}: optional server-side page, sort and text filter. */
export const SORTABLE_EXPEDIENTE = ['notariaNombre', 'fechaAlta', 'clienteNombre', 'dueDate', 'titulo', 'estado'] as const;

// ---- Expediente estado --------------------------------------------------------------------

export type GrupoEstado = 'finalizado' | 'en_tramite' | 'pendiente';

/** FINALIZADO and COMPLETADO are finished, EN_TRAMITE is in process, anything else is pending. */
export function grupoEstado(estado: string | null | undefined): GrupoEstado {
  const e = (estado ?? '').trim().toUpperCase();
  if (e === 'FINALIZADO' || e === 'COMPLETADO') return 'finalizado';
  if (e === 'EN_TRAMITE') return 'en_tramite';
  return 'pendiente';
}

/** A finished case (FINALIZADO, COMPLETADO) takes no change from its client side until the office reopens it. */
export const expedienteCerrado = (estado: string | null | undefined): boolean => grupoEstado(estado) === 'finalizado';

/** Why a finished case refused a client's change (409), naming its real estado. */
export function mensajeExpedienteCerrado(estado: string | null | undefined): string {
  const nombre = (estado ?? '').trim().toUpperCase() === 'COMPLETADO' ? 'completado' : 'finalizado';
  return `El expediente está ${nombre}: no admite cambios hasta que la notaría lo reabra.`;
}

export const ETIQUETA_GRUPO_ESTADO: Record<GrupoEstado, string> = {
  finalizado: 'Finalizado',
  en_tramite: 'En trámite',
  pendiente: 'Pendiente',
};

// ---- Actos ----------------------------------------------------------------------------------

export const ESTADOS_ACTO = ['BORRADOR', 'ENVIADO'] as const;
export type EstadoActo = (typeof ESTADOS_ACTO)[number];
/** The status codes stay the values; people read words (lists, toasts, banners). */
export const ETIQUETA_ESTADO_ACTO: Record<EstadoActo, string> = { BORRADOR: 'Borrador', ENVIADO: 'Enviado' };
