/**
 * The office's work without zod (the pages' first screen reads these): a case's states and their
 * transitions, the list's limits and the messages. The services API's schemas are in ./despacho.
 */
import { groupThousands } from './text';

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

/** At most this many days in one read of the office's calendar (a week view, a month at most). */
export const MAX_DIAS_CITAS = 31;

export const MENSAJES_CITAS_DESPACHO = {
  horaOcupada: 'Ese miembro del personal ya tiene una cita a esa hora',
  staffDeOtraNotaria: 'El miembro del personal no es de la notaría de la cita',
  noEncontrada: 'Cita no encontrada',
} as const;
