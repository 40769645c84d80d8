import { Hono } from 'hono';
import type { AppContext } from '../context.js';
import { requireUser, type AuthEnv } from '../auth/middleware.js';
import { miNombreDePersonal, requireStaff } from '../auth/staff.js';
import { parseWith, readJson, json } from '../http.js';
import { citasDespachoQuerySchema, despachoQuerySchema, moverCitaSchema } from '../../domain/despacho.js';
import { cancelarCita, listarCitasDespacho, moverCita } from '../services/despacho-citas.js';
import { expedienteDeDespacho, listarDespacho } from '../services/despacho.js';

/**
 * /despacho: the office's work, for staff of a notaría only (the token's notarias claim,
 * server/auth/staff.ts). Anyone else, and any case of another notaría, gets 404.
 */
export function despachoRoutes(ctx: AppContext) {
  const app = new Hono<AuthEnv>();
  const auth = requireUser(ctx);

  app.get('/yo', auth, async (c) => {
    requireStaff(c.get('user'));
    return json(c, { nombre: await miNombreDePersonal(ctx.db, c.get('user').id) });
  });

  app.get('/expedientes', auth, async (c) => {
    requireStaff(c.get('user'));
    const q = parseWith(despachoQuerySchema, c.req.query());
    return json(c, await listarDespacho(ctx.db, c.get('user'), q));
  });

  app.get('/expedientes/:id', auth, async (c) => json(c, await expedienteDeDespacho(ctx.db, c.get('user'), c.req.param('id'))));

  app.get('/citas', auth, async (c) => {
    requireStaff(c.get('user'));
    const q = parseWith(citasDespachoQuerySchema, c.req.query());
    return json(c, await listarCitasDespacho(ctx.db, c.get('user'), q.desde, q.hasta));
  });

  app.put('/citas/:id', auth, async (c) => {
    requireStaff(c.get('user'));
    const body = parseWith(moverCitaSchema, await readJson(c));
    return json(c, await moverCita(ctx.db, c.get('user'), c.req.param('id'), body));
  });

  app.delete('/citas/:id', auth, async (c) => {
    requireStaff(c.get('user'));
    await cancelarCita(ctx.db, c.get('user'), c.req.param('id'));
    return c.body(null, 204);
  });

  return app;
}
