/**
 * Copies of a deed without zod (the pages' first screen reads these): their types, states and
 * labels. The services API's schemas are in ./copias.
 */

/** Copies of a finished case's deed: asked for by its client side, prepared and delivered by the office. */
export const TIPOS_COPIA = ['SIMPLE', 'AUTORIZADA'] as const;
export const ESTADOS_COPIA = ['SOLICITADA', 'EN_PREPARACION', 'DISPONIBLE', 'RECHAZADA'] as const;
export type TipoCopia = (typeof TIPOS_COPIA)[number];
export type EstadoCopia = (typeof ESTADOS_COPIA)[number];

export const ETIQUETA_TIPO_COPIA: Record<TipoCopia, string> = { SIMPLE: 'Copia simple', AUTORIZADA: 'Copia autorizada' };
export const ETIQUETA_ESTADO_COPIA: Record<EstadoCopia, string> = {
  SOLICITADA: 'Solicitada',
  EN_PREPARACION: 'En preparación',
  DISPONIBLE: 'Disponible',
  RECHAZADA: 'Rechazada',
};

/** Cases whose deed exists: only these take copy requests. */
export const ESTADOS_CON_ESCRITURA = ['FINALIZADO', 'COMPLETADO'] as const;
