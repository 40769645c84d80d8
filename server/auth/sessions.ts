import type { AppContext } from '../context.js';
import type { Queryable } from '../db/db.js';
import { HttpError } from '../http.js';
import { ACCESS_TOKEN_SECONDS, signAccessToken, type Metodo, type SessionClaims } from './jwt.js';
import { SESSION_HOURS, hashRefreshToken, newRefreshToken } from './pins.js';
import { findUsuarioById, type Usuario } from './users.js';
import { appRoleOf, grantConfiguredAdmin, rolesOf } from './roles.js';
import { notariasDePersonal } from './staff.js';
import { olvidarSesiones } from './sesion-viva.js';
import { documentoProbado } from './identidad.js';

export interface Tokens {
  access_token: string;
  refresh_token: string;
  /**
   * The account holds staff or admin rights this session does not carry yet (SEGUNDO_FACTOR_OFICINA):
   * 'confirmar' with one of its passkeys, or 'alta' to add its first one.
   */
  segundoFactor?: SegundoFactor;
}

export type SegundoFactor = 'confirmar' | 'alta';

export interface SessionOpts {
  metodo?: Metodo;
  userAgent?: string | null;
}

/** What a session's tokens say of it (servicios.sesiones). */
interface Sesion {
  id: string;
  expiresAt: Date;
  metodo: Metodo;
  factorFuerte: 'passkey' | 'certificado' | null;
  factorFuerteAt: Date | null;
  version: number;
}

const SESION_COLUMNS = `id, expires_at as "expiresAt", metodo, factor_fuerte as "factorFuerte", factor_fuerte_at as "factorFuerteAt", version`;

const SESSION_ENDED = 'La sesión ha caducado. Inicie sesión de nuevo.';

/** The proof of the session: its methods (amr) and level (aal 2 once a passkey or certificate was proven). */
export function assurance(sesion: Pick<Sesion, 'metodo' | 'factorFuerte' | 'factorFuerteAt'>): Pick<SessionClaims, 'amr' | 'aal' | 'fa'> {
  const amr = [...new Set<Metodo>([sesion.metodo, ...(sesion.factorFuerte ? [sesion.factorFuerte] : [])])];
  const fuerte = sesion.factorFuerte !== null || sesion.metodo !== 'pin';
  const fa = sesion.factorFuerteAt ? Math.floor(new Date(sesion.factorFuerteAt).getTime() / 1000) : undefined;
  return { amr, aal: fuerte ? 2 : 1, ...(fa ? { fa } : {}) };
}

/**
 * The access token of a session. The role (and the staff notarías) is the account's roles as stored in the database now
 * (servicios.usuario_roles, public.personal), read at sign-in and at every refresh; a change of
 * them moves the session's version (0047_sesiones_y_llaves.sql), which ends older tokens within
 * seconds (server/auth/sesion-viva.ts). Never from anything the browser sends. With
 * SEGUNDO_FACTOR_OFICINA=obligatorio staff and admin rights need aal 2. It never outlives the session.
 */
async function accessToken(ctx: AppContext, usuario: Usuario, sesion: Sesion): Promise<{ token: string; segundoFactor?: SegundoFactor }> {
  // what others granted to the document (staff, admin) needs the account bound to it by proof (identidad.ts)
  const probada = await documentoProbado(ctx.db, usuario.id);
  const roles = (await rolesOf(ctx.db, usuario.id)).filter((r) => probada || r !== 'admin');
  // staff of the notarías whose active personal rows carry the account's document (server/auth/staff.ts)
  let notarias = probada ? await notariasDePersonal(ctx.db, usuario) : [];
  let appRole = appRoleOf(roles);
  const proof = assurance(sesion);
  let segundoFactor: SegundoFactor | undefined;
  if (ctx.config.segundoFactorOficina === 'obligatorio' && proof.aal < 2 && (notarias.length || appRole === 'admin')) {
    notarias = [];
    appRole = 'assistant';
    segundoFactor = (await tieneLlave(ctx.db, usuario.id)) ? 'confirmar' : 'alta';
  }
  const secondsLeft = Math.floor((new Date(sesion.expiresAt).getTime() - Date.now()) / 1000);
  const token = await signAccessToken(
    ctx.config.jwtSecret,
    { sub: usuario.personaId, app_role: appRole, email: usuario.email, notarias, sid: sesion.id, sv: sesion.version, ...proof },
    Math.max(1, Math.min(ctx.config.accessTokenSeconds ?? ACCESS_TOKEN_SECONDS, secondsLeft)),
  );
  return { token, ...(segundoFactor ? { segundoFactor } : {}) };
}

export async function tieneLlave(db: Queryable, usuarioId: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from servicios.llaves_acceso where usuario_id = $1 limit 1', [usuarioId]);
  return rows.length > 0;
}

/** The browser's description, as much as /perfil shows of it. */
const userAgentOf = (ua: string | null | undefined) => (ua ?? '').slice(0, 400) || null;

/**
 * Starts a session (a new refresh-token family) for a user who has just proved a PIN, a passkey
 * (metodo 'passkey') or a certificate ('certificado'); the last two are strong proofs (aal 2).
 */
export async function startSession(ctx: AppContext, usuario: Usuario, opts: SessionOpts = {}): Promise<Tokens> {
  const refresh = newRefreshToken();
  const metodo = opts.metodo ?? 'pin';
  const sesion = await ctx.db.transaction(async (tx) => {
    // an account ADMIN_DOCUMENTS names that registered after the start
    await grantConfiguredAdmin(tx, usuario, ctx.config.adminDocuments);
    const { rows } = await tx.query<Sesion>(
      `insert into servicios.sesiones (usuario_id, expires_at, metodo, factor_fuerte, factor_fuerte_at, user_agent)
       values ($1, now() + make_interval(hours => $2), $3, case when $3 <> 'pin' then $3 end, case when $3 <> 'pin' then now() end, $4)
       returning ${SESION_COLUMNS}`,
      [usuario.id, SESSION_HOURS, metodo, userAgentOf(opts.userAgent)],
    );
    await tx.query('insert into servicios.refresh_tokens (token_hash, sesion_id) values ($1, $2)', [
      hashRefreshToken(ctx.config.jwtSecret, refresh),
      rows[0].id,
    ]);
    return rows[0];
  });
  const { token, segundoFactor } = await accessToken(ctx, usuario, sesion);
  return { access_token: token, refresh_token: refresh, ...(segundoFactor ? { segundoFactor } : {}) };
}

/**
 * Records a strong proof (a passkey or certificate) made in a live session of the account, and
 * answers a new access token with it (aal 2, the step-up time). The refresh token stays.
 */
export async function proveStrongFactor(ctx: AppContext, usuario: Usuario, sid: string, factor: 'passkey' | 'certificado'): Promise<{ access_token: string }> {
  const { rows } = await ctx.db.query<Sesion>(
    `update servicios.sesiones set factor_fuerte = $3, factor_fuerte_at = now(), last_used_at = now()
      where id = $1 and usuario_id = $2 and revoked_at is null and expires_at > now()
     returning ${SESION_COLUMNS}`,
    [sid, usuario.id, factor],
  );
  if (!rows[0]) throw new HttpError(401, SESSION_ENDED);
  return { access_token: (await accessToken(ctx, usuario, rows[0])).token };
}

type RotateResult = { ok: true; usuarioId: string; sesion: Sesion; refresh: string } | { ok: false };

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
    const { rows } = await tx.query<Sesion & { sesionId: string; usuarioId: string; live: boolean }>(
      `with claimed as (
         update servicios.refresh_tokens set used_at = now()
          where token_hash = $1 and used_at is null
         returning sesion_id)
       select s.id as "sesionId", s.usuario_id as "usuarioId", s.expires_at as "expiresAt",
              s.metodo, s.factor_fuerte as "factorFuerte", s.factor_fuerte_at as "factorFuerteAt", s.version,
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
    await tx.query('update servicios.sesiones set last_used_at = now() where id = $1', [claimed.sesionId]);
    await tx.query('insert into servicios.refresh_tokens (token_hash, sesion_id) values ($1, $2)', [
      hashRefreshToken(ctx.config.jwtSecret, refresh),
      claimed.sesionId,
    ]);
    const { sesionId, usuarioId, metodo, factorFuerte, factorFuerteAt, version, expiresAt } = claimed;
    return { ok: true, usuarioId, sesion: { id: sesionId, expiresAt, metodo, factorFuerte, factorFuerteAt, version }, refresh };
  });
  if (!result.ok) throw new HttpError(401, SESSION_ENDED);
  const usuario = await findUsuarioById(ctx.db, result.usuarioId);
  if (!usuario) throw new HttpError(401, SESSION_ENDED);
  const { token: access, segundoFactor } = await accessToken(ctx, usuario, result.sesion);
  return { access_token: access, refresh_token: result.refresh, ...(segundoFactor ? { segundoFactor } : {}) };
}

/** Revokes the session (the whole family) a refresh token belongs to, if it is still live. */
async function revokeSessionOf(db: Queryable, tokenHash: string): Promise<void> {
  const { rows } = await db.query<{ id: string }>(
    `update servicios.sesiones set revoked_at = now()
      where revoked_at is null
        and id = (select sesion_id from servicios.refresh_tokens where token_hash = $1)
     returning id`,
    [tokenHash],
  );
  olvidarSesiones(rows.map((r) => r.id));
}

/** Ends the session of a refresh token (logout). Unknown tokens are ignored: nothing to end. */
export async function endSession(ctx: AppContext, token: string): Promise<void> {
  await revokeSessionOf(ctx.db, hashRefreshToken(ctx.config.jwtSecret, token));
}
