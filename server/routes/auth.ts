import { Hono, type Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import type { AppContext } from '../context.js';
import { HttpError, parseWith, readJson, json } from '../http.js';
import { callerAddress } from '../auth/pins.js';
import { checkIpLimit, sendPin, verifyPin } from '../auth/pin-store.js';
import {
  accesoConPinSchema,
  refreshSchema,
  registroConPinSchema,
  registroSchema,
  solicitudAccesoSchema,
} from '../auth/schemas.js';
import { endSession, rotateSession, startSession } from '../auth/sessions.js';
import { createUsuario, findUsuario } from '../auth/users.js';

/** The caller's address; in-process calls (the auth-proxy) carry it in X-Forwarded-For. */
function requestIp(c: Context, trustProxy: number): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return callerAddress(c.req.header('x-forwarded-for'), incoming?.socket?.remoteAddress, trustProxy);
}

/**
 * Sign-in with a one-time PIN, mounted at /auth of the services API. The first four are the
 * auth-proxy function's actions (unifiedLogin, loginWithPincode, registerUser, registerUserPincode).
 */
export function authRoutes(ctx: AppContext) {
  const app = new Hono();

  app.post('/unified-login', async (c) => {
    const body = parseWith(solicitudAccesoSchema, await readJson(c));
    const ip = requestIp(c, ctx.config.trustProxy);
    await checkIpLimit(ctx, ip);
    const usuario = await findUsuario(ctx.db, body.username, body.tipoDocumento);
    if (!usuario) throw new HttpError(403, 'Usuario no registrado');
    await sendPin(
      ctx,
      { proposito: 'login', tipoDocumento: usuario.tipoDocumento, numeroDocumento: usuario.numeroDocumento, email: usuario.email },
      ip,
    );
    return json(c, { message: 'Código PIN enviado correctamente' });
  });

  app.post('/pin-login', async (c) => {
    const body = parseWith(accesoConPinSchema, await readJson(c));
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
    );
    await ctx.db.query(
      'insert into servicios.persona_notaria (persona_id, notaria_id) values ($1, $2) on conflict do nothing',
      [usuario.personaId, notarias[0].idint],
    );
    const tokens = await startSession(ctx, usuario);
    return json(c, { message: 'Acceso correcto', ...tokens, idPersona: usuario.personaId });
  });

  app.post('/register', async (c) => {
    const body = parseWith(registroSchema, await readJson(c));
    const ip = requestIp(c, ctx.config.trustProxy);
    await checkIpLimit(ctx, ip);
    if (await findUsuario(ctx.db, body.username, body.tipoDocumento)) throw new HttpError(403, 'Usuario ya registrado');
    await sendPin(
      ctx,
      { proposito: 'registro', tipoDocumento: body.tipoDocumento, numeroDocumento: body.username, email: body.canal },
      ip,
    );
    return json(c, { message: 'Código PIN enviado correctamente' });
  });

  app.post('/register-confirm', async (c) => {
    const body = parseWith(registroConPinSchema, await readJson(c));
    if (await findUsuario(ctx.db, body.username, body.tipoDocumento)) throw new HttpError(403, 'Usuario ya registrado');
    await verifyPin(
      ctx,
      { proposito: 'registro', tipoDocumento: body.tipoDocumento, numeroDocumento: body.username, email: body.canal },
      body.pincode,
    );
    const usuario = await createUsuario(ctx.db, {
      tipoDocumento: body.tipoDocumento,
      numeroDocumento: body.username,
      email: body.canal,
    });
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
