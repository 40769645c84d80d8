import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { requireUser, type AuthEnv } from '../auth/middleware.js';
import { json, parseWith, readJson } from '../http.js';
import type { ArchivosEnv } from '../storage/subida.js';
import { generarBorradorSchema, respuestaBorradorSchema } from '../../domain/borrador.js';
import { diferenciasBorrador, generarBorrador, listarBorradores, responderBorrador } from '../services/borradores.js';

type Env = { Variables: AuthEnv['Variables'] & ArchivosEnv['Variables'] };

const conSchema = z.object({ con: z.string({ error: 'Indique con qué versión comparar (con)' }).min(1, 'Indique con qué versión comparar (con)') });

/** Drafts of the deeds: /expediente/{id}/borradores, /acto/{id}/borradores (generate), /borrador/{id}/respuesta, /borrador/{id}/diferencias. */
export function borradoresRoutes(ctx: AppContext) {
  const app = new Hono<Env>();
  const auth = requireUser(ctx);

  app.get('/expediente/:id/borradores', auth, async (c) => json(c, await listarBorradores(ctx.db, c.req.param('id'), c.get('user'))));
  app.post('/acto/:id/borradores', auth, async (c) => {
    // the body is optional: without one the act's own template (or the notaría's for every act) is used
    const body = (c.req.header('Content-Type') ?? '').includes('json') ? await readJson(c) : {};
    const input = parseWith(generarBorradorSchema, body ?? {});
    return json(c, await generarBorrador(ctx.db, ctx.storage, c.get('archivos'), c.req.param('id'), c.get('user'), input), 201);
  });
  app.put('/borrador/:id/respuesta', auth, async (c) => {
    const input = parseWith(respuestaBorradorSchema, await readJson(c));
    return json(c, await responderBorrador(ctx.db, c.req.param('id'), c.get('user'), input));
  });
  app.get('/borrador/:id/diferencias', auth, async (c) => {
    const { con } = parseWith(conSchema, c.req.query());
    return json(c, await diferenciasBorrador(ctx.db, c.req.param('id'), con, c.get('user')));
  });
  return app;
}
