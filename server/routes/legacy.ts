/**
 * The legacy client calls (/usuarios, /clientes), answered from the
 * same personas and privilegios. Every call carries ?userEmail=, which must be the signed-in
 * person's e-mail. Unlike the old service they need the bearer token: answering personal data
 * to anyone who knows an e-mail address would leak it.
 */
import { Hono, type Context } from 'hono';
import type { AppContext } from '../context.js';
import { requireUser, type AuthEnv } from '../auth/middleware.js';
import { HttpError, parseWith, readJson, json } from '../http.js';
import { personaInputSchema } from '../../domain/persona.js';
import { isRelationActive } from '../../domain/representantes.js';
import { canReadFull, findVisiblePersona, getPersona, listOwned, personaNotFound, toPersona } from '../services/personas.js';
import { listPrivilegios } from '../services/personas-privilegios.js';
import { createPersonaAs, updatePersonaAs } from './personas.js';

const notRegistered = () => new HttpError(403, 'Usuario no registrado');

/** The caller, checked against ?userEmail (403 'Usuario no registrado' when it is not theirs). */
async function legacyUser(ctx: AppContext, c: Context<AuthEnv>) {
  const email = c.req.query('userEmail')?.trim().toLowerCase();
  if (!email) throw new HttpError(400, 'El parámetro userEmail es obligatorio');
  const me = await findVisiblePersona(ctx.db, c.get('user').id, c.get('user').id);
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
function clienteBody(body: unknown) {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const { representantes, ...persona } = body as Record<string, unknown>;
    void representantes; // representatives are added through /privilegio
    return persona;
  }
  return body;
}

export function legacyRoutes(ctx: AppContext) {
  const app = new Hono<AuthEnv>();
  // '/x/*' also matches '/x' itself
  for (const path of ['/usuarios/*', '/clientes/*']) app.use(path, requireUser(ctx));

  const usuario = async (c: Context<AuthEnv>) => {
    const me = await legacyUser(ctx, c);
    return json(c, { user: { userPk: { id: me.id }, ...toPersona(me) } });
  };
  app.get('/usuarios', usuario);
  app.get('/usuarios/1', usuario);
  // Registration is the PIN flow of auth-proxy; whoever holds a token is registered already.
  app.post('/usuarios/1', () => {
    throw new HttpError(403, 'Usuario ya registrado');
  });

  app.get('/clientes', async (c) => {
    const me = await legacyUser(ctx, c);
    return json(c, (await listOwned(ctx.db, me.id, me.id)).data);
  });
  app.get('/clientes/:id', async (c) => {
    const me = await legacyUser(ctx, c);
    return json(c, await getPersona(ctx.db, me.id, c.req.param('id')));
  });
  app.post('/clientes', async (c) => {
    const me = await legacyUser(ctx, c);
    return json(c, await createPersonaAs(ctx.db, me.id, parseWith(personaInputSchema, clienteBody(await readJson(c)))), 201);
  });
  app.put('/clientes/:id', async (c) => {
    const me = await legacyUser(ctx, c);
    return json(c, await updatePersonaAs(ctx.db, me.id, c.req.param('id'), clienteBody(await readJson(c))));
  });

  // The representatives of a client: its privilegios granted, each with the receiving persona.
  app.get('/clientes/:id/representantes', async (c) => {
    const me = await legacyUser(ctx, c);
    const id = c.req.param('id');
    if (!(await canReadFull(ctx.db, me.id, id))) throw personaNotFound();
    const items = [];
    for (const privilegio of await listPrivilegios(ctx.db, 'otorgante', id)) {
      const row = await findVisiblePersona(ctx.db, me.id, privilegio.personaReceptoraId);
      if (!row?.access) continue;
      items.push({ ...privilegio, activo: isRelationActive(privilegio), representante: toPersona(row, row.access) });
    }
    return json(c, items);
  });

  return app;
}
