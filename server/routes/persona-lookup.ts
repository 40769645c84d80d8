import type { AppContext } from '../context.js';
import { Endpoints } from '../endpoints.js';
import { buscarPersonasPorIdentificador } from '../services/expedientes-personas.js';
import { personas } from '../../api/personas.js';

/**
 * /persona/all|fisica|juridica/{identificador}: the act form's "find person by NIF", among the
 * personas visible to the caller. Nothing found is an empty list.
 */
export function personaLookupRoutes(ctx: AppContext) {
  return new Endpoints(ctx)
    .serve(personas.findByIdentificador, (c, { params }) => buscarPersonasPorIdentificador(ctx.db, c.get('user').id, 'all', params.identificador))
    .serve(personas.findFisicaByIdentificador, (c, { params }) => buscarPersonasPorIdentificador(ctx.db, c.get('user').id, 'fisica', params.identificador))
    .serve(personas.findJuridicaByIdentificador, (c, { params }) => buscarPersonasPorIdentificador(ctx.db, c.get('user').id, 'juridica', params.identificador)).app;
}
