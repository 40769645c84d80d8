import { ETIQUETAS } from '../../domain/persona';

/**
 * What the act form shows for the codes of a definition: a definition may list its options as
 * bare codes (SOLTERO, CONYUGE, SOLIDARIA); the code stays the value, the person reads Spanish.
 */
const OPCIONES: Record<string, string> = {
  ...ETIQUETAS.estadoCivil,
  ...ETIQUETAS.regimenEconomico,
  ...ETIQUETAS.genero,
  CONYUGE: 'Cónyuge',
  HIJO: 'Hijo/a',
  FAMILIAR: 'Familiar',
  ABOGADO: 'Abogado/a',
  GESTOR: 'Gestor/a',
  OTRA: 'Otra',
  OTRO: 'Otro',
  GENERAL: 'General',
  ESPECIAL: 'Especial',
  LIMITADO: 'Limitado',
  SOLIDARIA: 'Solidaria',
  MANCOMUNADA: 'Mancomunada',
  SI: 'Sí',
  NO: 'No',
};

/** The label of an option: a definition's own label wins; a known code reads in Spanish; another code in sentence case. */
export function etiquetaOpcion(valor: string, etiqueta: string): string {
  if (etiqueta !== valor) return etiqueta;
  const conocida = OPCIONES[valor];
  if (conocida) return conocida;
  // an unknown UPPER_CASE code: 'PODER_ESPECIAL' → 'Poder especial'
  if (/^[A-ZÁÉÍÓÚÜÑ_]+$/.test(valor)) {
    const texto = valor.replace(/_/g, ' ').toLowerCase();
    return texto.charAt(0).toUpperCase() + texto.slice(1);
  }
  return etiqueta;
}

/**
 * One row of a list section is named in the singular ('Otorgante 1', 'Añadir apoderado'):
 * Spanish plurals end in -s after a vowel and in -es after a consonant ('Titulares' → 'Titular').
 */
export function singular(nombre: string): string {
  if (/ces$/i.test(nombre)) return `${nombre.slice(0, -3)}z`;
  if (/[lrndj]es$/i.test(nombre)) return nombre.slice(0, -2);
  if (/[aeiouáéíóú]s$/i.test(nombre)) return nombre.slice(0, -1);
  return nombre;
}
