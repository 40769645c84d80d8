import type { Queryable } from '../db/db.js';
import type { SessionUser } from '../auth/middleware.js';
import { HttpError } from '../http.js';
import { CASO_PROPIO, staffNotarias } from '../auth/staff.js';
import { EXPEDIENTE_NO_ENCONTRADO, isUuid } from './expedientes.js';
import { tienePermiso } from './permisos.js';

/**
 * Who the caller is on a case: its office (staff of the case's notaría) or its client side (the
 * client, the owner of the client's persona, a representative whose privilegio lets them read
 * the case). Anybody else, admins included, does not see the case: 404, as an id that does not exist.
 */
export type Lado = 'CLIENTE' | 'NOTARIA';

export interface CasoVisible {
  id: string;
  titulo: string;
  estado: string;
  personaId: string;
  notariaId: number;
  lado: Lado;
}

/** The notarías (public.notarias.id) the token says the caller works for (the staff role per notaría). */
export const notariasDePersonal = (user: SessionUser): number[] => staffNotarias(user);

export async function casoVisible(db: Queryable, id: string, user: SessionUser): Promise<CasoVisible | null> {
  if (!isUuid(id)) return null;
  // the case's notaria_id is the notaría's idint; the token names public.notarias.id
  // on their own case (or a persona's they own) staff are its client side: its office is somebody else
  const { rows } = await db.query<{ id: string; titulo: string; estado: string; persona_id: string; notaria_id: number; personal: boolean }>(
    `select e.id, e.titulo, e.estado, e.persona_id, e.notaria_id,
            exists (select 1 from public.notarias n where n.idint = e.notaria_id and n.id = any ($2::bigint[]))
              and not ${CASO_PROPIO('e', '$3')} as personal
       from servicios.expedientes e join servicios.personas p on p.id = e.persona_id
      where e.id = $1 and (p.bloqueada_en is null or p.id = $3) -- blocked (LOPDGDD art. 32)`,
    [id, staffNotarias(user), user.id],
  );
  const e = rows[0];
  if (!e) return null;
  const caso = { id: e.id, titulo: e.titulo, estado: e.estado, personaId: e.persona_id, notariaId: Number(e.notaria_id) };
  if (e.personal) return { ...caso, lado: 'NOTARIA' };
  if (await tienePermiso(db, { persona: caso.personaId, viewer: user.id, permiso: 'leer_expedientes' })) return { ...caso, lado: 'CLIENTE' };
  return null;
}

/** The case as the caller sees it, or 404. */
export async function exigirCaso(db: Queryable, id: string, user: SessionUser): Promise<CasoVisible> {
  const caso = await casoVisible(db, id, user);
  if (!caso) throw new HttpError(404, EXPEDIENTE_NO_ENCONTRADO);
  return caso;
}

/** Only the office may do this on the case (the client side sees it: 403, which reveals nothing new). */
export function exigirNotaria(caso: CasoVisible, mensaje = 'Solo la notaría puede realizar esta operación') {
  if (caso.lado !== 'NOTARIA') throw new HttpError(403, mensaje);
}
