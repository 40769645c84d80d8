/**
 * How the generic handler (recursos.ts) knows that the caller may read the row a column points at
 * (ServiciosCrud.references): one SQL question per referenciable resource, the same rule its own
 * routes apply. A row the caller may not read and a row that does not exist answer alike.
 */
import type { Queryable } from '../db/db.js';
import { HttpError } from '../http.js';
import { REFERENCIA_NO_LEGIBLE, type Referenciable, type Viewer } from '../../domain/resource.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The row, locked against deletion until the caller's change commits, when `viewer` may read it. */
const LEGIBLE: Record<Referenciable, (db: Queryable, viewer: Viewer, id: string) => Promise<boolean>> = {
  // a case: its persona's leer_expedientes (the person, the owner, a privilegio in force), or the staff of its notaría
  expedientes: async (db, viewer, id) => {
    const { rows } = await db.query(
      `select 1 from servicios.expedientes e
        where e.id = $1::uuid and (servicios.tiene_permiso(e.persona_id, $2::uuid, 'leer_expedientes') or e.notaria_id::text = any($3::text[]))
          for key share of e`,
      [id, viewer.id, viewer.role === 'staff' ? (viewer.notarias ?? []).map(String) : []],
    );
    return rows.length > 0;
  },
};

/** Refuses `values` when one of `references` names a row the caller may not read: 400, the message under its column. */
export async function checkReferences(db: Queryable, viewer: Viewer, references: Readonly<Record<string, Referenciable>>, values: Record<string, unknown>) {
  for (const [column, resource] of Object.entries(references)) {
    const id = values[column];
    if (id === null || id === undefined) continue;
    if (typeof id === 'string' && UUID.test(id) && viewer.id && (await LEGIBLE[resource](db, viewer, id))) continue;
    throw new HttpError(400, REFERENCIA_NO_LEGIBLE[resource], { [column]: REFERENCIA_NO_LEGIBLE[resource] });
  }
}
