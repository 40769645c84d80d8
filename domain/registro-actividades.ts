import type { ResourceConfig, Tratamiento } from './resource';
import { compareSpanish } from './text';

/** One processing activity of the record (RGPD art. 30.1), with the resource it comes from. */
export interface Actividad extends Tratamiento {
  recurso: string;
  etiqueta: string;
}

/** The record of processing activities: every declared resource that holds personal data, by activity. */
export function registroDeActividades(configs: readonly ResourceConfig[]): Actividad[] {
  return configs
    .filter((c): c is ResourceConfig & { tratamiento: Tratamiento } => !!c.tratamiento)
    .map((c) => ({ recurso: c.name, etiqueta: c.labels.plural, ...c.tratamiento }))
    .sort((a, b) => compareSpanish(a.actividad, b.actividad));
}

export const CAMPOS_ACTIVIDAD: [keyof Tratamiento, string][] = [
  ['finalidad', 'Finalidad'],
  ['baseJuridica', 'Base jurídica'],
  ['categorias', 'Categorías de interesados y de datos'],
  ['destinatarios', 'Destinatarios'],
  ['conservacion', 'Plazo de conservación'],
];
