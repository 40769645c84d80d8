import type { AppContext } from '../context.js';
import { Endpoints } from '../endpoints.js';
import { miNombreDePersonal } from '../auth/staff.js';
import { despacho } from '../../api/despacho.js';
import { cancelarCita, listarCitasDespacho, moverCita } from '../services/despacho-citas.js';
import { expedienteDeDespacho, listarDespacho } from '../services/despacho.js';

/** The office's work: its cases and appointments, for staff of a notaría (any case of another notaría answers 404). */
export function despachoRoutes(ctx: AppContext) {
  return new Endpoints(ctx)
    .serve(despacho.me, async (c) => ({ nombre: await miNombreDePersonal(ctx.db, c.get('user').id) }))
    .serve(despacho.listExpedientes, (c, { query }) => listarDespacho(ctx.db, c.get('user'), query))
    .serve(despacho.getExpediente, (c, { params }) => expedienteDeDespacho(ctx.db, c.get('user'), params.id))
    .serve(despacho.listCitas, (c, { query }) => listarCitasDespacho(ctx.db, c.get('user'), query.desde, query.hasta))
    .serve(despacho.moveCita, (c, { params, body }) => moverCita(ctx.db, c.get('user'), params.id, body))
    .serve(despacho.cancelCita, async (c, { params }) => cancelarCita(ctx.db, c.get('user'), params.id)).app;
}
