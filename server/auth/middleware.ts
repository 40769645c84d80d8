import { createMiddleware } from 'hono/factory';
import type { AppContext } from '../context.js';
import { HttpError } from '../http.js';
import { verifyToken, type AppRole } from './jwt.js';
import { staffNotarias } from './staff.js';

export interface SessionUser {
  /** idPersona of the signed-in person. */
  id: string;
  appRole: AppRole;
  /** The notarías (public.notarias.id) the token says the caller is staff of (server/auth/staff.ts). */
  notarias: number[];
}

export type AuthEnv = { Variables: { user: SessionUser } };

/** Requires a valid bearer access token; 401 otherwise (the portal then refreshes once). */
export function requireUser(ctx: AppContext) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw new HttpError(401, 'No se encontró el token de autenticación');
    const result = await verifyToken(ctx.config.jwtSecret, token);
    if (!result.ok || result.claims.role !== 'authenticated' || typeof result.claims.sub !== 'string') {
      throw new HttpError(401, result.ok ? 'Token inválido' : result.reason === 'expired' ? 'Token caducado' : 'Token inválido');
    }
    c.set('user', {
      id: result.claims.sub,
      appRole: result.claims.app_role === 'admin' ? 'admin' : 'assistant',
      notarias: staffNotarias(result.claims),
    });
    await next();
  });
}
