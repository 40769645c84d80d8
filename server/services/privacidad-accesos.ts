import type { Queryable } from '../db/db.js';
import type { Acceso } from '../../domain/privacidad.js';

/** SQL: the display name of persona row `p` (a company by its razón social). */
export const NOMBRE_PERSONA = `case when p.tipo_persona = 'JURIDICA' then p.razon_social
  else nullif(btrim(concat_ws(' ', p.nombre, p.primer_apellido, p.segundo_apellido)), '') end`;

/**
 * Who read or changed the caller's records (RGPD art. 15): the audit log's rows (server/audit.ts,
 * one per services request on a persona, privilegio, case, act, document, copy, message or
 * appointment, and one per cita read or changed through /rest/v1 by someone else) whose record is
 * the caller's persona, a persona they own, or anything hanging from them, or whose `titular` is
 * one of those personas (so a deleted cita's rows still count); refused requests (4xx, 5xx)
 * touched nothing and are left out, and so, unless `propios`, are the caller's own requests.
 * Newest first, one page at a time.
 */
export async function listarAccesos(db: Queryable, viewer: string, q: { page: number; pageSize: number; propios: boolean }) {
  const { rows } = await db.query<Omit<Acceso, 'propio'> & { at: Date | string; total: string | number }>(
    `with mias as (select id from servicios.personas where id = $1 or owner_id = $1),
     exp as (select id from servicios.expedientes where persona_id in (select id from mias)),
     registros (entity, id) as (
       select 'persona', id::text from mias
       union all select 'expediente', id::text from exp
       union all select 'mensaje', id::text from exp
       union all select 'acto', a.id::text from servicios.actos a where a.expediente_id in (select id from exp)
       union all select 'documento', d.id::text from servicios.documentos d where d.expediente_id in (select id from exp) or d.persona_id in (select id from mias)
       union all select 'copia', c.id::text from servicios.copias c where c.expediente_id in (select id from exp)
       union all select 'privilegio', pr.id::text from servicios.privilegios pr where pr.persona_otorgante_id in (select id from mias)
       union all select 'cita', c.id::text from public.citas c where c.client_id in (select id from mias)
     )
     select l.at, l.actor, ${NOMBRE_PERSONA} as "actorNombre", l.action as accion, l.entity as entidad, l.entity_id as "entidadId",
            count(*) over () as total
       from servicios.audit_log l
       left join servicios.personas p on p.id = l.actor
      where l.status < 400 and ($2 or l.actor is distinct from $1)
        and ((l.entity, l.entity_id) in (select entity, id from registros) or l.titular in (select id from mias))
      order by l.at desc, l.id desc
      limit $3 offset $4`,
    [viewer, q.propios, q.pageSize, (q.page - 1) * q.pageSize],
  );
  const total = rows.length ? Number(rows[0].total) : 0;
  const data: Acceso[] = rows.map(({ total: _t, at, ...r }) => ({ ...r, at: new Date(at).toISOString(), propio: r.actor === viewer }));
  return { data, total, page: q.page, pageSize: q.pageSize };
}
