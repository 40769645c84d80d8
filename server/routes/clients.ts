/**
 * /clients: the calls of the first seed document's portal (GET and POST /clients, GET, PUT and
 * DELETE /clients/{id}, GET /clients/individuals and /clients/entities), answered from the same
 * personas and rules as /persona. A client is a persona the caller may read other than themself:
 * one they created or one whose privilegio names them. Individuals are FISICA, entities
 * JURIDICA. Lists are paged ({ data, total, page, pageSize }); what the caller may not read
 * answers 404; a persona is deleted only by its creator and while nothing uses it.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { requireUser, type AuthEnv } from '../auth/middleware.js';
import { json, parseWith, readJson } from '../http.js';
import { personaInputSchema } from '../../domain/persona.js';
import { getPersona, listClients } from '../services/personas.js';
import { borrarPersona } from '../services/personas-borrar.js';
import { createPersonaAs, updatePersonaAs } from './personas.js';

const TAMANO_PAGINA = 20;

const listaSchema = z.object({
  q: z.string().max(100, 'La búsqueda no puede superar 100 caracteres').optional(),
  page: z.coerce.number({ error: 'Página inválida' }).int('Página inválida').min(1, 'Página inválida').max(100_000, 'Página inválida').default(1),
  pageSize: z.coerce
    .number({ error: 'Tamaño de página inválido' })
    .int('Tamaño de página inválido')
    .min(1, 'Tamaño de página inválido')
    .max(100, 'Tamaño de página inválido')
    .default(TAMANO_PAGINA),
});

export function clientsRoutes(ctx: AppContext) {
  const app = new Hono<AuthEnv>();
  app.use('*', requireUser(ctx));

  const lista = (tipoPersona?: 'FISICA' | 'JURIDICA') => async (c: Context<AuthEnv>) => {
    const { q, page, pageSize } = parseWith(listaSchema, c.req.query());
    const { data, total } = await listClients(ctx.db, c.get('user').id, { tipoPersona, q, page, pageSize });
    return json(c, { data, total, page, pageSize });
  };
  app.get('/', lista());
  app.get('/individuals', lista('FISICA'));
  app.get('/entities', lista('JURIDICA'));

  app.post('/', async (c) => json(c, await createPersonaAs(ctx.db, c.get('user').id, parseWith(personaInputSchema, await readJson(c))), 201));
  app.get('/:id', async (c) => json(c, await getPersona(ctx.db, c.get('user').id, c.req.param('id'))));
  app.put('/:id', async (c) => json(c, await updatePersonaAs(ctx.db, c.get('user').id, c.req.param('id'), await readJson(c))));
  app.delete('/:id', async (c) => {
    await borrarPersona(ctx.db, c.get('user').id, c.req.param('id'));
    return c.body(null, 204);
  });
  return app;
}
