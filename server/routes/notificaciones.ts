import { createEvents, type EventAttributes } from 'ics';
import type { AppContext } from '../context.js';
import { Endpoints } from '../endpoints.js';
import { HttpError, notFound } from '../http.js';
import { todayIso } from '../../domain/dates.js';
import { notificaciones } from '../../api/notificaciones.js';

const ICS_DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
/** Without rules a staff member has the default availability: Monday to Friday, 09:00-14:00. */
const DEFAULT_RULE = { id: 0, day_of_week: [1, 2, 3, 4, 5], start_time: '09:00', end_time: '14:00' };

export interface InvitationData {
  staff: { id: number; name: string; email: string };
  notaria: { nombre: string; direccion: string; email: string | null };
  /** Weekly availability rules ('HH:mm'). */
  rules: { id: number; day_of_week: number[]; start_time: string; end_time: string }[];
  /** Upcoming appointments ('yyyy-mm-dd', 'HH:mm'). */
  citas: { id: number; date: string; time: string; subject: string; type: string }[];
  /** 'yyyy-mm-dd' of today (the first weekly event starts on or after it). */
  today: string;
  organizerEmail: string;
}

type DateArray = [number, number, number, number, number];
const at = (date: string, time: string): DateArray => {
  const [y, m, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  return [y, m, d, h, mi];
};
const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/**
 * The iCalendar invitation (METHOD:REQUEST) for a staff member: their weekly availability as
 * recurring events and their upcoming appointments. Times are floating local times, read in
 * the calendar's own time zone (the office's).
 */
export function buildInvitationIcs(data: InvitationData): string {
  const organizer = { name: data.notaria.nombre, email: data.notaria.email ?? data.organizerEmail };
  const attendees = [{ name: data.staff.name, email: data.staff.email, rsvp: true, partstat: 'NEEDS-ACTION' as const, role: 'REQ-PARTICIPANT' as const }];
  const common = { organizer, attendees, startInputType: 'local' as const, startOutputType: 'local' as const, endInputType: 'local' as const, endOutputType: 'local' as const };
  const rules = data.rules.length ? data.rules : [DEFAULT_RULE];

  const events: EventAttributes[] = [];
  for (const rule of rules) {
    const days = [...new Set(rule.day_of_week)].filter((d) => d >= 0 && d <= 6).sort();
    if (!days.length) continue;
    let first = data.today;
    while (!days.includes(weekday(first))) first = addDays(first, 1);
    events.push({
      ...common,
      uid: `disponibilidad-${data.staff.id}-${rule.id}@notaria`,
      title: `Disponibilidad para citas - ${data.notaria.nombre}`,
      description: `Horario en el que ${data.notaria.nombre} puede darle citas.`,
      location: data.notaria.direccion,
      start: at(first, rule.start_time),
      end: at(first, rule.end_time),
      recurrenceRule: `FREQ=WEEKLY;BYDAY=${days.map((d) => ICS_DAYS[d]).join(',')}`,
      busyStatus: 'FREE',
      transp: 'TRANSPARENT',
    });
  }
  for (const cita of data.citas) {
    events.push({
      ...common,
      uid: `cita-${cita.id}@notaria`,
      title: `Cita: ${cita.subject}`,
      description: cita.type === 'online' ? 'Cita online' : 'Cita presencial',
      location: cita.type === 'online' ? 'Online' : data.notaria.direccion,
      start: at(cita.date, cita.time),
      duration: { hours: 1 },
      busyStatus: 'BUSY',
    });
  }
  const { error, value } = createEvents(events, { method: 'REQUEST', productId: 'notaria/portal', calName: `Citas - ${data.notaria.nombre}` });
  if (error || !value) throw new HttpError(400, 'No se pudo crear la invitación de calendario');
  return value;
}

/** Notifications of the services API, at /notificaciones. */
export function notificacionesRoutes(ctx: AppContext) {
  /** POST /notificaciones/invitacion-calendario {notarioId}: e-mails the staff member the .ics invitation (admins only). */
  return new Endpoints(ctx).serve(notificaciones.sendCalendarInvitation, async (c, { body }) => {
    if (c.get('user').appRole !== 'admin') throw new HttpError(403, 'Solo un administrador puede enviar invitaciones de calendario');
    const { notarioId } = body;

    const { rows } = await ctx.db.query<{
      id: number; name: string; email: string; calendar_type: string; is_active: boolean; nombre: string; direccion: string; notaria_email: string | null;
    }>(
      `select p.id::int as id, p.name, p.email, p.calendar_type, p.is_active, n.nombre, n.direccion, n.email as notaria_email
         from public.personal p join public.notarias n on n.id = p.notaria_id where p.id = $1`,
      [notarioId],
    );
    const staff = rows[0];
    if (!staff) throw notFound('Personal no encontrado');
    if (staff.calendar_type === 'lovable') return { message: 'No es necesario', sent: false };
    if (!staff.is_active) throw new HttpError(409, 'El miembro del personal está desactivado');

    const rules = await ctx.db.query<InvitationData['rules'][number]>(
      `select id::int as id, day_of_week::int[] as day_of_week, to_char(start_time, 'HH24:MI') as start_time, to_char(end_time, 'HH24:MI') as end_time
         from public.disponibilidad where staff_id = $1 and is_recurring and is_available order by id`,
      [notarioId],
    );
    // the offices' today (the rule of servicios.hoy()), taken once for the query and the invitation
    const today = todayIso();
    const citas = await ctx.db.query<InvitationData['citas'][number]>(
      `select id::int as id, to_char(date, 'YYYY-MM-DD') as date, to_char(time, 'HH24:MI') as time, subject, type
         from public.citas where staff_id = $1 and date >= $2::date order by date, time limit 200`,
      [notarioId, today],
    );
    const ics = buildInvitationIcs({
      staff: { id: staff.id, name: staff.name, email: staff.email },
      notaria: { nombre: staff.nombre, direccion: staff.direccion, email: staff.notaria_email },
      rules: rules.rows,
      citas: citas.rows,
      today,
      organizerEmail: /<([^>]+)>/.exec(ctx.config.mailFrom)?.[1] ?? ctx.config.mailFrom,
    });
    await ctx.mailer.send({
      to: staff.email,
      subject: `Invitación de calendario - ${staff.nombre}`,
      text:
        `Hola ${staff.name}:\n\n` +
        `Le enviamos su calendario de citas de ${staff.nombre}: su disponibilidad semanal y sus próximas citas. ` +
        `Abra el archivo adjunto (invitacion.ics) o acepte la invitación para añadirlo a su calendario.\n`,
      attachments: [{ filename: 'invitacion.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=REQUEST' }],
    });
    return { message: `Invitación enviada a ${staff.email}`, sent: true };
  }).app;
}
