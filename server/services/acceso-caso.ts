import type { Queryable } from '../db/db.js';
import type { SessionUser } from '../auth/middleware.js';
import { HttpError } from '../http.js';
import { EXPEDIENTE_NO_ENCONTRADO, isUuid, tienePermiso } from './expedientes.js';

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

/** The notarías the token says the caller works for (the staff role per notaría). */
export function notariasDePersonal(user: SessionUser): number[] {
  const n = (user as SessionUser & { notarias?: unknown }).notarias;
  return Array.isArray(n) ? n.filter((x): x is number => Number.isInteger(x)) : [];
}

export const esPersonalDe = (user: SessionUser, notariaId: number) => notariasDePersonal(user).includes(notariaId);

export async function casoVisible(db: Queryable, id: string, user: SessionUser): Promise<CasoVisible | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.query<{ id: string; titulo: string; estado: string; persona_id: string; notaria_id: number }>(
    'select id, titulo, estado, persona_id, notaria_id from servicios.expedientes where id = $1',
    [id],
  );
  const e = rows[0];
  if (!e) return null;
  const caso = { id: e.id, titulo: e.titulo, estado: e.estado, personaId: e.persona_id, notariaId: Number(e.notaria_id) };
  if (esPersonalDe(user, caso.notariaId)) return { ...caso, lado: 'NOTARIA' };
  if (await tienePermiso(db, caso.personaId, user.id, 'leer_expedientes')) return { ...caso, lado: 'CLIENTE' };
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
