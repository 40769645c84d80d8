import type { AppContext } from '../context.js';
import type { ScopedDb } from '../db/request-transaction.js';
import { Endpoints } from '../endpoints.js';
import { json } from '../http.js';
import { privacidad, privacidadDespacho } from '../../api/privacidad.js';
import { exportarDatos } from '../services/privacidad-exportacion.js';
import { exportacionPdf } from '../services/privacidad-pdf.js';
import { listarAccesos } from '../services/privacidad-accesos.js';
import { bandeja, crearSolicitud, responderSolicitud, solicitudesDe } from '../services/privacidad-solicitudes.js';
import { bloquearPorSupresion } from '../services/privacidad-bloqueo.js';

/**
 * /privacidad: what a person sees, exports and limits of what the office holds about them
 * (RGPD arts. 15-21): the export (JSON or PDF), who read or changed their records, and their
 * requests of erasure, objection and restriction.
 */
export function privacidadRoutes(ctx: AppContext & { db: ScopedDb }) {
  return new Endpoints(ctx)
    .serve(privacidad.export, async (c, { query: q }) => {
      const datos = await exportarDatos(ctx.db, c.get('user').id, q.persona ?? null);
      const fecha = datos.generadaEn.slice(0, 10);
      if (q.formato === 'json') {
        c.header('Content-Disposition', `attachment; filename="datos-personales-${fecha}.json"`);
        c.header('Cache-Control', 'private, no-store');
        return json(c, datos);
      }
      const titular = datos.personas.find((p) => p.id === datos.titular) as Record<string, unknown> | undefined;
      const nombre = titular
        ? String(titular.razon_social ?? [titular.nombre, titular.primer_apellido, titular.segundo_apellido].filter(Boolean).join(' ')) || String(titular.identificador_numero)
        : datos.titular;
      const pdf = await exportacionPdf(datos, nombre);
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="datos-personales-${fecha}.pdf"`,
        'Cache-Control': 'private, no-store',
      });
    })
    .serve(privacidad.listAccesos, (c, { query: q }) => listarAccesos(ctx.db, c.get('user').id, { ...q, propios: q.propios === 'true' }))
    .serve(privacidad.listSolicitudes, (c) => solicitudesDe(ctx.db, c.get('user').id))
    .serve(privacidad.createSolicitud, (c, { body }) => crearSolicitud(ctx.db, c.get('user').id, body)).app;
}

/** /despacho/privacidad: the data-protection requests inbox of staff (their notarías' persons) and admins (all). */
export function privacidadDespachoRoutes(ctx: AppContext & { db: ScopedDb }) {
  return new Endpoints(ctx)
    .serve(privacidadDespacho.listBandeja, (c) => bandeja(ctx.db, c.get('user')))
    .serve(privacidadDespacho.answerSolicitud, (c, { params, body }) =>
      responderSolicitud(ctx.db, ctx.mailer, c.get('user'), params.id, body, (s) =>
        s.tipo === 'SUPRESION' ? bloquearPorSupresion(ctx.db, s.personaId) : Promise.resolve(null),
      ),
    )
    // what the retention job destroyed (never the data: kind, of whom, how many), for the admin (the DPO's record)
    .serve(privacidadDespacho.listDestrucciones, async () => {
      const { rows } = await ctx.db.query<{ id: number; at: Date | string; tipo: string; personaId: string | null; registros: number; detalle: Record<string, number> }>(
        `select id::int as id, at, tipo, persona_id as "personaId", registros, detalle from servicios.destrucciones order by at desc, id desc limit 500`,
      );
      return rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
    }).app;
}
