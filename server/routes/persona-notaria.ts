import { Hono } from 'hono';
import type { AppContext } from '../context.js';
import { notFound, json } from '../http.js';
import { requireUser, type AuthEnv } from '../auth/middleware.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The notary offices a persona is linked to, mounted at /personaNotaria of the services API. */
export function personaNotariaRoutes(ctx: AppContext) {
  const app = new Hono<AuthEnv>();

  app.get('/persona/:idPersona', requireUser(ctx), async (c) => {
    const id = c.req.param('idPersona');
    const viewer = c.get('user').id;
    if (!UUID.test(id) || !UUID.test(viewer)) throw notFound('Persona no encontrada');
    const { rows } = await ctx.db.query<{ visible: boolean }>(
      `select servicios.tiene_permiso(p.id, $2::uuid, 'leer_ficha_reducida') as visible
         from servicios.personas p where p.id = $1::uuid`,
      [id, viewer],
    );
    // someone else's persona answers exactly like a missing one
    if (!rows[0]?.visible) throw notFound('Persona no encontrada');
    const { rows: links } = await ctx.db.query<{ notariaId: number }>(
      `select notaria_id as "notariaId" from servicios.persona_notaria where persona_id = $1 order by notaria_id`,
      [id],
    );
    return json(c, links);
  });

  return app;
}
