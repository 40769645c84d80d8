import type { AppContext } from '../context.js';
import { Endpoints } from '../endpoints.js';
import { copias, mensajes } from '../../api/documentos.js';
import { cambiarCopia, copiasDespacho, listarCopiasExpediente, misCopias, solicitarCopia } from '../services/copias.js';
import { escribirMensaje, leerMensajes, noLeidos } from '../services/mensajes.js';

/** Copies of a case's deed and the conversation of a case. */
export function copiasMensajesRoutes(ctx: AppContext) {
  return new Endpoints(ctx)
    .serve(copias.listOfExpediente, (c, { params }) => listarCopiasExpediente(ctx.db, params.expedienteId, c.get('user')))
    .serve(copias.request, (c, { params, body }) => solicitarCopia(ctx.db, params.expedienteId, c.get('user'), body))
    .serve(copias.mine, (c) => misCopias(ctx.db, c.get('user')))
    .serve(copias.ofOffice, (c, { query }) => copiasDespacho(ctx.db, c.get('user'), query.estado))
    .serve(copias.change, (c, { params, body }) => cambiarCopia(ctx.db, params.id, c.get('user'), body))
    .serve(mensajes.listOfExpediente, (c, { params }) => leerMensajes(ctx.db, params.expedienteId, c.get('user')))
    .serve(mensajes.write, (c, { params, body }) => escribirMensaje(ctx.db, params.expedienteId, c.get('user'), body.texto, ctx.config.mensajesPorMinuto))
    .serve(mensajes.unread, (c) => noLeidos(ctx.db, c.get('user'))).app;
}
