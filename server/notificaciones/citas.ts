import { createEvent, type EventAttributes } from 'ics';
import type { Db } from '../db/db.js';
import type { Mail, Mailer } from '../mail.js';
import { displayName } from '../../domain/persona.js';

/**
 * E-mails to the client when an appointment is booked, moved or cancelled, each with its calendar
 * file. The database queues what happened (app_meta.avisos_citas, filled by a trigger on
 * public.citas in the writing transaction); this module takes a few queued items at a time and
 * sends them (the sender of ./index.ts). One that cannot be sent goes back to the queue and is
 * tried again later.
 */

type Accion = 'creada' | 'movida' | 'cancelada';

interface CitaJson {
  id: number;
  client_id: string;
  user_id: string;
  notaria_id: number;
  staff_id: number;
  subject: string;
  date: string;
  time: string;
  type: string;
}

interface Aviso {
  id: number;
  accion: Accion;
  cita: CitaJson;
  anterior: CitaJson | null;
}

interface Detalles {
  email: string | null;
  tipo_persona: 'FISICA' | 'JURIDICA' | null;
  nombre: string | null;
  primer_apellido: string | null;
  segundo_apellido: string | null;
  razon_social: string | null;
  numero: string | null;
  notaria: string | null;
  direccion: string | null;
  notaria_email: string | null;
  notario: string | null;
  /** The notaría's video-conference room (public.notarias.sistema_videoconferencia). */
  video?: string | null;
}

/** Items sent per round: a round's cost stays bounded whatever the queue holds. */
export const POR_RONDA = 20;
const ASUNTOS: Record<Accion, string> = { creada: 'Cita confirmada', movida: 'Cita modificada', cancelada: 'Cita cancelada' };

const fechaEs = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');
const hora = (t: string) => t.slice(0, 5);

type DateArray = [number, number, number, number, number];
const at = (date: string, time: string): DateArray => {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  return [y, m, d, h, mi];
};

/**
 * The calendar file of one appointment: a request (booked, moved: SEQUENCE grows so the calendar
 * replaces the event) or a cancellation of the same UID. Floating local times: the office's.
 */
export function citaIcs(accion: Accion, cita: CitaJson, d: Detalles, sequence: number): string {
  const lugar = cita.type === 'online' ? (d.video ?? 'Online') : (d.direccion ?? d.notaria ?? '');
  const event: EventAttributes = {
    uid: `cita-${cita.id}@notaria`,
    sequence,
    method: accion === 'cancelada' ? 'CANCEL' : 'REQUEST',
    status: accion === 'cancelada' ? 'CANCELLED' : 'CONFIRMED',
    title: `Cita: ${cita.subject}`,
    description: `${cita.type === 'online' ? 'Cita online' : 'Cita presencial'} con ${d.notario ?? 'la notaría'} (${d.notaria ?? ''})`,
    location: lugar,
    start: at(cita.date, cita.time),
    startInputType: 'local',
    startOutputType: 'local',
    duration: { hours: 1 },
    organizer: { name: d.notaria ?? 'Notaría', email: d.notaria_email ?? 'no-reply@notaria.example' },
  };
  const { error, value } = createEvent(event);
  if (error || !value) throw error ?? new Error('No se pudo crear el calendario de la cita');
  return value;
}

/** The e-mail of one queued item, or null when the client has no e-mail address to write to. */
export function avisoMail(aviso: Aviso, d: Detalles): Mail | null {
  if (!d.email) return null;
  const { cita, anterior, accion } = aviso;
  const nombre = displayName({
    tipoPersona: d.tipo_persona ?? 'FISICA',
    nombre: d.nombre ?? undefined,
    primerApellido: d.primer_apellido ?? undefined,
    segundoApellido: d.segundo_apellido ?? undefined,
    razonSocial: d.razon_social ?? undefined,
    identificador: { numero: d.numero ?? undefined },
  } as Parameters<typeof displayName>[0]);
  const cuando = `el ${fechaEs(cita.date)} a las ${hora(cita.time)}`;
  const intro: Record<Accion, string> = {
    creada: `Su cita ha quedado confirmada ${cuando}.`,
    movida: `Su cita${anterior ? ` del ${fechaEs(anterior.date)} a las ${hora(anterior.time)}` : ''} ha cambiado: ahora es ${cuando}.`,
    cancelada: `Su cita del ${fechaEs(cita.date)} a las ${hora(cita.time)} ha sido cancelada.`,
  };
  const text = [
    `Hola, ${nombre}:`,
    '',
    intro[accion],
    '',
    `Asunto: ${cita.subject}`,
    `Notaría: ${d.notaria ?? ''}`,
    `Notario: ${d.notario ?? ''}`,
    `Tipo: ${cita.type === 'online' ? 'Online' : 'Presencial'}`,
    // an online appointment happens in the notaría's video-conference room
    ...(cita.type === 'online'
      ? accion === 'cancelada' || !d.video
        ? []
        : [`Enlace de la videoconferencia: ${d.video}`]
      : [`Dirección: ${d.direccion ?? ''}`]),
    '',
    accion === 'cancelada'
      ? 'Abra el archivo adjunto para quitarla de su calendario.'
      : 'Abra el archivo adjunto para añadirla a su calendario.',
  ].join('\n');
  // the calendar replaces an event whose SEQUENCE is higher: the queue's id only grows
  const ics = citaIcs(accion, cita, d, aviso.id);
  return {
    to: d.email,
    subject: `${ASUNTOS[accion]} - ${d.notaria ?? 'Notaría'}`,
    text,
    attachments: [{ filename: 'cita.ics', content: ics, contentType: `text/calendar; charset=utf-8; method=${accion === 'cancelada' ? 'CANCEL' : 'REQUEST'}` }],
  };
}

const DETALLES = `
  select coalesce(nullif(p.email, ''), u.email, quien.email) as email, p.tipo_persona, p.nombre, p.primer_apellido, p.segundo_apellido,
         p.razon_social, p.identificador_numero as numero, n.nombre as notaria, n.direccion, n.email as notaria_email, s.name as notario,
         n.sistema_videoconferencia as video
    from (select 1) x
    left join servicios.personas p on p.id = $1::uuid
    left join servicios.usuarios u on u.persona_id = $1::uuid
    -- a client without an e-mail of their own: the person who booked for them is told
    left join servicios.usuarios quien on quien.persona_id = $4::uuid
    left join public.notarias n on n.id = $2::bigint
    left join public.personal s on s.id = $3::bigint
   limit 1`;

/** Sends what is queued, at most POR_RONDA items; answers how many were taken. */
export async function enviarAvisosCitas(db: Db, mailer: Mailer, log: (m: string) => void): Promise<number> {
  const { rows } = await db.query<Aviso>(
    `delete from app_meta.avisos_citas where id in
       (select id from app_meta.avisos_citas order by id limit ${POR_RONDA} for update skip locked)
     returning id, accion, cita, anterior`,
  );
  for (const aviso of rows.sort((a, b) => Number(a.id) - Number(b.id))) {
    try {
      const { cita } = aviso;
      const d = (await db.query<Detalles>(DETALLES, [cita.client_id, cita.notaria_id, cita.staff_id, cita.user_id])).rows[0];
      const mail = d && avisoMail(aviso, d);
      if (mail) await mailer.send(mail);
    } catch (e) {
      log(`[avisos-citas] no se pudo enviar el aviso ${aviso.id}: ${(e as Error).message}`);
      await db
        .query('insert into app_meta.avisos_citas (accion, cita, anterior) values ($1, $2, $3)', [aviso.accion, JSON.stringify(aviso.cita), aviso.anterior && JSON.stringify(aviso.anterior)])
        .catch(() => undefined);
    }
  }
  return rows.length;
}
