/**
 * The legacy client calls (/usuarios, /clientes), answered from the
 * same personas and privilegios. Every call carries ?userEmail=, which must be the signed-in
 * person's e-mail. Unlike the old service they need the bearer token: answering personal data
 * to anyone who knows an e-mail address would leak it.
 */
import type { AppContext } from '../context.js';
import { Endpoints } from '../endpoints.js';
import type { SessionUser } from '../auth/middleware.js';
import { HttpError, parseWith } from '../http.js';
import { isRelationActive } from '../../domain/representantes-rules.js';
import { personaInputSchema } from '../../domain/persona.js';
import { legado } from '../../api/legado.js';
import { canReadFull, findVisiblePersona, getPersona, listOwned, personaNotFound, toPersona } from '../services/personas.js';
import { listPrivilegios } from '../services/personas-privilegios.js';
import { createPersonaAs, updatePersonaAs } from './personas.js';

const notRegistered = () => new HttpError(403, 'Usuario no registrado');

/** The caller, checked against ?userEmail (403 'Usuario no registrado' when it is not theirs). */
async function legacyUser(ctx: AppContext, user: SessionUser, userEmail: string | undefined) {
  const email = userEmail?.trim().toLowerCase();
  if (!email) throw new HttpError(400, 'El parámetro userEmail es obligatorio');
  const me = await findVisiblePersona(ctx.db, user.id, user.id);
  if (!me) throw notRegistered();
  // the persona's e-mail or the one the user registered with (servicios.usuarios)
  const { rows } = await ctx.db.query<{ ok: boolean }>(
    `select lower(coalesce($2, '')) = $3
         or exists (select 1 from servicios.usuarios u where u.persona_id = $1 and lower(u.email) = $3) as ok`,
    [me.id, me.email, email],
  );
  if (!rows[0]?.ok) throw notRegistered();
  return me;
}

/** A client body without the legacy extras the services API does not store. */
function clienteBody(body: Record<string, unknown>) {
  const { representantes, ...persona } = body;
  void representantes; // representatives are added through /privilegio
  return persona;
}

export function legacyRoutes(ctx: AppContext) {
  const usuario = async (user: SessionUser, userEmail: string | undefined) => {
    const me = await legacyUser(ctx, user, userEmail);
    return { user: { userPk: { id: me.id }, ...toPersona(me) } };
  };

  return new Endpoints(ctx)
    .serve(legado.getUsuario, (c, { query }) => usuario(c.get('user'), query.userEmail))
    .serve(legado.getUsuarioUno, (c, { query }) => usuario(c.get('user'), query.userEmail))
    // Registration is the PIN flow of auth-proxy; whoever holds a token is registered already.
    .serve(legado.registerUsuario, () => {
      throw new HttpError(403, 'Usuario ya registrado');
    })
    .serve(legado.listClientes, async (c, { query }) => {
      const me = await legacyUser(ctx, c.get('user'), query.userEmail);
      return (await listOwned(ctx.db, me.id, me.id)).data;
    })
    .serve(legado.getCliente, async (c, { params, query }) => {
      const me = await legacyUser(ctx, c.get('user'), query.userEmail);
      return getPersona(ctx.db, me.id, params.id);
    })
    .serve(legado.createCliente, async (c, { query, body }) => {
      const me = await legacyUser(ctx, c.get('user'), query.userEmail);
      return createPersonaAs(ctx.db, me.id, parseWith(personaInputSchema, clienteBody(body)));
    })
    .serve(legado.updateCliente, async (c, { params, query, body }) => {
      const me = await legacyUser(ctx, c.get('user'), query.userEmail);
      return updatePersonaAs(ctx.db, me.id, params.id, clienteBody(body));
    })
    // The representatives of a client: its privilegios granted, each with the receiving persona.
    .serve(legado.listRepresentantes, async (c, { params, query }) => {
      const me = await legacyUser(ctx, c.get('user'), query.userEmail);
      if (!(await canReadFull(ctx.db, me.id, params.id))) throw personaNotFound();
      const items = [];
      for (const privilegio of await listPrivilegios(ctx.db, 'otorgante', params.id)) {
        const row = await findVisiblePersona(ctx.db, me.id, privilegio.personaReceptoraId);
        if (!row?.access) continue;
        items.push({ ...privilegio, activo: isRelationActive(privilegio), representante: toPersona(row, row.access) });
      }
      return items;
    }).app;
}
