import { Hono } from 'hono';
import type { AppContext } from '../context.js';
import { requireUser, type AuthEnv } from '../auth/middleware.js';
import { HttpError, parseWith, readJson, json } from '../http.js';
import { MENSAJES_ACTO, actoCreateSchema, actoUpdateSchema, isTempId } from '../../domain/expediente.js';
import { actualizarActo, crearActo, listarActos } from '../services/expedientes-actos.js';

/** An id that names no stored act: empty, a local temp- id, or what a client prints for a missing value. */
const sinId = (id: string) => id.trim() === '' || isTempId(id) || id === 'undefined' || id === 'null';

/** /acto: the acts of a case file. */
export function actosRoutes(ctx: AppContext) {
  const app = new Hono<AuthEnv>();
  const auth = requireUser(ctx);

  app.get('/expediente/:expedienteId', auth, async (c) =>
    json(c, await listarActos(ctx.db, c.req.param('expedienteId'), c.get('user').id)),
  );

  app.post('/', auth, async (c) => {
    const { id: _localId, ...input } = parseWith(actoCreateSchema, await readJson(c));
    return json(c, await crearActo(ctx.db, c.get('user').id, input), 201);
  });

  const requiereId = () => {
    throw new HttpError(400, MENSAJES_ACTO.idRequerido);
  };
  app.put('/', auth, requiereId);
  app.put('/:id', auth, async (c) => {
    const id = c.req.param('id');
    if (sinId(id)) requiereId();
    const { id: _id, expedienteId: _exp, ...changes } = parseWith(actoUpdateSchema, await readJson(c));
    return json(c, await actualizarActo(ctx.db, id, c.get('user').id, changes));
  });

  return app;
}
