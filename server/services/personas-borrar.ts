/**
 * DELETE /clients/{id}: a persona is deleted only by whoever created it (its owner), and only
 * while nothing refers to it. What refers to a persona is read from the database's own foreign
 * keys (so a new table that points at personas is counted without a list to keep), plus the
 * appointments of public.citas, whose client_id has no foreign key.
 */
import type { Queryable } from '../db/db.js';
import { HttpError } from '../http.js';
import { findVisiblePersona, personaNotFound } from './personas.js';

export const MENSAJE_BORRAR_AJENA = 'Solo puede eliminar las personas que usted ha creado';
export const MENSAJE_BORRAR_EN_USO =
  'No se puede eliminar esta persona: tiene expedientes, citas, representantes, documentos u otros datos que la usan';

/** Derived data of a persona, not a use of it: kept by the database itself. */
const NO_SON_USOS = new Set(['servicios.expedientes_por_persona']);

let referencias: Promise<{ tabla: string; columna: string }[]> | null = null;

/** Every (table, column) that points at servicios.personas, read once per process. */
function columnasQueApuntan(db: Queryable) {
  referencias ??= db
    .query<{ tabla: string; columna: string }>(
      `select format('%I.%I', n.nspname, r.relname) as tabla, quote_ident(a.attname) as columna
         from pg_constraint c
         join pg_class r on r.oid = c.conrelid
         join pg_namespace n on n.oid = r.relnamespace
         join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.confrelid = 'servicios.personas'::regclass
        order by 1, 2`,
    )
    .then(({ rows }) => [...rows.filter((r) => !NO_SON_USOS.has(r.tabla)), { tabla: 'public.citas', columna: 'client_id' }])
    .catch((e: unknown) => {
      referencias = null;
      throw e;
    });
  return referencias;
}

/** Deletes persona `id` for `viewer`: 404 when they may not read it, 403 when not theirs, 409 while in use. */
export async function borrarPersona(db: Queryable, viewer: string, id: string): Promise<void> {
  const persona = await findVisiblePersona(db, viewer, id);
  if (!persona) throw personaNotFound();
  if (persona.owner_id !== viewer || persona.id === viewer) throw new HttpError(403, MENSAJE_BORRAR_AJENA);
  const usos = (await columnasQueApuntan(db)).map(({ tabla, columna }) => `exists (select 1 from ${tabla} where ${columna} = $1)`);
  // the row is locked first: a case added meanwhile waits for this delete, and then fails on its foreign key
  const { rows } = await db.query<{ usada: boolean }>(
    `select (${usos.join(' or ')}) as usada from servicios.personas where id = $1 for update`,
    [id],
  );
  if (!rows[0]) throw personaNotFound();
  if (rows[0].usada) throw new HttpError(409, MENSAJE_BORRAR_EN_USO);
  await db.query('delete from servicios.personas where id = $1', [id]);
}
