/**
 * /clients: the calls of the first seed document's portal (GET and POST /clients, GET, PUT and
 * DELETE /clients/{id}, GET /clients/individuals and /clients/entities), answered from the same
 * personas and rules as /persona. A client is a persona the caller may read other than themself:
 * one they created or one whose privilegio names them. Individuals are FISICA, entities
 * JURIDICA. Lists are paged ({ data, total, page, pageSize }); what the caller may not read
 * answers 404; a persona is deleted only by its creator and while nothing uses it.
 */
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { Endpoints } from '../endpoints.js';
import type { SessionUser } from '../auth/middleware.js';
import { getPersona, listClients } from '../services/personas.js';
import { borrarPersona } from '../services/personas-borrar.js';
import { clientes, clientesQuerySchema } from '../../api/clientes.js';
import { createPersonaAs, updatePersonaAs } from './personas.js';

export function clientsRoutes(ctx: AppContext) {
  const lista = async (user: SessionUser, { q, page, pageSize }: z.output<typeof clientesQuerySchema>, tipoPersona?: 'FISICA' | 'JURIDICA') => {
    const { data, total } = await listClients(ctx.db, user.id, { tipoPersona, q, page, pageSize });
    return { data, total, page, pageSize };
  };
  // the lists before /clients/{id}: 'individuals' and 'entities' are not ids
  return new Endpoints(ctx)
    .serve(clientes.list, (c, { query }) => lista(c.get('user'), query))
    .serve(clientes.listIndividuals, (c, { query }) => lista(c.get('user'), query, 'FISICA'))
    .serve(clientes.listEntities, (c, { query }) => lista(c.get('user'), query, 'JURIDICA'))
    .serve(clientes.create, (c, { body }) => createPersonaAs(ctx.db, c.get('user').id, body))
    .serve(clientes.get, (c, { params }) => getPersona(ctx.db, c.get('user').id, params.id))
    .serve(clientes.update, (c, { params, body }) => updatePersonaAs(ctx.db, c.get('user').id, params.id, body))
    .serve(clientes.delete, (c, { params }) => borrarPersona(ctx.db, c.get('user').id, params.id)).app;
}
