import type { Context } from 'hono';
import type { AppContext } from '../context.js';
import { HttpError } from '../http.js';
import { Endpoints, type EndpointEnv } from '../endpoints.js';
import { llaves, sesiones } from '../../api/acceso.js';
import type { Wire } from '../../api/endpoint.js';
import type { Llave } from '../../domain/acceso.js';
import { findUsuarioById, type Usuario } from '../auth/users.js';
import { opcionesAlta, opcionesPrueba, parteConfiable, probarLlave, registrarLlave } from '../auth/passkeys.js';
import { proveStrongFactor, startSession } from '../auth/sessions.js';
import { exigirPasoAdicional } from '../auth/paso-adicional.js';
import { sesionesDe, terminarSesiones } from '../auth/sesiones-cuenta.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** WebAuthn's options as the answer's schema types them (an object with its challenge and more). */
const webauthn = (options: { challenge: string }) => options as { challenge: string; [k: string]: unknown };

/**
 * Passkeys and sessions of an account (api/acceso.ts, docs/security.md): sign-in with a passkey
 * (anonymous), adding, listing and removing passkeys, proving one in a session (the office's
 * second factor and the step-up), and listing and ending sessions.
 */
export function factoresRoutes(ctx: AppContext) {
  const cuenta = async (c: Context<EndpointEnv>): Promise<Usuario> => {
    const { rows } = await ctx.db.query<{ id: string }>('select id from servicios.usuarios where persona_id = $1', [c.get('user').id]);
    const usuario = rows[0] && (await findUsuarioById(ctx.db, rows[0].id));
    if (!usuario) throw new HttpError(401, 'La sesión ha terminado. Inicie sesión de nuevo.');
    return usuario;
  };

  // the admin ends every session of a user: by the account's idPersona, or by a staff row (the
  // Personal tab's 'Cerrar sesiones': the account signed in with that row's document)
  const cerrarSesionesDe = async (c: Context<EndpointEnv>, usuarioSql: string, valor: string, valido: RegExp) => {
    const user = c.get('user');
    if (user.appRole !== 'admin' || !valido.test(valor)) throw new HttpError(404, 'Usuario no encontrado');
    await exigirPasoAdicional(ctx.db, user);
    const { rows } = await ctx.db.query<{ id: string }>(usuarioSql, [valor]);
    if (!rows[0]) throw new HttpError(404, 'Usuario no encontrado');
    const n = await terminarSesiones(ctx.db, rows[0].id);
    return { message: n === 0 ? 'No tenía sesiones abiertas' : n === 1 ? 'Se ha cerrado 1 sesión' : `Se han cerrado ${n} sesiones`, cerradas: n };
  };

  return new Endpoints(ctx)
    // sign-in with a passkey alone: the passkey names its account
    .serve(llaves.signInOptions, async (c) => webauthn(await opcionesPrueba(ctx, parteConfiable(ctx, c), null)))
    .serve(llaves.signIn, async (c, { body }) => {
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
      return { message: 'Acceso correcto', ...tokens, idPersona: usuario.personaId };
    })
    // a new passkey: the first one of an account proves the session (the walk-through after an
    // invitation); a further one needs a recent proof of one the account already has
    .serve(llaves.addOptions, async (c) => {
      await exigirPasoAdicional(ctx.db, c.get('user'));
      return webauthn(await opcionesAlta(ctx, parteConfiable(ctx, c), await cuenta(c)));
    })
    .serve(llaves.add, async (c, { body }) => {
      const usuario = await cuenta(c);
      const { id, primera } = await registrarLlave(ctx, parteConfiable(ctx, c), usuario, body.respuesta as never, body.nombre);
      const sid = c.get('user').sid;
      const tokens = primera && sid ? await proveStrongFactor(ctx, usuario, sid, 'passkey') : {};
      return { message: 'Llave de acceso añadida', id, ...tokens };
    })
    // a passkey proven in this session: the office's second factor after the PIN, and the step-up
    .serve(llaves.confirmOptions, async (c) => webauthn(await opcionesPrueba(ctx, parteConfiable(ctx, c), await cuenta(c))))
    .serve(llaves.confirm, async (c, { body }) => {
      const usuario = await cuenta(c);
      const sid = c.get('user').sid;
      if (!sid) throw new HttpError(401, 'La sesión ha terminado. Inicie sesión de nuevo.');
      await probarLlave(ctx, parteConfiable(ctx, c), body.respuesta as never, usuario);
      return { message: 'Identidad confirmada', ...(await proveStrongFactor(ctx, usuario, sid, 'passkey')) };
    })
    .serve(llaves.list, async (c) => {
      const { rows } = await ctx.db.query<Wire<Llave>>(
        `select l.id, l.nombre, l.created_at as "creada", l.last_used_at as "ultimoUso"
           from servicios.llaves_acceso l join servicios.usuarios u on u.id = l.usuario_id
          where u.persona_id = $1 order by l.created_at`,
        [c.get('user').id],
      );
      return rows;
    })
    .serve(llaves.remove, async (c, { params }) => {
      if (!UUID.test(params.id)) throw new HttpError(404, 'Llave de acceso no encontrada');
      await exigirPasoAdicional(ctx.db, c.get('user'));
      const { rows } = await ctx.db.query(
        `delete from servicios.llaves_acceso l using servicios.usuarios u
          where l.id = $1 and u.id = l.usuario_id and u.persona_id = $2 returning l.id`,
        [params.id, c.get('user').id],
      );
      if (!rows.length) throw new HttpError(404, 'Llave de acceso no encontrada');
    })
    .serve(sesiones.list, async (c) => sesionesDe(ctx.db, (await cuenta(c)).id, c.get('user').sid))
    .serve(sesiones.end, async (c, { params }) => {
      const n = UUID.test(params.id) ? await terminarSesiones(ctx.db, (await cuenta(c)).id, { solo: params.id }) : 0;
      if (!n) throw new HttpError(404, 'Sesión no encontrada');
    })
    .serve(sesiones.endOthers, async (c) => {
      const n = await terminarSesiones(ctx.db, (await cuenta(c)).id, { salvo: c.get('user').sid ?? '00000000-0000-0000-0000-000000000000' });
      return { message: n === 1 ? 'Se ha cerrado 1 sesión' : `Se han cerrado ${n} sesiones`, cerradas: n };
    })
    .serve(sesiones.endOfUser, (c, { params }) => cerrarSesionesDe(c, 'select id from servicios.usuarios where persona_id = $1', params.idPersona, UUID))
    .serve(sesiones.endOfStaff, (c, { params }) =>
      cerrarSesionesDe(
        c,
        `select u.id from public.personal p join servicios.usuarios u
            on u.tipo_documento = p.tipo_documento and u.numero_documento = p.numero_documento
          where p.id = $1::bigint`,
        params.id,
        /^\d{1,15}$/,
      ),
    ).app;
}
