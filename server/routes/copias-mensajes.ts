import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { requireUser, type AuthEnv } from '../auth/middleware.js';
import { json, parseWith, readJson } from '../http.js';
import { ESTADOS_COPIA, cambioCopiaSchema, solicitudCopiaSchema } from '../../domain/copias.js';
import { nuevoMensajeSchema } from '../../domain/mensajes.js';
import { cambiarCopia, copiasDespacho, listarCopiasExpediente, misCopias, solicitarCopia } from '../services/copias.js';
import { escribirMensaje, leerMensajes, noLeidos } from '../services/mensajes.js';

const filtroDespachoSchema = z.object({
  estado: z.enum(ESTADOS_COPIA, { error: 'El estado debe ser SOLICITADA, EN_PREPARACION, DISPONIBLE o RECHAZADA' }).optional(),
});

/** Copies (/expediente/{id}/copias, /copias, /despacho/copias, /copia/{id}) and the conversation of a case (/expediente/{id}/mensajes, /mensajes/no-leidos). */
export function copiasMensajesRoutes(ctx: AppContext) {
  const app = new Hono<AuthEnv>();
  const auth = requireUser(ctx);

  app.get('/expediente/:id/copias', auth, async (c) => json(c, await listarCopiasExpediente(ctx.db, c.req.param('id'), c.get('user'))));
  app.post('/expediente/:id/copias', auth, async (c) => {
    const input = parseWith(solicitudCopiaSchema, await readJson(c));
    return json(c, await solicitarCopia(ctx.db, c.req.param('id'), c.get('user'), input), 201);
  });
  app.get('/copias', auth, async (c) => json(c, await misCopias(ctx.db, c.get('user'))));
  app.get('/despacho/copias', auth, async (c) => {
    const { estado } = parseWith(filtroDespachoSchema, c.req.query());
    return json(c, await copiasDespacho(ctx.db, c.get('user'), estado));
  });
  app.put('/copia/:id', auth, async (c) => {
    const input = parseWith(cambioCopiaSchema, await readJson(c));
    return json(c, await cambiarCopia(ctx.db, c.req.param('id'), c.get('user'), input));
  });

  app.get('/expediente/:id/mensajes', auth, async (c) => json(c, await leerMensajes(ctx.db, c.req.param('id'), c.get('user'))));
  app.post('/expediente/:id/mensajes', auth, async (c) => {
    const { texto } = parseWith(nuevoMensajeSchema, await readJson(c));
    return json(c, await escribirMensaje(ctx.db, c.req.param('id'), c.get('user'), texto, ctx.config.mensajesPorMinuto), 201);
  });
  app.get('/mensajes/no-leidos', auth, async (c) => json(c, await noLeidos(ctx.db, c.get('user'))));

  return app;
}
