import type { Queryable } from '../db/db.js';
import { isPgError } from '../db/db.js';
import { HttpError } from '../http.js';
import { staffNotarias } from '../auth/staff.js';
import type { SessionUser } from '../auth/middleware.js';
import type { CitaDespacho, MoverCita } from '../../domain/despacho.js';
import { MENSAJES_CITAS_DESPACHO } from '../../domain/despacho-rules.js';

/**
 * The appointments of my notarías (public.citas.notaria_id is public.notarias.id, as the token's
 * notarias claim). Moving or cancelling one queues the client's e-mail with the calendar file by
 * the citas_avisar trigger (0014_avisos_citas.sql); an appointment of another notaría is 404.
 */

const CLIENTE_NOMBRE = `coalesce(case when p.tipo_persona = 'JURIDICA' then nullif(btrim(p.razon_social), '')
    else nullif(btrim(concat_ws(' ', p.nombre, p.primer_apellido, p.segundo_apellido)), '') end, p.identificador_numero, 'Cliente')`;

const SELECT = `select c.id, to_char(c.date, 'YYYY-MM-DD') as date, to_char(c.time, 'HH24:MI') as time, c.subject, c.type,
         c.staff_id as "staffId", s.name as "staffNombre", c.notaria_id as "notariaId", ${CLIENTE_NOMBRE} as "clienteNombre",
         case when c.type = 'online' then n.sistema_videoconferencia end as videoconferencia
    from public.citas c
    join public.personal s on s.id = c.staff_id
    join public.notarias n on n.id = c.notaria_id
    left join servicios.personas p on p.id = c.client_id`;

const toDto = (r: CitaDespacho): CitaDespacho => ({ ...r, id: Number(r.id), staffId: Number(r.staffId), notariaId: Number(r.notariaId) });

/** GET /despacho/citas: my notarías' appointments between two dates (at most 31 days: bounded). */
export async function listarCitasDespacho(db: Queryable, user: Pick<SessionUser, 'notarias'>, desde: string, hasta: string): Promise<CitaDespacho[]> {
  const { rows } = await db.query<CitaDespacho>(
    `${SELECT} where c.notaria_id = any($1::bigint[]) and p.bloqueada_en is null and c.date between $2::date and $3::date order by c.date, c.time, s.name limit 2000`,
    [staffNotarias(user), desde, hasta],
  );
  return rows.map(toDto);
}

async function citaDeMiNotaria(db: Queryable, user: Pick<SessionUser, 'notarias'>, id: string): Promise<{ notaria_id: number }> {
  if (!/^\d{1,15}$/.test(id)) throw new HttpError(404, MENSAJES_CITAS_DESPACHO.noEncontrada);
  const { rows } = await db.query<{ notaria_id: number }>(`select notaria_id from public.citas c where id = $1 and notaria_id = any($2::bigint[])
      and not exists (select 1 from servicios.personas p where p.id = c.client_id and p.bloqueada_en is not null) for update`, [
    id,
    staffNotarias(user),
  ]);
  if (!rows[0]) throw new HttpError(404, MENSAJES_CITAS_DESPACHO.noEncontrada);
  return rows[0];
}

/** PUT /despacho/citas/{id}: another day, hour or staff member (of the same notaría). */
export async function moverCita(db: Queryable, user: Pick<SessionUser, 'notarias'>, id: string, body: MoverCita): Promise<CitaDespacho> {
  const cita = await citaDeMiNotaria(db, user, id);
  if (body.staffId !== undefined) {
    const staff = await db.query('select 1 from public.personal where id = $1 and notaria_id = $2 and is_active', [body.staffId, cita.notaria_id]);
    if (!staff.rows.length) throw new HttpError(400, MENSAJES_CITAS_DESPACHO.staffDeOtraNotaria, { staffId: MENSAJES_CITAS_DESPACHO.staffDeOtraNotaria });
  }
  try {
    await db.query('update public.citas set date = $2::date, time = $3::time, staff_id = coalesce($4, staff_id) where id = $1', [
      id,
      body.date,
      body.time,
      body.staffId ?? null,
    ]);
  } catch (e) {
    if (isPgError(e) && e.code === '23505') throw new HttpError(409, MENSAJES_CITAS_DESPACHO.horaOcupada);
    // the database's own checks of an appointment (public.validar_cita): a past time, an hour that
    // is not an appointment hour of that day; their messages are Spanish
    if (isPgError(e) && e.code === '23514') throw new HttpError(400, e.message);
    throw e;
  }
  const { rows } = await db.query<CitaDespacho>(`${SELECT} where c.id = $1`, [id]);
  return toDto(rows[0]);
}

/** DELETE /despacho/citas/{id} */
export async function cancelarCita(db: Queryable, user: Pick<SessionUser, 'notarias'>, id: string): Promise<void> {
  await citaDeMiNotaria(db, user, id);
  await db.query('delete from public.citas where id = $1', [id]);
}
