import type { Context } from 'hono';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/db.js';
import { isPgError } from '../db/db.js';
import { HttpError } from '../http.js';
import type { Usuario } from './users.js';

/**
 * Passkeys (WebAuthn, @simplewebauthn/server): an account adds them from /perfil and signs in with
 * one alone ('Acceder con llave de acceso'); staff and admin prove one after the PIN
 * (docs/security.md). Every passkey is discoverable and verifies its user (PIN or biometrics of
 * the device): one passkey is two factors. Challenges live in servicios.retos_webauthn, used once.
 */
export type Proposito = 'alta' | 'acceso' | 'confirmar';

const RETO_MINUTOS = 5;
export const MENSAJE_RETO_CADUCADO = 'La solicitud de la llave de acceso ha caducado. Inténtelo de nuevo.';
export const MENSAJE_LLAVE_NO_VALIDA = 'No se pudo comprobar la llave de acceso. Inténtelo de nuevo.';
export const MENSAJE_LLAVE_DESCONOCIDA = 'Esta llave de acceso no corresponde a ninguna cuenta del portal.';

export interface ParteConfiable {
  rpID: string;
  origins: string[];
  rpName: string;
}

/**
 * The relying party: WEBAUTHN_RP_ID / WEBAUTHN_ORIGIN when set (required in production), else the
 * request's own host (development: localhost on any port).
 */
export function parteConfiable(ctx: AppContext, c: Context): ParteConfiable {
  const { rpId, origins, rpName } = ctx.config.webauthn;
  if (rpId && origins.length) return { rpID: rpId, origins, rpName };
  if (ctx.config.production) {
    throw new HttpError(503, 'Las llaves de acceso no están configuradas en este servidor (WEBAUTHN_RP_ID, WEBAUTHN_ORIGIN).');
  }
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  const hostname = host.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return { rpID: rpId ?? hostname, origins: origins.length ? origins : [`http://${host}`, `https://${host}`], rpName };
}

async function guardarReto(db: Queryable, reto: string, proposito: Proposito, usuarioId: string | null): Promise<void> {
  await db.query('delete from servicios.retos_webauthn where expires_at < now()');
  await db.query(
    `insert into servicios.retos_webauthn (reto, proposito, usuario_id, expires_at)
     values ($1, $2, $3, now() + make_interval(mins => $4))`,
    [reto, proposito, usuarioId, RETO_MINUTOS],
  );
}

/** The challenge the browser signed (clientDataJSON), taken once: a second answer to it is refused. */
async function tomarReto(db: Queryable, clientDataJSON: unknown, proposito: Proposito, usuarioId: string | null): Promise<string> {
  let reto: unknown;
  try {
    reto = (JSON.parse(Buffer.from(String(clientDataJSON), 'base64url').toString('utf8')) as { challenge?: unknown }).challenge;
  } catch {
    throw new HttpError(400, MENSAJE_LLAVE_NO_VALIDA);
  }
  if (typeof reto !== 'string' || reto.length > 200) throw new HttpError(400, MENSAJE_LLAVE_NO_VALIDA);
  const { rows } = await db.query(
    `delete from servicios.retos_webauthn
      where reto = $1 and proposito = $2 and usuario_id is not distinct from $3 and expires_at > now()
     returning id`,
    [reto, proposito, usuarioId],
  );
  if (!rows.length) throw new HttpError(400, MENSAJE_RETO_CADUCADO);
  return reto;
}

interface Llave {
  id: string;
  usuarioId: string;
  credentialId: string;
  publicKey: Uint8Array;
  contador: number;
  transportes: string[];
}

async function llavesDe(db: Queryable, usuarioId: string): Promise<Llave[]> {
  const { rows } = await db.query<Llave>(
    `select id, usuario_id as "usuarioId", credential_id as "credentialId", public_key as "publicKey", contador::int as contador, transportes
       from servicios.llaves_acceso where usuario_id = $1 order by created_at`,
    [usuarioId],
  );
  return rows;
}

const transports = (t: string[]) => t as AuthenticatorTransportFuture[];

/** Options to create a passkey for the account (its existing ones excluded). */
export async function opcionesAlta(ctx: AppContext, rp: ParteConfiable, usuario: Usuario): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existentes = await llavesDe(ctx.db, usuario.id);
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: usuario.numeroDocumento,
    userDisplayName: usuario.email,
    // the account's id, so a new passkey of the same account on one device replaces the old one
    userID: Buffer.from(usuario.id.replace(/-/g, ''), 'hex'),
    attestationType: 'none',
    excludeCredentials: existentes.map((l) => ({ id: l.credentialId, transports: transports(l.transportes) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await guardarReto(ctx.db, options.challenge, 'alta', usuario.id);
  return options;
}

/** Checks the new passkey and stores it under its name. Returns whether it is the account's first. */
export async function registrarLlave(
  ctx: AppContext,
  rp: ParteConfiable,
  usuario: Usuario,
  respuesta: RegistrationResponseJSON,
  nombre: string,
): Promise<{ id: string; primera: boolean }> {
  const reto = await tomarReto(ctx.db, respuesta.response?.clientDataJSON, 'alta', usuario.id);
  let info;
  try {
    const v = await verifyRegistrationResponse({
      response: respuesta,
      expectedChallenge: reto,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    });
    if (!v.verified || !v.registrationInfo) throw new Error('no verificada');
    info = v.registrationInfo;
  } catch {
    throw new HttpError(400, MENSAJE_LLAVE_NO_VALIDA);
  }
  try {
    return await ctx.db.transaction(async (tx) => {
      const { rows: antes } = await tx.query('select 1 from servicios.llaves_acceso where usuario_id = $1 limit 1', [usuario.id]);
      const { rows } = await tx.query<{ id: string }>(
        `insert into servicios.llaves_acceso (usuario_id, credential_id, public_key, contador, transportes, nombre)
         values ($1, $2, $3, $4, $5, $6) returning id`,
        [usuario.id, info.credential.id, Buffer.from(info.credential.publicKey), info.credential.counter, info.credential.transports ?? [], nombre],
      );
      return { id: rows[0].id, primera: antes.length === 0 };
    });
  } catch (e) {
    if (isPgError(e) && e.code === '23505') throw new HttpError(409, 'Esta llave de acceso ya está registrada.');
    throw e;
  }
}

/** Options to prove a passkey: any discoverable one (sign-in), or one of the account's (confirmar). */
export async function opcionesPrueba(ctx: AppContext, rp: ParteConfiable, usuario: Usuario | null): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const llaves = usuario ? await llavesDe(ctx.db, usuario.id) : [];
  if (usuario && !llaves.length) throw new HttpError(409, 'Su cuenta no tiene llaves de acceso. Añada una desde su perfil.', undefined, 'sin_llave');
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: 'required',
    allowCredentials: llaves.map((l) => ({ id: l.credentialId, transports: transports(l.transportes) })),
  });
  await guardarReto(ctx.db, options.challenge, usuario ? 'confirmar' : 'acceso', usuario?.id ?? null);
  return options;
}

/**
 * Checks a passkey's answer: to a sign-in challenge (usuario null: the passkey names its account)
 * or to a confirmation of the given account. Returns the account's id.
 */
export async function probarLlave(
  ctx: AppContext,
  rp: ParteConfiable,
  respuesta: AuthenticationResponseJSON,
  usuario: Usuario | null,
): Promise<string> {
  const { rows } = await ctx.db.query<Llave>(
    `select id, usuario_id as "usuarioId", credential_id as "credentialId", public_key as "publicKey", contador::int as contador, transportes
       from servicios.llaves_acceso where credential_id = $1`,
    [String(respuesta.id ?? '')],
  );
  const llave = rows[0];
  if (!llave || (usuario && llave.usuarioId !== usuario.id)) throw new HttpError(401, MENSAJE_LLAVE_DESCONOCIDA);
  const reto = await tomarReto(ctx.db, respuesta.response?.clientDataJSON, usuario ? 'confirmar' : 'acceso', usuario?.id ?? null);
  let nuevoContador: number;
  try {
    const v = await verifyAuthenticationResponse({
      response: respuesta,
      expectedChallenge: reto,
      expectedOrigin: rp.origins,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
      credential: { id: llave.credentialId, publicKey: new Uint8Array(llave.publicKey), counter: llave.contador, transports: transports(llave.transportes) },
    });
    if (!v.verified) throw new Error('no verificada');
    nuevoContador = v.authenticationInfo.newCounter;
  } catch {
    throw new HttpError(401, MENSAJE_LLAVE_NO_VALIDA);
  }
  await ctx.db.query('update servicios.llaves_acceso set contador = $2, last_used_at = now() where id = $1', [llave.id, nuevoContador]);
  return llave.usuarioId;
}
