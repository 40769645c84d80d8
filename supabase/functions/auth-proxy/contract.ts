// What the auth-proxy function and the services API agree on (shared by both sides).

export { ACCIONES_ACCESO } from './acciones.ts';

/** The caller's address as the function saw it; believed only with the secret below. */
export const CLIENT_ADDRESS_HEADER = 'x-portal-client-address';
/** AUTH_PROXY_SECRET, shared by the function and the server (in process: a per-process secret). */
export const PROXY_SECRET_HEADER = 'x-portal-proxy-secret';

/** 415: the anonymous sign-in actions take JSON only. */
export const MENSAJE_SOLO_JSON = 'El cuerpo de la petición debe ser JSON (Content-Type: application/json).';

/** True when the request's body is declared as JSON (parameters such as charset allowed). */
export function isJsonRequest(req: Request): boolean {
  const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  return type === 'application/json';
}
