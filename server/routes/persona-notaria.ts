import type { AppContext } from '../context.js';
import { Endpoints } from '../endpoints.js';
import { notFound } from '../http.js';
import { personas } from '../../api/personas.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The notary offices a persona is linked to: /personaNotaria/persona/{idPersona} of the services API. */
export function personaNotariaRoutes(ctx: AppContext) {
  return new Endpoints(ctx).serve(personas.listNotarias, async (c, { params }) => {
    const id = params.idPersona;
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
    return links;
  }).app;
}
