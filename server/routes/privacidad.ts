import { Hono } from 'hono';
import type { AppContext } from '../context.js';
import type { ScopedDb } from '../db/request-transaction.js';
import { requireUser, type AuthEnv } from '../auth/middleware.js';
import { json, notFound, parseWith, readJson } from '../http.js';
import { accesosQuerySchema, nuevaSolicitudSchema, respuestaSolicitudSchema } from '../../domain/privacidad.js';
import { exportarDatos } from '../services/privacidad-exportacion.js';
import { exportacionPdf } from '../services/privacidad-pdf.js';
import { listarAccesos } from '../services/privacidad-accesos.js';
import { bandeja, crearSolicitud, responderSolicitud, solicitudesDe } from '../services/privacidad-solicitudes.js';
import { bloquearPorSupresion } from '../services/privacidad-bloqueo.js';
import { z } from 'zod';

const exportacionQuerySchema = z.object({
  formato: z.enum(['json', 'pdf'], { error: 'El formato debe ser json o pdf' }).default('json'),
  persona: z.string().optional(),
});

/**
 * /privacidad: what a person sees, exports and limits of what the office holds about them
 * (RGPD arts. 15-21): the export (JSON or PDF), who read or changed their records, and their
 * requests of erasure, objection and restriction.
 */
export function privacidadRoutes(ctx: AppContext & { db: ScopedDb }) {
  const app = new Hono<AuthEnv>();
  const auth = requireUser(ctx);

  app.get('/exportacion', auth, async (c) => {
    const q = parseWith(exportacionQuerySchema, c.req.query());
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
  });

  app.get('/accesos', auth, async (c) => {
    const q = parseWith(accesosQuerySchema, c.req.query());
    return json(c, await listarAccesos(ctx.db, c.get('user').id, { ...q, propios: q.propios === 'true' }));
  });

  app.get('/solicitudes', auth, async (c) => json(c, await solicitudesDe(ctx.db, c.get('user').id)));
  app.post('/solicitudes', auth, async (c) => {
    const body = parseWith(nuevaSolicitudSchema, await readJson(c));
    return json(c, await crearSolicitud(ctx.db, c.get('user').id, body), 201);
  });

  return app;
}

/** /despacho/privacidad: the data-protection requests inbox of staff (their notarías' persons) and admins (all). */
export function privacidadDespachoRoutes(ctx: AppContext & { db: ScopedDb }) {
  const app = new Hono<AuthEnv>();
  const auth = requireUser(ctx);
  app.get('/solicitudes', auth, async (c) => json(c, await bandeja(ctx.db, c.get('user'))));
  app.put('/solicitudes/:id', auth, async (c) => {
    const body = parseWith(respuestaSolicitudSchema, await readJson(c));
    const hecha = await responderSolicitud(ctx.db, ctx.mailer, c.get('user'), c.req.param('id'), body, (s) =>
      s.tipo === 'SUPRESION' ? bloquearPorSupresion(ctx.db, s.personaId) : Promise.resolve(null),
    );
    return json(c, hecha);
  });
  // what the retention job destroyed (never the data: kind, of whom, how many), for the admin (the DPO's record)
  app.get('/destrucciones', auth, async (c) => {
    if (c.get('user').appRole !== 'admin') throw notFound('Recurso no encontrado');
    const { rows } = await ctx.db.query<{ at: Date | string }>(
      `select id::int as id, at, tipo, persona_id as "personaId", registros, detalle from servicios.destrucciones order by at desc, id desc limit 500`,
    );
    return json(c, rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() })));
  });
  return app;
}
