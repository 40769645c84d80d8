/**
 * /privilegio: the privileges one person grants another.
 * Lists need full read access to the person; granting and changing need to be that person or
 * the owner of its record. Anything else answers 404.
 */
import { Hono } from 'hono';
import type { AppContext } from '../context.js';
import { requireUser, type AuthEnv } from '../auth/middleware.js';
import { exigirPasoAdicional } from '../auth/paso-adicional.js';
import { HttpError, parseWith, readJson, json } from '../http.js';
import { privilegioInputSchema, privilegioUpdateSchema, representanteBodySchema } from '../../domain/representantes.js';
import { canManage, canReadFull, findVisiblePersona, isUuid, personaNotFound } from '../services/personas.js';
import { createPrivilegio, findPrivilegio, listPrivilegios, updatePrivilegio } from '../services/personas-privilegios.js';
import { guardarRepresentante } from '../services/personas-representantes.js';

const privilegioNotFound = () => new HttpError(404, 'Privilegio no encontrado');

export function privilegioRoutes(ctx: AppContext) {
  const app = new Hono<AuthEnv>();
  app.use('*', requireUser(ctx));

  for (const [path, by] of [['recibidos', 'receptora'], ['concedidos', 'otorgante']] as const) {
    app.get(`/${path}/:id`, async (c) => {
      const id = c.req.param('id');
      if (!(await canReadFull(ctx.db, c.get('user').id, id))) throw personaNotFound();
      return json(c, await listPrivilegios(ctx.db, by, id));
    });
  }

  app.post('/', async (c) => {
    const viewer = c.get('user').id;
    const input = parseWith(privilegioInputSchema, await readJson(c));
    if (!(await canManage(ctx.db, viewer, input.personaOtorganteId))) throw personaNotFound();
    if (!(await findVisiblePersona(ctx.db, viewer, input.personaReceptoraId))) throw personaNotFound();
    await exigirPasoAdicional(ctx.db, c.get('user'));
    return json(c, await createPrivilegio(ctx.db, viewer, input), 201);
  });

  /**
   * A representative by their document and the privilegio granted to them, in one transaction
   * (see guardarRepresentante): the portal's 'Crear representante'. Answers the privilegio only.
   */
  app.post('/representante', async (c) => {
    const viewer = c.get('user').id;
    const body = parseWith(representanteBodySchema, await readJson(c));
    if (!(await canManage(ctx.db, viewer, body.privilegio.personaOtorganteId))) throw personaNotFound();
    await exigirPasoAdicional(ctx.db, c.get('user'));
    const { privilegio, creado } = await guardarRepresentante(ctx.db, viewer, body);
    return json(c, privilegio, creado ? 201 : 200);
  });

  app.put('/:id', async (c) => {
    const viewer = c.get('user').id;
    const id = c.req.param('id');
    const existing = isUuid(id) ? await findPrivilegio(ctx.db, id) : null;
    if (!existing || !(await canManage(ctx.db, viewer, existing.personaOtorganteId))) throw privilegioNotFound();
    const input = parseWith(privilegioUpdateSchema, await readJson(c));
    await exigirPasoAdicional(ctx.db, c.get('user'));
    if (
      (input.personaOtorganteId && input.personaOtorganteId !== existing.personaOtorganteId) ||
      (input.personaReceptoraId && input.personaReceptoraId !== existing.personaReceptoraId)
    ) {
      throw new HttpError(400, 'No se pueden cambiar las personas de un privilegio');
    }
    if (!existing.modificable) throw new HttpError(403, 'Este privilegio no es modificable');
    return json(c, await updatePrivilegio(ctx.db, id, input));
  });

  return app;
}
