import { Hono } from 'hono';
import type { AppContext } from '../context.js';
import { requireUser, type AuthEnv } from '../auth/middleware.js';
import { buscarPersonasPorIdentificador, type TipoBusqueda } from '../services/expedientes-personas.js';
import { json } from '../http.js';

/**
 * /persona/all|fisica|juridica/{identificador}: the act form's "find person by NIF", among the
 * personas visible to the caller. Nothing found is an empty list.
 */
export function personaLookupRoutes(ctx: AppContext) {
  const app = new Hono<AuthEnv>();
  const auth = requireUser(ctx);
  for (const tipo of ['all', 'fisica', 'juridica'] as TipoBusqueda[]) {
    app.get(`/${tipo}/:identificador`, auth, async (c) =>
      json(c, await buscarPersonasPorIdentificador(ctx.db, c.get('user').id, tipo, c.req.param('identificador'))),
    );
  }
  return app;
}
