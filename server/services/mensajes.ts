import type { Queryable } from '../db/db.js';
import type { SessionUser } from '../auth/middleware.js';
import { mensajeDemasiadosMensajes, type MensajeDto, type NoLeidosDto } from '../../domain/mensajes.js';
import { HttpError } from '../http.js';
import { exigirCaso, notariasDePersonal, type Lado } from './acceso-caso.js';
import { CASO_PROPIO } from '../auth/staff.js';
import { avisarCambio } from '../eventos.js';
import { nombreDePersonalSql } from '../auth/staff.js';

/**
 * The conversation of a case. A message is written by one side (the client side: the client and
 * representatives who may read the case; or the office); the other side reads it when it opens the
 * conversation, which marks it read for that whole side.
 */

// the office writes under the name its staff record has (the admin's), the client side under its persona's
const AUTOR = `case when p.id is null then 'Notaría'
    when m.lado = 'NOTARIA' and ${nombreDePersonalSql('p.id')} is not null then ${nombreDePersonalSql('p.id')}
    when p.tipo_persona = 'JURIDICA' then coalesce(nullif(btrim(p.razon_social), ''), 'Sin razón social')
    else coalesce(nullif(btrim(concat_ws(' ', p.nombre, p.primer_apellido)), ''), 'Sin nombre') end`;

interface MensajeRow {
  id: string;
  expediente_id: string;
  lado: Lado;
  autor_nombre: string;
  texto: string;
  creado_en: Date | string;
  leido_en: Date | string | null;
}

/** The latest messages of a conversation, this many at most. */
const MAX_LISTA = 200;

/** GET /expediente/{id}/mensajes: the latest messages, oldest first; the other side's become read. */
export async function leerMensajes(db: Queryable, expedienteId: string, user: SessionUser): Promise<MensajeDto[]> {
  const caso = await exigirCaso(db, expedienteId, user);
  // only unread rows of the other side are touched: a poll with nothing new writes nothing
  const leidos = await db.query(`update servicios.mensajes set leido_en = now() where expediente_id = $1 and lado <> $2 and leido_en is null`, [expedienteId, caso.lado]);
  // the unread counts of both sides change (another tab of the reader, the writer's 'leído')
  if (leidos.rowCount) avisarCambio({ expedienteId, tipo: 'updated' });
  const { rows } = await db.query<MensajeRow>(
    `select * from (
       select m.id, m.expediente_id, m.lado, ${AUTOR} as autor_nombre, m.texto, m.creado_en, m.leido_en
         from servicios.mensajes m left join servicios.personas p on p.id = m.autor_id
        where m.expediente_id = $1 order by m.creado_en desc, m.id desc limit ${MAX_LISTA}) x
      order by creado_en, id`,
    [expedienteId],
  );
  return rows.map((r) => ({
    id: r.id,
    expedienteId: r.expediente_id,
    lado: r.lado,
    autorNombre: r.lado === 'NOTARIA' ? `${r.autor_nombre} (Notaría)` : r.autor_nombre,
    texto: r.texto,
    creadoEn: new Date(r.creado_en).toISOString(),
    leido: r.leido_en !== null,
    mio: r.lado === caso.lado,
  }));
}

/** POST /expediente/{id}/mensajes. */
export async function escribirMensaje(db: Queryable, expedienteId: string, user: SessionUser, texto: string, porMinuto = 10): Promise<MensajeDto> {
  const caso = await exigirCaso(db, expedienteId, user);
  // a pace per account and case, counted under a lock of both (taken first: the count's snapshot
  // then sees what the requests before it committed), so parallel requests cannot all pass
  await db.query(`select pg_advisory_xact_lock(hashtext('servicios.mensajes'), hashtext($1::text || $2::text))`, [user.id, expedienteId]);
  const { rows: ritmo } = await db.query<{ n: number }>(
    `select count(*)::int as n from servicios.mensajes m
      where m.autor_id = $1::uuid and m.expediente_id = $2::uuid and m.creado_en > clock_timestamp() - interval '1 minute'`,
    [user.id, expedienteId],
  );
  if (ritmo[0].n >= porMinuto) throw new HttpError(429, mensajeDemasiadosMensajes(porMinuto));
  const { rows } = await db.query<MensajeRow>(
    `with m as (insert into servicios.mensajes (expediente_id, autor_id, lado, texto) values ($1, $2, $3, $4) returning *)
     select m.id, m.expediente_id, m.lado, ${AUTOR} as autor_nombre, m.texto, m.creado_en, m.leido_en
       from m left join servicios.personas p on p.id = m.autor_id`,
    [expedienteId, user.id, caso.lado, texto],
  );
  avisarCambio({ expedienteId, tipo: 'created' });
  const r = rows[0];
  return {
    id: r.id,
    expedienteId: r.expediente_id,
    lado: r.lado,
    autorNombre: r.lado === 'NOTARIA' ? `${r.autor_nombre} (Notaría)` : r.autor_nombre,
    texto: r.texto,
    creadoEn: new Date(r.creado_en).toISOString(),
    leido: false,
    mio: true,
  };
}

/**
 * GET /mensajes/no-leidos: messages of the other side not yet read, per case: on the cases the
 * caller sees as client side (their own, their personas', those a privilegio lets them read) the
 * office's, and on their notarías' cases (staff) the clients'.
 */
export async function noLeidos(db: Queryable, user: SessionUser): Promise<NoLeidosDto> {
  const { rows } = await db.query<{ expediente_id: string; n: number }>(
    `with personas as (
       select $1::uuid as id
       union select id from servicios.personas where owner_id = $1::uuid and bloqueada_en is null
       union select persona_otorgante_id from servicios.privilegios
              where persona_receptora_id = $1::uuid and servicios.tiene_permiso(persona_otorgante_id, $1::uuid, 'leer_expedientes'))
     , mias as (select idint from public.notarias where id = any($2::bigint[]))
     select m.expediente_id, count(*)::int as n
       from servicios.mensajes m join servicios.expedientes e on e.id = m.expediente_id
      where m.leido_en is null
        and ((m.lado = 'NOTARIA' and e.persona_id in (select id from personas) and (e.notaria_id not in (select idint from mias) or ${CASO_PROPIO('e', '$1')}))
          or (m.lado = 'CLIENTE' and e.notaria_id in (select idint from mias) and not ${CASO_PROPIO('e', '$1')}
              and not exists (select 1 from servicios.personas pb where pb.id = e.persona_id and pb.bloqueada_en is not null)))
      group by m.expediente_id`,
    [user.id, notariasDePersonal(user)],
  );
  const porExpediente: Record<string, number> = {};
  let total = 0;
  for (const r of rows) {
    porExpediente[r.expediente_id] = r.n;
    total += r.n;
  }
  return { total, porExpediente };
}
