import type { AppContext } from '../context.js';
import { HttpError } from '../http.js';
import { ACCESS_TOKEN_SECONDS, signAccessToken } from './jwt.js';
import { SESSION_HOURS, hashRefreshToken, newRefreshToken } from './pins.js';
import { findUsuarioById, type Usuario } from './users.js';

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

const SESSION_ENDED = 'La sesión ha caducado. Inicie sesión de nuevo.';

/**
 * The access token of a user. The role comes from the document they signed in with (never from
 * persona data they can edit), checked against ADMIN_DOCUMENTS; it never outlives the session.
 */
async function accessToken(ctx: AppContext, usuario: Usuario, sessionEnds: Date): Promise<string> {
  const admin = ctx.config.adminDocuments.includes(usuario.numeroDocumento.toUpperCase());
  const secondsLeft = Math.floor((sessionEnds.getTime() - Date.now()) / 1000);
  return signAccessToken(
    ctx.config.jwtSecret,
    { sub: usuario.personaId, app_role: admin ? 'admin' : 'assistant', email: usuario.email },
    Math.max(1, Math.min(ACCESS_TOKEN_SECONDS, secondsLeft)),
  );
}

/** Starts a session (a new refresh-token family) for a user who has just proved a PIN. */
export async function startSession(ctx: AppContext, usuario: Usuario): Promise<Tokens> {
  const refresh = newRefreshToken();
  const expiresAt = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; expiresAt: Date }>(
      `insert into servicios.sesiones (usuario_id, expires_at) values ($1, now() + make_interval(hours => $2))
       returning id, expires_at as "expiresAt"`,
      [usuario.id, SESSION_HOURS],
    );
    await tx.query('insert into servicios.refresh_tokens (token_hash, sesion_id) values ($1, $2)', [
      hashRefreshToken(ctx.config.jwtSecret, refresh),
      rows[0].id,
    ]);
    return new Date(rows[0].expiresAt);
  });
  return { access_token: await accessToken(ctx, usuario, expiresAt), refresh_token: refresh };
}

type RotateResult = { ok: true; usuarioId: string; expiresAt: Date; refresh: string } | { ok: false };

/**
 * Swaps a refresh token for a new one of the same family. A token already swapped means it was
 * copied: the whole family (session) is revoked, and whoever holds either copy must sign in again.
 */
export async function rotateSession(ctx: AppContext, token: string): Promise<Tokens> {
  const hash = hashRefreshToken(ctx.config.jwtSecret, token);
  const refresh = newRefreshToken();
  const result = await ctx.db.transaction(async (tx): Promise<RotateResult> => {
    const { rows } = await tx.query<{ sesionId: string; usuarioId: string; expiresAt: Date; used: boolean; live: boolean }>(
      `select s.id as "sesionId", s.usuario_id as "usuarioId", s.expires_at as "expiresAt",
              rt.used_at is not null as used, (s.revoked_at is null and s.expires_at > now()) as live
         from servicios.refresh_tokens rt join servicios.sesiones s on s.id = rt.sesion_id
        where rt.token_hash = $1
        for update of s`,
      [hash],
    );
    const found = rows[0];
    if (!found || !found.live) return { ok: false };
    if (found.used) {
      await tx.query('update servicios.sesiones set revoked_at = now() where id = $1', [found.sesionId]);
      return { ok: false };
    }
    await tx.query('update servicios.refresh_tokens set used_at = now() where token_hash = $1', [hash]);
    await tx.query('insert into servicios.refresh_tokens (token_hash, sesion_id) values ($1, $2)', [
      hashRefreshToken(ctx.config.jwtSecret, refresh),
      found.sesionId,
    ]);
    return { ok: true, usuarioId: found.usuarioId, expiresAt: new Date(found.expiresAt), refresh };
  });
  if (!result.ok) throw new HttpError(401, SESSION_ENDED);
  const usuario = await findUsuarioById(ctx.db, result.usuarioId);
  if (!usuario) throw new HttpError(401, SESSION_ENDED);
  return { access_token: await accessToken(ctx, usuario, result.expiresAt), refresh_token: result.refresh };
}

/** Ends the session of a refresh token (logout). Unknown tokens are ignored: nothing to end. */
export async function endSession(ctx: AppContext, token: string): Promise<void> {
  await ctx.db.query(
    `update servicios.sesiones set revoked_at = now()
      where revoked_at is null
        and id = (select sesion_id from servicios.refresh_tokens where token_hash = $1)`,
    [hashRefreshToken(ctx.config.jwtSecret, token)],
  );
}
