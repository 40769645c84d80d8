import type { Queryable } from '../db/db.js';
import { HttpError } from '../http.js';
import { isUuid } from './personas.js';
import { fullPath } from '../../api/endpoint.js';
import { documentos } from '../../api/documentos.js';
import type { Exportacion } from '../../domain/privacidad-exportacion.js';

export const PERSONA_NO_ENCONTRADA = 'Persona no encontrada';

/** Identity-document images: they travel only in the export of the person they show. */
export const TIPOS_DOCUMENTO_IDENTIDAD = ['DNI_ANVERSO', 'DNI_REVERSO'] as const;

/**
 * Everything held about the caller and the personas they own or represent (a privilegio in force
 * that lets them read the ficha, or a legal representation), built by ONE statement: each table an
 * array of its rows as stored. Cases (and their acts, messages, documents and copies) only of the
 * personas whose cases the caller may read. `solo` narrows it to one of those personas; any other
 * id answers 404, like a persona that does not exist.
 */
export async function exportarDatos(db: Queryable, viewer: string, solo: string | null): Promise<Exportacion> {
  if (solo !== null && !isUuid(solo)) throw new HttpError(404, PERSONA_NO_ENCONTRADA);
  const { rows } = await db.query<{ exportacion: Omit<Exportacion, 'formato' | 'version' | 'generadaEn' | 'titular'> | null }>(
    `with alcance as (
       select p.id from servicios.personas p where p.id = $1 or p.owner_id = $1
       union
       select pr.persona_otorgante_id from servicios.privilegios pr
        where pr.persona_receptora_id = $1 and servicios.privilegio_vigente(pr)
          and (pr.permiso_leer_ficha or pr.tipo_privilegio = 'REPRESENTANTE_LEGAL')
     ),
     -- a blocked persona (LOPDGDD art. 32) travels only in its own export
     personas_ids as (select a.id from alcance a join servicios.personas p on p.id = a.id
                       where ($2::uuid is null or a.id = $2::uuid) and (p.bloqueada_en is null or p.id = $1)),
     con_expedientes as (select id from personas_ids where servicios.tiene_permiso(id, $1, 'leer_expedientes')),
     con_actos as (select id from personas_ids where servicios.tiene_permiso(id, $1, 'leer_actos')),
     exp as (select e.* from servicios.expedientes e where e.persona_id in (select id from con_expedientes)),
     usu as (select u.* from servicios.usuarios u where u.persona_id = $1 and ($2::uuid is null or $2::uuid = $1))
     select case when $2::uuid is not null and not exists (select 1 from personas_ids) then null else jsonb_build_object(
       'personas', (select coalesce(jsonb_agg(to_jsonb(p) order by p.created_at, p.id), '[]') from servicios.personas p where p.id in (select id from personas_ids)),
       'privilegios', (select coalesce(jsonb_agg(to_jsonb(pr) order by pr.created_at, pr.id), '[]') from servicios.privilegios pr
                        where pr.persona_otorgante_id in (select id from personas_ids) or pr.persona_receptora_id in (select id from personas_ids)),
       'persona_notaria', (select coalesce(jsonb_agg(to_jsonb(pn) order by pn.created_at), '[]') from servicios.persona_notaria pn where pn.persona_id in (select id from personas_ids)),
       'expedientes', (select coalesce(jsonb_agg(to_jsonb(e) order by e.fecha_alta, e.id), '[]') from exp e),
       'actos', (select coalesce(jsonb_agg(to_jsonb(a) order by a.fecha, a.id), '[]') from servicios.actos a
                  join exp e on e.id = a.expediente_id where e.persona_id in (select id from con_actos)),
       'citas', (select coalesce(jsonb_agg(to_jsonb(c) order by c.date, c.time, c.id), '[]') from public.citas c
                  where c.client_id in (select id from personas_ids) or ($2::uuid is null and c.user_id = $1)),
       'mensajes', (select coalesce(jsonb_agg(to_jsonb(m) order by m.creado_en, m.id), '[]') from servicios.mensajes m where m.expediente_id in (select id from exp)),
       'documentos', (select coalesce(jsonb_agg((to_jsonb(d) - 'clave') || jsonb_build_object('descarga', replace($3, '{id}', d.id::text)) order by d.creado_en, d.id), '[]')
                       from servicios.documentos d
                      where (d.expediente_id in (select id from exp) or d.persona_id in (select id from personas_ids))
                        and (d.persona_id is null or d.persona_id = $1 or d.tipo <> all ($4::text[]))),
       'copias', (select coalesce(jsonb_agg(to_jsonb(co) order by co.creada_en, co.id), '[]') from servicios.copias co
                   where co.expediente_id in (select id from exp) or co.solicitante_id in (select id from personas_ids)),
       'usuarios', (select coalesce(jsonb_agg(to_jsonb(u) order by u.created_at), '[]') from usu u),
       'sesiones', (select coalesce(jsonb_agg(to_jsonb(s) order by s.created_at, s.id), '[]') from servicios.sesiones s where s.usuario_id in (select id from usu)),
       'solicitudes_privacidad', (select coalesce(jsonb_agg(to_jsonb(sp) order by sp.creada_en, sp.id), '[]') from servicios.solicitudes_privacidad sp
                                   where sp.persona_id in (select id from personas_ids))
     ) end as exportacion`,
    [viewer, solo, fullPath(documentos.download), TIPOS_DOCUMENTO_IDENTIDAD],
  );
  const tablas = rows[0]?.exportacion;
  if (!tablas) throw new HttpError(404, PERSONA_NO_ENCONTRADA);
  return { formato: 'exportacion-datos-personales', version: 1, generadaEn: new Date().toISOString(), titular: solo ?? viewer, ...tablas };
}
