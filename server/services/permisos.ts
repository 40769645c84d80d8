import type { Queryable } from '../db/db.js';

/** What a privilegio may grant (its columns permiso_<name>, servicios.privilegios). */
export type Permiso =
  | 'leer_ficha'
  | 'leer_ficha_reducida'
  | 'actualizar_ficha'
  | 'leer_expedientes'
  | 'crear_expedientes'
  | 'actualizar_expedientes'
  | 'leer_actos'
  | 'crear_privilegio'
  | 'traspasar_permisos';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * May `viewer` act on `persona` with `permiso`? The person themself, its owner, or a privilegio in
 * force that grants it; never on a blocked persona but one's own (servicios.tiene_permiso,
 * 0061_privacidad_bloqueo.sql). Named arguments: the two ids cannot be passed the wrong way round.
 */
export async function tienePermiso(db: Queryable, q: { persona: string; viewer: string; permiso: Permiso }): Promise<boolean> {
  if (!UUID.test(q.persona) || !UUID.test(q.viewer)) return false;
  const { rows } = await db.query<{ ok: boolean }>('select servicios.tiene_permiso($1::uuid, $2::uuid, $3) as ok', [q.persona, q.viewer, q.permiso]);
  return rows[0]?.ok === true;
}
