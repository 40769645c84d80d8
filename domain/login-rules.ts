import { looksLikeCif, validateIdentifier, type TipoDocumento } from './identifiers';

/** Texts and rules of the login and registration screen. */
export const LOGIN_MENSAJES = {
  documentoInvalido: 'Documento inválido',
  soloPersonasFisicas: 'El registro inicial es solo para personas físicas.',
  pistaPasaporte: 'Asegúrese de introducir bien el número de pasaporte',
  corregirErrores: 'Por favor, corrija los errores antes de continuar',
  obligatorios: 'Número de documento y notaría son obligatorios',
  pinObligatorio: 'El código PIN es obligatorio',
  emailObligatorio: 'El email es obligatorio',
  emailInvalido: 'Email inválido',
  introduceEmailValido: 'Por favor, introduce un email válido',
} as const;

/**
 * The document number's error at login, or null. Only natural persons register, so an NIF that
 * looks like a company's (CIF) gets its own message; a passport only has its shape checked.
 */
export function loginDocumentError(tipo: TipoDocumento, numero: string): string | null {
  const value = numero.trim();
  if (!value) return null;
  if (tipo === 'PASAPORTE') return validateIdentifier('FISICA', tipo, value);
  if (tipo === 'NIF' && looksLikeCif(value)) return LOGIN_MENSAJES.soloPersonasFisicas;
  const error = validateIdentifier('FISICA', tipo, value);
  return error === null ? null : error || LOGIN_MENSAJES.documentoInvalido;
}
