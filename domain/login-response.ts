/**
 * The answer of a successful PIN login. Back ends spell the fields differently, so the portal
 * accepts access_token / accessToken / token, refresh_token / refreshToken and
 * idPersona / id_persona.
 */
export interface LoginData {
  accessToken: string;
  refreshToken: string;
  idPersona: string;
}

export const LOGIN_INCOMPLETA = 'Respuesta de login incompleta - faltan tokens o idPersona';

const text = (v: unknown): string | undefined =>
  (typeof v === 'string' && v.trim()) || (typeof v === 'number' && Number.isFinite(v)) ? String(v).trim() : undefined;

/** Reads the tokens and idPersona of a login answer; throws LOGIN_INCOMPLETA when one is missing. */
export function parseLoginResponse(body: unknown): LoginData {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const accessToken = text(b.access_token) ?? text(b.accessToken) ?? text(b.token);
  const refreshToken = text(b.refresh_token) ?? text(b.refreshToken);
  const idPersona = text(b.idPersona) ?? text(b.id_persona);
  if (!accessToken || !refreshToken || !idPersona) throw new Error(LOGIN_INCOMPLETA);
  return { accessToken, refreshToken, idPersona };
}
