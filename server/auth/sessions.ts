import type { AppContext } from '../context.js';
import type { Queryable } from '../db/db.js';
import { HttpError } from '../http.js';
import { ACCESS_TOKEN_SECONDS, signAccessToken } from './jwt.js';
import { SESSION_HOURS, hashRefreshToken, newRefreshToken } from './pins.js';
import { findUsuarioById, type Usuario } from './users.js';
import { appRoleOf, grantConfiguredAdmin, rolesOf } from './roles.js';
import { notariasDePersonal } from './staff.js';

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

const SESSION_ENDED = 'La sesión ha caducado. Inicie sesión de nuevo.';

/**
 * The access token of a user. The role (and the staff notarías) is the account's roles as stored in the database now
 * (servicios.usuario_roles), read at sign-in and at every refresh, so a role removed ends with the
 * next refresh; never from anything the browser sends. It never outlives the session.
 */
async function accessToken(ctx: AppContext, usuario: Usuario, sessionEnds: Date, sesion: { sid: string; amr?: string[] }): Promise<string> {
  const roles = await rolesOf(ctx.db, usuario.id);
  // staff of the notarías whose active personal rows carry the account's document (server/auth/staff.ts)
  const notarias = await notariasDePersonal(ctx.db, usuario);
  const secondsLeft = Math.floor((sessionEnds.getTime() - Date.now()) / 1000);
  return signAccessToken(
    ctx.config.jwtSecret,
    { sub: usuario.personaId, app_role: appRoleOf(roles), email: usuario.email, notarias, ...sesion },
    Math.max(1, Math.min(ctx.config.accessTokenSeconds ?? ACCESS_TOKEN_SECONDS, secondsLeft)),
  );
}

export type MetodoAcceso = 'pin' | 'certificado' | 'passkey';

/** Starts a session (a new refresh-token family) for a user who has just proved a PIN (or a certificate: opts.metodo). */
export async function startSession(ctx: AppContext, usuario: Usuario, opts: { metodo?: MetodoAcceso; userAgent?: string } = {}): Promise<Tokens> {
  const refresh = newRefreshToken();
  const { id: sid, expiresAt } = await ctx.db.transaction(async (tx) => {
    // an account ADMIN_DOCUMENTS names that registered after the start
    await grantConfiguredAdmin(tx, usuario, ctx.config.adminDocuments);
    const { rows } = await tx.query<{ id: string; expiresAt: Date }>(
      `insert into servicios.sesiones (usuario_id, expires_at) values ($1, now() + make_interval(hours => $2))
       returning id, expires_at as "expiresAt"`,
      [usuario.id, SESSION_HOURS],
    );
    await tx.query('insert into servicios.refresh_tokens (token_hash, sesion_id) values ($1, $2)', [
      hashRefreshToken(ctx.config.jwtSecret, refresh),
      rows[0].id,
    ]);
    return { id: rows[0].id, expiresAt: new Date(rows[0].expiresAt) };
  });
  return { access_token: await accessToken(ctx, usuario, expiresAt, { sid, amr: [opts.metodo ?? 'pin'] }), refresh_token: refresh };
}

type RotateResult = { ok: true; sesionId: string; usuarioId: string; expiresAt: Date; refresh: string } | { ok: false };

/**
 * Swaps a refresh token for a new one of the same family. A token already swapped means it was
 * copied: the whole family (session) is revoked, and whoever holds either copy must sign in again.
 * The swap is claimed by a conditional UPDATE, so of two concurrent uses of one token (a thief
 * racing the owner) exactly one wins and the other revokes the family; a SELECT … FOR UPDATE of
 * the session let every racer read the token as unused on PostgreSQL.
 */
export async function rotateSession(ctx: AppContext, token: string): Promise<Tokens> {
  const hash = hashRefreshToken(ctx.config.jwtSecret, token);
  const refresh = newRefreshToken();
  const result = await ctx.db.transaction(async (tx): Promise<RotateResult> => {
    const { rows } = await tx.query<{ sesionId: string; usuarioId: string; expiresAt: Date; live: boolean }>(
      `with claimed as (
         update servicios.refresh_tokens set used_at = now()
          where token_hash = $1 and used_at is null
         returning sesion_id)
       select s.id as "sesionId", s.usuario_id as "usuarioId", s.expires_at as "expiresAt",
              (s.revoked_at is null and s.expires_at > now()) as live
         from claimed join servicios.sesiones s on s.id = claimed.sesion_id`,
      [hash],
    );
    const claimed = rows[0];
    if (!claimed) {
      // unknown, or used before: a reuse revokes the session it belongs to
      await revokeSessionOf(tx, hash);
      return { ok: false };
    }
    if (!claimed.live) return { ok: false };
    await tx.query('insert into servicios.refresh_tokens (token_hash, sesion_id) values ($1, $2)', [
      hashRefreshToken(ctx.config.jwtSecret, refresh),
      claimed.sesionId,
    ]);
    return { ok: true, sesionId: claimed.sesionId, usuarioId: claimed.usuarioId, expiresAt: new Date(claimed.expiresAt), refresh };
  });
  if (!result.ok) throw new HttpError(401, SESSION_ENDED);
  const usuario = await findUsuarioById(ctx.db, result.usuarioId);
  if (!usuario) throw new HttpError(401, SESSION_ENDED);
  // amr is not stored in this branch: the helper "factores" keeps the session's methods (sesiones.metodo)
  return { access_token: await accessToken(ctx, usuario, result.expiresAt, { sid: result.sesionId }), refresh_token: result.refresh };
}

/** Revokes the session (the whole family) a refresh token belongs to, if it is still live. */
async function revokeSessionOf(db: Queryable, tokenHash: string): Promise<void> {
  await db.query(
    `update servicios.sesiones set revoked_at = now()
      where revoked_at is null
        and id = (select sesion_id from servicios.refresh_tokens where token_hash = $1)`,
    [tokenHash],
  );
}

/** Ends the session of a refresh token (logout). Unknown tokens are ignored: nothing to end. */
export async function endSession(ctx: AppContext, token: string): Promise<void> {
  await revokeSessionOf(ctx.db, hashRefreshToken(ctx.config.jwtSecret, token));
}
