import type { AppContext } from '../context.js';
import { Endpoints } from '../endpoints.js';
import { HttpError } from '../http.js';
import { MENSAJES_ACTO } from '../../domain/expediente-rules.js';
import { isTempId } from '../../domain/temp-id.js';
import { actos, expedientes } from '../../api/expedientes.js';
import { crearExpediente, expedienteAutorizado, listarExpedientes } from '../services/expedientes.js';
import { actualizarActo, crearActo, listarActos } from '../services/expedientes-actos.js';
import { cambiarEstado, devolverActo } from '../services/despacho.js';

/** An id that names no stored act: empty, a local temp- id, or what a client prints for a missing value. */
const sinId = (id: string) => id.trim() === '' || isTempId(id) || id === 'undefined' || id === 'null';
const requiereId = () => {
  throw new HttpError(400, MENSAJES_ACTO.idRequerido);
};

/** The case files of the personas the caller may see and their acts (another person's case answers 404). */
export function expedientesRoutes(ctx: AppContext) {
  return new Endpoints(ctx)
    .serve(expedientes.listOfPersona, (c, { params, query }) => listarExpedientes(ctx.db, params.ownerId, c.get('user').id, query))
    .serve(expedientes.get, (c, { params }) => expedienteAutorizado(ctx.db, params.id, c.get('user').id, 'leer_expedientes'))
    .serve(expedientes.create, (c, { body }) => crearExpediente(ctx.db, c.get('user').id, body))
    .serve(expedientes.changeEstado, (c, { params, body }) => cambiarEstado(ctx.db, c.get('user'), params.id, body))
    .serve(actos.listOfExpediente, (c, { params }) => listarActos(ctx.db, params.expedienteId, c.get('user').id))
    .serve(actos.create, (c, { body }) => {
      const { id: _localId, ...input } = body;
      return crearActo(ctx.db, c.get('user').id, input);
    })
    .serve(actos.updateWithoutId, requiereId)
    .serve(actos.update, (c, { params, body }) => {
      if (sinId(params.id)) requiereId();
      const { id: _id, expedienteId: _exp, ...changes } = body;
      return actualizarActo(ctx.db, params.id, c.get('user').id, changes);
    })
    .serve(actos.returnToClient, (c, { params, body }) => devolverActo(ctx.db, c.get('user'), params.id, body.comentario)).app;
}
