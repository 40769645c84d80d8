import type { Queryable } from '../db/db.js';
import { HttpError } from '../http.js';
import type { SessionUser } from './middleware.js';
import { estadoSesion } from './sesion-viva.js';

/**
 * Step-up (docs/security.md): downloading a deed or an identity document, changing the e-mail,
 * granting a privilegio and every admin change need a passkey or certificate proven in the last
 * 15 minutes, when the person has one (a passkey, or a session started with a certificate).
 * PIN-only accounts of clients keep working as before. The portal recognises the code, asks for
 * the passkey (POST /auth/passkey/confirmar) and repeats the request.
 */
export const PASO_ADICIONAL_SEGUNDOS = 15 * 60;
export const CODIGO_PASO_ADICIONAL = 'paso_adicional';
export const MENSAJE_PASO_ADICIONAL = 'Por seguridad, confirme su identidad con su llave de acceso para continuar.';

type Prueba = Pick<SessionUser, 'sid' | 'fa' | 'amr'>;

/** Whether the caller must prove a strong factor again before this action. */
export async function necesitaPasoAdicional(db: Queryable, user: Prueba, now = Date.now()): Promise<boolean> {
  if (user.fa !== undefined && now / 1000 - user.fa <= PASO_ADICIONAL_SEGUNDOS) return false;
  if (user.amr?.includes('certificado')) return true;
  if (!user.sid) return false;
  const e = estadoSesion(db, user.sid);
  return (e instanceof Promise ? await e : e).tieneLlave;
}

export async function exigirPasoAdicional(db: Queryable, user: Prueba): Promise<void> {
  if (await necesitaPasoAdicional(db, user)) throw new HttpError(403, MENSAJE_PASO_ADICIONAL, undefined, CODIGO_PASO_ADICIONAL);
}
