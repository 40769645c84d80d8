/**
 * /privilegio: the privileges one person grants another.
 * Lists need full read access to the person; granting and changing need to be that person or
 * the owner of its record. Anything else answers 404.
 */
import type { AppContext } from '../context.js';
import { Endpoints } from '../endpoints.js';
import { exigirPasoAdicional } from '../auth/paso-adicional.js';
import { HttpError, json } from '../http.js';
import { privilegios } from '../../api/privilegios.js';
import { canManage, canReadFull, findVisiblePersona, isUuid, personaNotFound } from '../services/personas.js';
import { createPrivilegio, findPrivilegio, listPrivilegios, updatePrivilegio } from '../services/personas-privilegios.js';
import { guardarRepresentante } from '../services/personas-representantes.js';

const privilegioNotFound = () => new HttpError(404, 'Privilegio no encontrado');

export function privilegioRoutes(ctx: AppContext) {
  /** What a person received or granted, to whoever fully reads that person. */
  const privilegiosDe = async (viewer: string, id: string, by: 'receptora' | 'otorgante') => {
    if (!(await canReadFull(ctx.db, viewer, id))) throw personaNotFound();
    return listPrivilegios(ctx.db, by, id);
  };

  return new Endpoints(ctx)
    .serve(privilegios.listReceived, (c, { params }) => privilegiosDe(c.get('user').id, params.personaReceptoraId, 'receptora'))
    .serve(privilegios.listGranted, (c, { params }) => privilegiosDe(c.get('user').id, params.personaOtorganteId, 'otorgante'))
    .serve(privilegios.create, async (c, { body }) => {
      const viewer = c.get('user').id;
      if (!(await canManage(ctx.db, viewer, body.personaOtorganteId))) throw personaNotFound();
      if (!(await findVisiblePersona(ctx.db, viewer, body.personaReceptoraId))) throw personaNotFound();
      await exigirPasoAdicional(ctx.db, c.get('user'));
      return createPrivilegio(ctx.db, viewer, body);
    })
    /**
     * A representative by their document and the privilegio granted to them, in one transaction
     * (see guardarRepresentante): the portal's 'Crear representante'. Answers the privilegio only,
     * 201 when it is new and 200 when an existing one was updated.
     */
    .serve(privilegios.createRepresentante, async (c, { body }) => {
      const viewer = c.get('user').id;
      if (!(await canManage(ctx.db, viewer, body.privilegio.personaOtorganteId))) throw personaNotFound();
      await exigirPasoAdicional(ctx.db, c.get('user'));
      const { privilegio, creado } = await guardarRepresentante(ctx.db, viewer, body);
      return json(c, privilegio, creado ? 201 : 200);
    })
    .serve(privilegios.update, async (c, { params, body }) => {
      const viewer = c.get('user').id;
      const existing = isUuid(params.id) ? await findPrivilegio(ctx.db, params.id) : null;
      if (!existing || !(await canManage(ctx.db, viewer, existing.personaOtorganteId))) throw privilegioNotFound();
      await exigirPasoAdicional(ctx.db, c.get('user'));
      if (
        (body.personaOtorganteId && body.personaOtorganteId !== existing.personaOtorganteId) ||
        (body.personaReceptoraId && body.personaReceptoraId !== existing.personaReceptoraId)
      ) {
        throw new HttpError(400, 'No se pueden cambiar las personas de un privilegio');
      }
      if (!existing.modificable) throw new HttpError(403, 'Este privilegio no es modificable');
      return updatePrivilegio(ctx.db, params.id, body);
    }).app;
}
