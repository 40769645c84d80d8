import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import type { AppContext } from '../context.js';
import { HttpError } from '../http.js';
import { Endpoints } from '../endpoints.js';
import { acceso } from '../../api/acceso.js';
import { createHash, timingSafeEqual } from 'node:crypto';
import { callerAddress, clientIp } from '../auth/pins.js';
import { CLIENT_ADDRESS_HEADER, PROXY_SECRET_HEADER } from '../../supabase/functions/auth-proxy/contract.js';
import { checkIpLimit, sendPin, verifyPin } from '../auth/pin-store.js';
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
 * Sign-in with a one-time PIN (api/acceso.ts): the auth-proxy function's four actions, and the
 * session's refresh and logout. The anonymous actions count against the caller's address before
 * their body is read.
 */
export function authRoutes(ctx: AppContext) {
  const ipDe = new WeakMap<Context, string>();
  /** The caller's address, counted against its hourly limit of anonymous actions. */
  const contarIp = async (c: Context) => {
    const ip = requestIp(c, ctx);
    await checkIpLimit(ctx, ip);
    ipDe.set(c, ip);
  };
  const ip = (c: Context) => ipDe.get(c)!;
  const anonima = { before: contarIp };

  return new Endpoints(ctx)
    .serve(acceso.unifiedLogin, async (c, { body }) => {
      const usuario = await findUsuario(ctx.db, body.username, body.tipoDocumento);
      if (!usuario) throw new HttpError(403, 'Usuario no registrado');
      await sendPin(
        ctx,
        { proposito: 'login', tipoDocumento: usuario.tipoDocumento, numeroDocumento: usuario.numeroDocumento, email: usuario.email },
        ip(c),
        isDeviceOf(ctx.config.jwtSecret, usuario.id, body.dispositivo),
      );
      return { message: 'Código PIN enviado correctamente' };
    }, anonima)
    .serve(acceso.loginWithPincode, async (c, { body }) => {
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
        ip(c),
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
      return { message: 'Acceso correcto', ...tokens, idPersona: usuario.personaId, dispositivo };
    }, anonima)
    .serve(acceso.registerUser, async (c, { body }) => {
      const existente = await findUsuario(ctx.db, body.username, body.tipoDocumento);
      if (existente && !(await desplazaA(ctx, existente, body.canal))) throw new HttpError(403, 'Usuario ya registrado');
      if (await emailEnUso(ctx, body.canal)) throw new HttpError(409, EMAIL_EN_USO);
      await sendPin(
        ctx,
        { proposito: 'registro', tipoDocumento: body.tipoDocumento, numeroDocumento: body.username, email: body.canal },
        ip(c),
      );
      return { message: 'Código PIN enviado correctamente' };
    }, anonima)
    .serve(acceso.registerUserPincode, async (c, { body }) => {
      const existente = await findUsuario(ctx.db, body.username, body.tipoDocumento);
      const desplazar = await desplazaA(ctx, existente, body.canal);
      if (existente && !desplazar) throw new HttpError(403, 'Usuario ya registrado');
      if (await emailEnUso(ctx, body.canal)) throw new HttpError(409, EMAIL_EN_USO);
      await verifyPin(
        ctx,
        { proposito: 'registro', tipoDocumento: body.tipoDocumento, numeroDocumento: body.username, email: body.canal },
        body.pincode,
        ip(c),
      );
      // a client, nothing more (0009_roles_y_acceso.sql), unless the PIN's address was an invitation (identidad.ts)
      const usuario = await createUsuario(
        ctx.db,
        { tipoDocumento: body.tipoDocumento, numeroDocumento: body.username, email: body.canal },
        { desplazar },
      );
      return { message: 'Usuario registrado correctamente', idPersona: usuario.personaId };
    }, anonima)
    .serve(acceso.refresh, (_c, { body }) => rotateSession(ctx, body.refresh_token))
    // the bearer token is not needed: the refresh token names the session to end
    .serve(acceso.logout, async (_c, { body }) => {
      await endSession(ctx, body.refresh_token);
    }).app;
}
