import { Hono } from 'hono';
import type { AppContext } from '../context.js';
import { requireUser, type AuthEnv } from '../auth/middleware.js';
import { parseWith, readJson, json } from '../http.js';
import { listaExpedientesQuerySchema, nuevoExpedienteSchema } from '../../domain/expediente.js';
import { crearExpediente, expedienteAutorizado, listarExpedientes } from '../services/expedientes.js';

/** /expediente: the case files of the personas the caller may see (another person's case answers 404). */
export function expedientesRoutes(ctx: AppContext) {
  const app = new Hono<AuthEnv>();
  const auth = requireUser(ctx);

  // optional ?page&pageSize&sort&order&q; without page the whole list is a plain array
  app.get('/owner/:personaId', auth, async (c) => {
    const opts = parseWith(listaExpedientesQuerySchema, c.req.query());
    return json(c, await listarExpedientes(ctx.db, c.req.param('personaId'), c.get('user').id, opts));
  });

  app.get('/:id', auth, async (c) => json(c, await expedienteAutorizado(ctx.db, c.req.param('id'), c.get('user').id, 'leer_expedientes')));

  app.post('/', auth, async (c) => {
    const input = parseWith(nuevoExpedienteSchema, await readJson(c));
    return json(c, await crearExpediente(ctx.db, c.get('user').id, input), 201);
  });

  return app;
}
