/**
 * Spanish identifier rules: NIF, NIE and CIF by entity and document type.
 * Shared by the login screen, the person forms and the server's schemas.
 */
export type TipoPersona = 'FISICA' | 'JURIDICA';
export type TipoDocumento = 'NIF' | 'NIE' | 'PASAPORTE';

export const TIPOS_DOCUMENTO: TipoDocumento[] = ['NIF', 'NIE', 'PASAPORTE'];

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const CIF_LETTERS = 'JABCDEFGHI';
/** First letters of a legal entity's NIF (CIF). */
export const CIF_FIRST_LETTERS = 'ABCDEFGHJNPQRSUVW';

export const MENSAJES_IDENTIFICADOR = {
  nif: 'El NIF introducido no es válido',
  nie: 'El NIE introducido no es válido',
  cif: 'El CIF introducido no es válido',
  incompatible: 'Tipo de documento no compatible con el tipo de entidad',
  pasaporte: 'El número de pasaporte solo puede tener letras y números (de 3 a 20)',
} as const;

const normalize = (v: string) => v.replace(/[\s-]/g, '').toUpperCase();

export function isValidNif(value: string): boolean {
  const v = normalize(value);
  const m = /^(\d{8})([A-Z])$/.exec(v);
  return !!m && DNI_LETTERS[Number(m[1]) % 23] === m[2];
}

export function isValidNie(value: string): boolean {
  const v = normalize(value);
  const m = /^([XYZ])(\d{7})([A-Z])$/.exec(v);
  if (!m) return false;
  const number = Number(`${'XYZ'.indexOf(m[1])}${m[2]}`);
  return DNI_LETTERS[number % 23] === m[3];
}

export function isValidCif(value: string): boolean {
  const v = normalize(value);
  const m = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(v);
  if (!m) return false;
  let sum = 0;
  m[2].split('').forEach((ch, i) => {
    const d = Number(ch);
    if (i % 2 === 0) {
      const doubled = d * 2; // odd positions (1st, 3rd, ...) are doubled and their digits summed
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else {
      sum += d;
    }
  });
  const control = (10 - (sum % 10)) % 10;
  return m[3] === String(control) || m[3] === CIF_LETTERS[control];
}

/** A passport number: letters and digits only (spaces and hyphens are dropped), 3 to 20 of them. */
export const isValidPasaporte = (value: string): boolean => /^[A-Z0-9]{3,20}$/.test(normalize(value));

/** A 9-character NIF starting with a legal-entity letter: not allowed for the initial registration. */
export function looksLikeCif(value: string): boolean {
  const v = normalize(value);
  return v.length === 9 && CIF_FIRST_LETTERS.includes(v[0]);
}

/**
 * Validates an identifier for an entity type; returns the Spanish message to show, or null when valid.
 * A passport has no check digit: only its shape is checked.
 */
export function validateIdentifier(tipoPersona: TipoPersona, tipo: TipoDocumento | string, numero: string): string | null {
  if (tipo === 'PASAPORTE') {
    if (tipoPersona !== 'FISICA') return MENSAJES_IDENTIFICADOR.incompatible;
    return isValidPasaporte(numero) ? null : MENSAJES_IDENTIFICADOR.pasaporte;
  }
  if (tipo === 'NIE') return isValidNie(numero) ? null : MENSAJES_IDENTIFICADOR.nie;
  if (tipo === 'NIF' || tipo === 'DNI' || tipo === 'CIF') {
    if (tipoPersona === 'FISICA') return isValidNif(numero) ? null : MENSAJES_IDENTIFICADOR.nif;
    return isValidCif(numero) ? null : MENSAJES_IDENTIFICADOR.cif;
  }
  return MENSAJES_IDENTIFICADOR.incompatible;
}

export const normalizeIdentifier = normalize;
