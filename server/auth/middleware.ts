import { createMiddleware } from 'hono/factory';
import type { AppContext } from '../context.js';
import { HttpError } from '../http.js';
import { verifyToken, type AppRole, type Metodo, type TokenClaims } from './jwt.js';
import { staffNotarias } from './staff.js';
import { exigirSesionViva } from './sesion-viva.js';

export interface SessionUser {
  /** idPersona of the signed-in person. */
  id: string;
  appRole: AppRole;
  /** The notarías (public.notarias.id) the token says the caller is staff of (server/auth/staff.ts). */
  notarias: number[];
  /** The session (servicios.sesiones.id); absent in tokens not issued by a sign-in. */
  sid?: string;
  /** Methods proven in the session, and when the last passkey or certificate was (epoch seconds). */
  amr?: Metodo[];
  fa?: number;
}

export type AuthEnv = { Variables: { user: SessionUser } };

/** The session's part of a verified token's claims. */
export function sessionOf(claims: TokenClaims): Pick<SessionUser, 'sid' | 'amr' | 'fa'> {
  const sid = typeof claims.sid === 'string' ? claims.sid : undefined;
  const amr = Array.isArray(claims.amr) ? (claims.amr.filter((m) => typeof m === 'string') as Metodo[]) : undefined;
  const fa = typeof claims.fa === 'number' ? claims.fa : undefined;
  return { sid, amr, fa };
}

/**
 * Requires a valid bearer access token of a live session; 401 otherwise (the portal then
 * refreshes once; a session ended answers code 'sesion_terminada').
 */
export function requireUser(ctx: AppContext) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw new HttpError(401, 'No se encontró el token de autenticación');
    const result = await verifyToken(ctx.config.jwtSecret, token);
    if (!result.ok || result.claims.role !== 'authenticated' || typeof result.claims.sub !== 'string') {
      throw new HttpError(401, result.ok ? 'Token inválido' : result.reason === 'expired' ? 'Token caducado' : 'Token inválido');
    }
    await exigirSesionViva(ctx.db, result.claims);
    c.set('user', {
      id: result.claims.sub,
      appRole: result.claims.app_role === 'admin' ? 'admin' : 'assistant',
      notarias: staffNotarias(result.claims),
      ...sessionOf(result.claims),
    });
    await next();
  });
}
