import { Hono, type Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import type { AppContext } from '../context.js';
import { HttpError, parseWith, readJson, json } from '../http.js';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { callerAddress, clientIp } from '../auth/pins.js';
import { CLIENT_ADDRESS_HEADER, MENSAJE_SOLO_JSON, PROXY_SECRET_HEADER } from '../../supabase/functions/auth-proxy/contract.js';
import { checkIpLimit, sendPin, verifyPin } from '../auth/pin-store.js';
import {
  accesoConPinSchema,
  refreshSchema,
  registroConPinSchema,
  registroSchema,
  solicitudAccesoSchema,
} from '../auth/schemas.js';
import { endSession, rotateSession, startSession } from '../auth/sessions.js';
import { createUsuario, findUsuario, type Usuario } from '../auth/users.js';
import { aceptarInvitacion, documentoProbado, invitacionPara } from '../auth/identidad.js';
import { deviceToken, isDeviceOf } from '../auth/dispositivo.js';

/**
 * The caller's address. The auth-proxy function names it in X-Portal-Client-Address, believed
 * only with the secret shared with the function (X-Portal-Proxy-Secret: AUTH_PROXY_SECRET, or a
 * random one per process that only the in-process function knows). Anyone else is the socket's
 * address, or X-Forwarded-For behind TRUST_PROXY proxies.
 */
function requestIp(c: Context, ctx: AppContext): string {
  const named = c.req.header(CLIENT_ADDRESS_HEADER);
  const secret = c.req.header(PROXY_SECRET_HEADER);
  if (named && secret && sameSecret(secret, ctx.config.authProxySecret)) return clientIp(named, null);
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const socket = incoming?.socket?.remoteAddress;
  // in process without the secret: nobody vouches for X-Forwarded-For
  if (!socket) return 'interna';
  return callerAddress(c.req.header('x-forwarded-for'), socket, ctx.config.trustProxy);
}

function sameSecret(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
}

/**
 * The anonymous actions take JSON only: a form or text/plain body is what another website can
 * make a visitor's browser send without asking (no CORS preflight), to mail PINs or burn tries.
 */
function requireJson(c: Context): void {
  const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') throw new HttpError(415, MENSAJE_SOLO_JSON);
}

/** The body of an anonymous action: JSON only, counted against the caller's address first. */
async function anonymousBody<T>(c: Context, ctx: AppContext, schema: z.ZodType<T>): Promise<{ body: T; ip: string }> {
  requireJson(c);
  const ip = requestIp(c, ctx);
  await checkIpLimit(ctx, ip);
  return { body: parseWith(schema, await readJson(c)), ip };
}

const EMAIL_EN_USO = 'Este email ya está registrado en otra cuenta. Acceda con su documento o use otro email.';

async function emailEnUso(ctx: AppContext, email: string): Promise<boolean> {
  const { rows } = await ctx.db.query('select 1 from servicios.usuarios where lower(email) = lower($1) limit 1', [email]);
  return rows.length > 0;
}

/**
 * Whether registering `email` for a document an account already holds is its owner's invitation:
 * the account is unproven (a typed document proves nothing) and the granter recorded this address
 * for the document. Then the registration displaces that account (users.ts) instead of failing.
 */
async function desplazaA(ctx: AppContext, existente: Usuario | null, email: string): Promise<boolean> {
  if (!existente || existente.email.toLowerCase() === email.toLowerCase()) return false;
  if (await documentoProbado(ctx.db, existente.id)) return false;
  return (await invitacionPara(ctx.db, existente, email)) !== null;
}

/**
 * Sign-in with a one-time PIN, mounted at /auth of the services API. The first four are the
 * auth-proxy function's actions (unifiedLogin, loginWithPincode, registerUser, registerUserPincode).
 */
export function authRoutes(ctx: AppContext) {
  const app = new Hono();

  app.post('/unified-login', async (c) => {
    const { body, ip } = await anonymousBody(c, ctx, solicitudAccesoSchema);
    const usuario = await findUsuario(ctx.db, body.username, body.tipoDocumento);
    if (!usuario) throw new HttpError(403, 'Usuario no registrado');
    await sendPin(
      ctx,
      { proposito: 'login', tipoDocumento: usuario.tipoDocumento, numeroDocumento: usuario.numeroDocumento, email: usuario.email },
      ip,
      isDeviceOf(ctx.config.jwtSecret, usuario.id, body.dispositivo),
    );
    return json(c, { message: 'Código PIN enviado correctamente' });
  });

  app.post('/pin-login', async (c) => {
    const { body, ip } = await anonymousBody(c, ctx, accesoConPinSchema);
    // checked before the PIN, so a mistaken office does not use it up
    const { rows: notarias } = await ctx.db.query<{ idint: number }>(
      'select idint from public.notarias where externalidnotaria = $1',
      [body.externalIdNotaria],
    );
    if (!notarias.length) throw new HttpError(400, 'Notaría no encontrada');
    const usuario = await findUsuario(ctx.db, body.username, body.tipoDocumento);
    if (!usuario) throw new HttpError(403, 'Usuario no registrado');
    await verifyPin(
      ctx,
      { proposito: 'login', tipoDocumento: usuario.tipoDocumento, numeroDocumento: usuario.numeroDocumento, email: usuario.email },
      body.pincode,
      ip,
      isDeviceOf(ctx.config.jwtSecret, usuario.id, body.dispositivo),
    );
    await ctx.db.transaction(async (tx) => {
      await tx.query('insert into servicios.persona_notaria (persona_id, notaria_id) values ($1, $2) on conflict do nothing', [
        usuario.personaId,
        notarias[0].idint,
      ]);
      // the PIN went to the account's address: an invitation recorded for it binds the account now
      await aceptarInvitacion(tx, usuario);
    });
    const tokens = await startSession(ctx, usuario, { userAgent: c.req.header('user-agent') });
    // this browser is now one that signed in as the account: its later PIN requests count apart
    const dispositivo = deviceToken(ctx.config.jwtSecret, usuario.id);
    return json(c, { message: 'Acceso correcto', ...tokens, idPersona: usuario.personaId, dispositivo });
  });

  app.post('/register', async (c) => {
    const { body, ip } = await anonymousBody(c, ctx, registroSchema);
    const existente = await findUsuario(ctx.db, body.username, body.tipoDocumento);
    if (existente && !(await desplazaA(ctx, existente, body.canal))) throw new HttpError(403, 'Usuario ya registrado');
    if (await emailEnUso(ctx, body.canal)) throw new HttpError(409, EMAIL_EN_USO);
    await sendPin(
      ctx,
      { proposito: 'registro', tipoDocumento: body.tipoDocumento, numeroDocumento: body.username, email: body.canal },
      ip,
    );
    return json(c, { message: 'Código PIN enviado correctamente' });
  });

  app.post('/register-confirm', async (c) => {
    const { body, ip } = await anonymousBody(c, ctx, registroConPinSchema);
    const existente = await findUsuario(ctx.db, body.username, body.tipoDocumento);
    const desplazar = await desplazaA(ctx, existente, body.canal);
    if (existente && !desplazar) throw new HttpError(403, 'Usuario ya registrado');
    if (await emailEnUso(ctx, body.canal)) throw new HttpError(409, EMAIL_EN_USO);
    await verifyPin(
      ctx,
      { proposito: 'registro', tipoDocumento: body.tipoDocumento, numeroDocumento: body.username, email: body.canal },
      body.pincode,
      ip,
    );
    // a client, nothing more (0009_roles_y_acceso.sql), unless the PIN's address was an invitation (identidad.ts)
    const usuario = await createUsuario(
      ctx.db,
      { tipoDocumento: body.tipoDocumento, numeroDocumento: body.username, email: body.canal },
      { desplazar },
    );
    return json(c, { message: 'Usuario registrado correctamente', idPersona: usuario.personaId });
  });

  app.post('/refresh', async (c) => {
    const body = parseWith(refreshSchema, await readJson(c));
    return json(c, await rotateSession(ctx, body.refresh_token));
  });

  // the bearer token is not needed: the refresh token names the session to end
  app.post('/logout', async (c) => {
    const body = parseWith(refreshSchema, await readJson(c));
    await endSession(ctx, body.refresh_token);
    return c.body(null, 204);
  });

  return app;
}
