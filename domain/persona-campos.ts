/**
 * A persona's labels, empty values and the PUT body of a whole-record form. Apart from persona.ts
 * (which re-exports them) so first screens show and save a record without loading persona.ts's zod
 * schemas and country tables.
 */
import type { PersonaPayload } from './persona';

export const ETIQUETAS = {
  tipoIdentificador: { NIF: 'NIF', NIE: 'NIE', PASAPORTE: 'Pasaporte' } as Record<string, string>,
  genero: { MASCULINO: 'Masculino', FEMENINO: 'Femenino', OTROS: 'Otros' } as Record<string, string>,
  estadoCivil: { SOLTERO: 'Soltero/a', CASADO: 'Casado/a', SEPARADO: 'Separado/a', DIVORCIADO: 'Divorciado/a', VIUDO: 'Viudo/a' } as Record<string, string>,
  regimenEconomico: { PRIVATIVO: 'Privativo', GANANCIALES: 'Gananciales' } as Record<string, string>,
};

/** Empty values are dropped: '', whitespace, null, undefined, and objects left empty. */
export function dropEmpty<T>(value: T): T {
  if (Array.isArray(value)) return value.map(dropEmpty) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const cleaned = dropEmpty(v);
      if (cleaned === undefined || cleaned === null) continue;
      if (typeof cleaned === 'string' && cleaned.trim() === '') continue;
      if (typeof cleaned === 'object' && !Array.isArray(cleaned) && Object.keys(cleaned).length === 0) continue;
      out[k] = cleaned;
    }
    return out as T;
  }
  return value;
}

export const DIRECCION_CAMPOS = ['tipoVia', 'nombreVia', 'numeroVia', 'bloque', 'escalera', 'piso', 'puerta', 'portal', 'codPostal', 'localidad', 'provincia', 'pais'] as const;
export const PERSONA_CAMPOS = ['tipoPersona', 'identificador', 'email', 'telefono', 'nombre', 'primerApellido', 'segundoApellido', 'genero', 'fechaNacimiento', 'estadoCivil', 'regimenEconomico', 'profesion', 'razonSocial'] as const;

/**
 * The body of PUT for a form that shows the whole record: what the form holds, plus an explicit
 * null for each field the record had and the form left empty (a field left out would be kept).
 */
export function conBorrados(original: PersonaPayload, nuevo: PersonaPayload): Record<string, unknown> {
  const body: Record<string, unknown> = { ...nuevo };
  for (const campo of PERSONA_CAMPOS) {
    if (original[campo] !== undefined && nuevo[campo] === undefined) body[campo] = null;
  }
  const direccion: Record<string, unknown> = { ...(nuevo.direccion ?? {}) };
  for (const campo of DIRECCION_CAMPOS) {
    if (original.direccion?.[campo] !== undefined && nuevo.direccion?.[campo] === undefined) direccion[campo] = null;
  }
  if (Object.keys(direccion).length) body.direccion = direccion;
  return body;
}
