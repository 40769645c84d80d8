import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { HttpError, json, parseWith, readJson } from '../http.js';
import { requireUser, type AuthEnv } from '../auth/middleware.js';
import { findUsuarioById, type Usuario } from '../auth/users.js';
import { opcionesAlta, opcionesPrueba, parteConfiable, probarLlave, registrarLlave } from '../auth/passkeys.js';
import { proveStrongFactor, startSession } from '../auth/sessions.js';
import { exigirPasoAdicional } from '../auth/paso-adicional.js';
import { sesionesDe, terminarSesiones } from '../auth/sesiones-cuenta.js';
import { MENSAJE_SOLO_JSON } from '../../supabase/functions/auth-proxy/contract.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A WebAuthn answer as @simplewebauthn/browser sends it; the library checks the rest. */
const respuesta = z.object(
  { id: z.string().max(1024), rawId: z.string().max(1024), type: z.literal('public-key'), response: z.object({ clientDataJSON: z.string().max(10_000) }).passthrough() },
  { error: 'Respuesta de la llave de acceso no válida' },
).passthrough();

const altaSchema = z.object(
  {
    nombre: z.string({ error: 'Indique un nombre para la llave de acceso' }).trim().min(1, 'Indique un nombre para la llave de acceso').max(60, 'El nombre no puede superar 60 caracteres'),
    respuesta,
  },
  { error: 'Cuerpo JSON inválido' },
);
const pruebaSchema = z.object({ respuesta, externalIdNotaria: z.string().max(100).optional() }, { error: 'Cuerpo JSON inválido' });

function requireJson(c: Context): void {
  const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') throw new HttpError(415, MENSAJE_SOLO_JSON);
}

/**
 * Passkeys and sessions of an account (docs/security.md), under /auth of the services API:
 * sign-in with a passkey (anonymous), adding, listing and removing passkeys, proving one in a
 * session (the office's second factor and the step-up), and listing and ending sessions.
 */
export function factoresRoutes(ctx: AppContext) {
  const app = new Hono<AuthEnv>();
  const auth = requireUser(ctx);

  const cuenta = async (c: Context<AuthEnv>): Promise<Usuario> => {
    const { rows } = await ctx.db.query<{ id: string }>('select id from servicios.usuarios where persona_id = $1', [c.get('user').id]);
    const usuario = rows[0] && (await findUsuarioById(ctx.db, rows[0].id));
    if (!usuario) throw new HttpError(401, 'La sesión ha terminado. Inicie sesión de nuevo.');
    return usuario;
  };

  // sign-in with a passkey alone: the passkey names its account
  app.post('/passkey/acceso/opciones', async (c) => {
    requireJson(c);
    return json(c, await opcionesPrueba(ctx, parteConfiable(ctx, c), null));
  });
  app.post('/passkey/acceso', async (c) => {
    requireJson(c);
    const body = parseWith(pruebaSchema, await readJson(c));
    const usuarioId = await probarLlave(ctx, parteConfiable(ctx, c), body.respuesta as never, null);
    const usuario = await findUsuarioById(ctx.db, usuarioId);
    if (!usuario) throw new HttpError(401, 'Esta llave de acceso no corresponde a ninguna cuenta del portal.');
    if (body.externalIdNotaria) {
      await ctx.db.query(
        `insert into servicios.persona_notaria (persona_id, notaria_id)
         select $1, idint from public.notarias where externalidnotaria = $2 on conflict do nothing`,
        [usuario.personaId, body.externalIdNotaria],
      );
    }
    const tokens = await startSession(ctx, usuario, { metodo: 'passkey', userAgent: c.req.header('user-agent') });
    return json(c, { message: 'Acceso correcto', ...tokens, idPersona: usuario.personaId });
  });

  // a new passkey: the first one of an account proves the session (the walk-through after an
  // invitation); a further one needs a recent proof of one the account already has
  app.post('/passkey/alta/opciones', auth, async (c) => {
    await exigirPasoAdicional(ctx.db, c.get('user'));
    return json(c, await opcionesAlta(ctx, parteConfiable(ctx, c), await cuenta(c)));
  });
  app.post('/passkey/alta', auth, async (c) => {
    const body = parseWith(altaSchema, await readJson(c));
    const usuario = await cuenta(c);
    const { id, primera } = await registrarLlave(ctx, parteConfiable(ctx, c), usuario, body.respuesta as never, body.nombre);
    const sid = c.get('user').sid;
    const tokens = primera && sid ? await proveStrongFactor(ctx, usuario, sid, 'passkey') : {};
    return json(c, { message: 'Llave de acceso añadida', id, ...tokens }, 201);
  });

  // a passkey proven in this session: the office's second factor after the PIN, and the step-up
  app.post('/passkey/confirmar/opciones', auth, async (c) => json(c, await opcionesPrueba(ctx, parteConfiable(ctx, c), await cuenta(c))));
  app.post('/passkey/confirmar', auth, async (c) => {
    const body = parseWith(pruebaSchema, await readJson(c));
    const usuario = await cuenta(c);
    const sid = c.get('user').sid;
    if (!sid) throw new HttpError(401, 'La sesión ha terminado. Inicie sesión de nuevo.');
    await probarLlave(ctx, parteConfiable(ctx, c), body.respuesta as never, usuario);
    return json(c, { message: 'Identidad confirmada', ...(await proveStrongFactor(ctx, usuario, sid, 'passkey')) });
  });

  app.get('/llaves', auth, async (c) => {
    const { rows } = await ctx.db.query(
      `select l.id, l.nombre, l.created_at as "creada", l.last_used_at as "ultimoUso"
         from servicios.llaves_acceso l join servicios.usuarios u on u.id = l.usuario_id
        where u.persona_id = $1 order by l.created_at`,
      [c.get('user').id],
    );
    return json(c, rows);
  });
  app.delete('/llaves/:id', auth, async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) throw new HttpError(404, 'Llave de acceso no encontrada');
    await exigirPasoAdicional(ctx.db, c.get('user'));
    const { rows } = await ctx.db.query(
      `delete from servicios.llaves_acceso l using servicios.usuarios u
        where l.id = $1 and u.id = l.usuario_id and u.persona_id = $2 returning l.id`,
      [id, c.get('user').id],
    );
    if (!rows.length) throw new HttpError(404, 'Llave de acceso no encontrada');
    return c.body(null, 204);
  });

  app.get('/sesiones', auth, async (c) => json(c, await sesionesDe(ctx.db, (await cuenta(c)).id, c.get('user').sid)));
  app.delete('/sesiones/:id', auth, async (c) => {
    const id = c.req.param('id');
    const n = UUID.test(id) ? await terminarSesiones(ctx.db, (await cuenta(c)).id, { solo: id }) : 0;
    if (!n) throw new HttpError(404, 'Sesión no encontrada');
    return c.body(null, 204);
  });
  app.post('/sesiones/cerrar-otras', auth, async (c) => {
    const n = await terminarSesiones(ctx.db, (await cuenta(c)).id, { salvo: c.get('user').sid ?? '00000000-0000-0000-0000-000000000000' });
    return json(c, { message: n === 1 ? 'Se ha cerrado 1 sesión' : `Se han cerrado ${n} sesiones`, cerradas: n });
  });

  // the admin ends every session of a user: by the account's idPersona, or by a staff row (the
  // Personal tab's 'Cerrar sesiones': the account signed in with that row's document)
  const cerrarSesionesDe = async (c: Context<AuthEnv>, usuarioSql: string, param: string, valido: RegExp) => {
    const user = c.get('user');
    const valor = c.req.param(param) ?? '';
    if (user.appRole !== 'admin' || !valido.test(valor)) throw new HttpError(404, 'Usuario no encontrado');
    await exigirPasoAdicional(ctx.db, user);
    const { rows } = await ctx.db.query<{ id: string }>(usuarioSql, [valor]);
    if (!rows[0]) throw new HttpError(404, 'Usuario no encontrado');
    const n = await terminarSesiones(ctx.db, rows[0].id);
    return json(c, { message: n === 0 ? 'No tenía sesiones abiertas' : n === 1 ? 'Se ha cerrado 1 sesión' : `Se han cerrado ${n} sesiones`, cerradas: n });
  };
  app.delete('/usuarios/:idPersona/sesiones', auth, (c) => cerrarSesionesDe(c, 'select id from servicios.usuarios where persona_id = $1', 'idPersona', UUID));
  app.delete('/personal/:id/sesiones', auth, (c) =>
    cerrarSesionesDe(
      c,
      `select u.id from public.personal p join servicios.usuarios u
          on u.tipo_documento = p.tipo_documento and u.numero_documento = p.numero_documento
        where p.id = $1::bigint`,
      'id',
      /^\d{1,15}$/,
    ),
  );

  return app;
}
