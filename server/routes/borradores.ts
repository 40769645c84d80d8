import type { AppContext } from '../context.js';
import { Endpoints } from '../endpoints.js';
import { borradores } from '../../api/documentos.js';
import { diferenciasBorrador, generarBorrador, listarBorradores, responderBorrador } from '../services/borradores.js';

/** Drafts of the deeds: the case's versions, generating one from an act, the client's answer, two versions compared. */
export function borradoresRoutes(ctx: AppContext) {
  return new Endpoints(ctx)
    .serve(borradores.listOfExpediente, (c, { params }) => listarBorradores(ctx.db, params.expedienteId, c.get('user')))
    .serve(borradores.generate, (c, { params, body }) => generarBorrador(ctx.db, ctx.storage, c.get('archivos'), params.actoId, c.get('user'), body ?? {}))
    .serve(borradores.answer, (c, { params, body }) => responderBorrador(ctx.db, params.id, c.get('user'), body))
    .serve(borradores.compare, (c, { params, query }) => diferenciasBorrador(ctx.db, params.id, query.con, c.get('user'))).app;
}
