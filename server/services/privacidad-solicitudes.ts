import type { Queryable } from '../db/db.js';
import type { Mailer } from '../mail.js';
import type { SessionUser } from '../auth/middleware.js';
import { HttpError } from '../http.js';
import { isPgError } from '../db/db.js';
import type { ScopedDb } from '../db/request-transaction.js';
import { isUuid } from './personas.js';
import { NOMBRE_PERSONA } from './privacidad-accesos.js';
import {
  ETIQUETA_SOLICITUD, MENSAJE_SOLICITUD_ABIERTA, MENSAJE_SOLICITUD_RESPONDIDA, SOLICITUD_NO_ENCONTRADA, plazoRespuesta,
  type NuevaSolicitud, type RespuestaSolicitud, type Solicitud, type SolicitudBandeja,
} from '../../domain/privacidad.js';

const COLUMNAS = `s.id, s.persona_id as "personaId", s.tipo, s.motivo, s.estado, s.creada_en as "creadaEn", s.plazo, s.respuesta,
  s.respondida_en as "respondidaEn"`;

type Fila = Omit<Solicitud, 'creadaEn' | 'plazo' | 'respondidaEn'> & { creadaEn: Date | string; plazo: Date | string; respondidaEn: Date | string | null };
const iso = (d: Date | string) => new Date(d).toISOString();
const aSolicitud = <T extends Fila>(r: T) => ({ ...r, creadaEn: iso(r.creadaEn), plazo: iso(r.plazo), respondidaEn: r.respondidaEn === null ? null : iso(r.respondidaEn) });

/** A person's new request: one open request of each kind at most (409, nothing stored). */
export async function crearSolicitud(db: Queryable, persona: string, s: NuevaSolicitud): Promise<Solicitud> {
  const ahora = new Date();
  try {
    const { rows } = await db.query<Fila>(
      `insert into servicios.solicitudes_privacidad as s (persona_id, tipo, motivo, creada_en, plazo)
       values ($1, $2, $3, $4, $5) returning ${COLUMNAS}`,
      [persona, s.tipo, s.motivo, ahora.toISOString(), plazoRespuesta(ahora).toISOString()],
    );
    return aSolicitud(rows[0]);
  } catch (e) {
    if (isPgError(e) && e.code === '23505') throw new HttpError(409, MENSAJE_SOLICITUD_ABIERTA, undefined, 'solicitud_abierta');
    throw e;
  }
}

export async function solicitudesDe(db: Queryable, persona: string): Promise<Solicitud[]> {
  const { rows } = await db.query<Fila>(`select ${COLUMNAS} from servicios.solicitudes_privacidad s where s.persona_id = $1 order by s.creada_en desc`, [persona]);
  return rows.map(aSolicitud);
}

/**
 * SQL: may the caller answer request `s`? An admin, any request; staff, the requests of persons
 * with a case or a link at one of their notarías ($1 = public.notarias.id of the token).
 */
const EN_BANDEJA = `($2 or exists (select 1 from servicios.expedientes e join public.notarias n on n.idint = e.notaria_id
                                    where e.persona_id = s.persona_id and n.id = any ($1::bigint[]))
                       or exists (select 1 from servicios.persona_notaria pn join public.notarias n on n.idint = pn.notaria_id
                                    where pn.persona_id = s.persona_id and n.id = any ($1::bigint[])))`;

/** Whether the caller has an inbox at all: staff of a notaría or an admin; to anyone else it does not exist (404). */
export function exigirBandeja(user: SessionUser) {
  if (user.appRole !== 'admin' && !user.notarias.length) throw new HttpError(404, 'Recurso no encontrado');
}

/** The office's inbox: open requests first, the most overdue first; then the answered ones, newest first. */
export async function bandeja(db: Queryable, user: SessionUser): Promise<SolicitudBandeja[]> {
  exigirBandeja(user);
  const { rows } = await db.query<Fila & { personaNombre: string | null; vencida: boolean }>(
    `select ${COLUMNAS}, ${NOMBRE_PERSONA} as "personaNombre", (s.estado = 'PENDIENTE' and s.plazo < now()) as vencida
       from servicios.solicitudes_privacidad s join servicios.personas p on p.id = s.persona_id
      where ${EN_BANDEJA}
      order by (s.estado = 'PENDIENTE') desc, case when s.estado = 'PENDIENTE' then s.plazo end asc, s.respondida_en desc
      limit 500`,
    [user.notarias, user.appRole === 'admin'],
  );
  return rows.map(aSolicitud);
}

/**
 * The office answers an open request; the answer is e-mailed to the person. `alAceptar` runs in
 * the same transaction for an accepted request (an erasure blocks the data) and may add to the
 * answer what the person must know (the protocol is blocked, not destroyed).
 */
export async function responderSolicitud(
  db: ScopedDb,
  mailer: Mailer,
  user: SessionUser,
  id: string,
  r: RespuestaSolicitud,
  alAceptar: (s: Solicitud) => Promise<string | null>,
): Promise<Solicitud> {
  exigirBandeja(user);
  if (!isUuid(id)) throw new HttpError(404, SOLICITUD_NO_ENCONTRADA);
  const run = async () => {
    const { rows } = await db.query<Fila & { email: string | null }>(
      `select ${COLUMNAS}, coalesce((select u.email from servicios.usuarios u where u.persona_id = s.persona_id order by u.created_at limit 1), p.email) as email
         from servicios.solicitudes_privacidad s join servicios.personas p on p.id = s.persona_id
        where s.id = $3 and ${EN_BANDEJA} for update of s`,
      [user.notarias, user.appRole === 'admin', id],
    );
    const actual = rows[0];
    if (!actual) throw new HttpError(404, SOLICITUD_NO_ENCONTRADA);
    if (actual.estado !== 'PENDIENTE') throw new HttpError(409, MENSAJE_SOLICITUD_RESPONDIDA);
    const nota = r.estado === 'ACEPTADA' ? await alAceptar(aSolicitud(actual)) : null;
    const respuesta = nota ? `${r.respuesta}\n\n${nota}` : r.respuesta;
    const { rows: hechas } = await db.query<Fila>(
      `update servicios.solicitudes_privacidad s set estado = $2, respuesta = $3, respondida_en = now(), respondida_por = $4
        where s.id = $1 returning ${COLUMNAS}`,
      [id, r.estado, respuesta, user.id],
    );
    return { solicitud: aSolicitud(hechas[0]), email: actual.email };
  };
  const { solicitud, email } = await db.withinTransaction(run);
  if (email) {
    await mailer.send({
      to: email,
      subject: `Respuesta a su solicitud de ${ETIQUETA_SOLICITUD[solicitud.tipo].toLowerCase()} de datos personales`,
      text:
        `Le informamos de que su solicitud de ${ETIQUETA_SOLICITUD[solicitud.tipo].toLowerCase()} ha sido ` +
        `${solicitud.estado === 'ACEPTADA' ? 'aceptada' : 'rechazada'}.\n\n${solicitud.respuesta}\n\n` +
        `Si no está conforme, puede reclamar ante la Agencia Española de Protección de Datos (www.aepd.es).\n`,
    });
  }
  return solicitud;
}
