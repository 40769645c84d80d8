/**
 * Which appointment times a staff member offers on a date.
 * Pure: the wizard and the tests give it the rules, the booked times and "now".
 *
 * offered = the fixed times of the weekday (below)
 *           ∩ the working hours of the date (single-date available rules override weekly ones;
 *             a staff member without any available rule works all of them)
 *           − times inside a not-available rule of that date (single-date or weekly)
 *           − booked times − times already past.
 */

/** Times of Monday to Friday. */
export const SLOTS_LABORABLES = ['09:00', '10:00', '11:00', '12:00', '15:00', '16:00', '17:00', '18:00'] as const;
/** Times of Saturday and Sunday. */
export const SLOTS_FIN_DE_SEMANA = ['10:00', '11:00', '12:00'] as const;

/** An availability rule as stored in table disponibilidad (times may carry seconds). */
export interface ReglaDisponibilidad {
  day_of_week: number[] | null;
  start_time: string;
  end_time: string;
  is_recurring?: boolean | null;
  is_available: boolean;
  specific_date: string | null;
}

/** 'HH:MM' from 'HH:MM' or 'HH:MM:SS'. */
export function horaCorta(time: string): string {
  return time.slice(0, 5);
}

/** 0 = Sunday .. 6 = Saturday of a 'YYYY-MM-DD' date, independent of the time zone. */
export function diaSemana(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The fixed times of the weekday of a date: 09-12 and 15-18 on weekdays, 10-12 at weekends. */
export function slotsDelDia(date: string): string[] {
  const day = diaSemana(date);
  return [...(day === 0 || day === 6 ? SLOTS_FIN_DE_SEMANA : SLOTS_LABORABLES)];
}

const dentro = (time: string, rule: ReglaDisponibilidad) =>
  time >= horaCorta(rule.start_time) && time < horaCorta(rule.end_time);

/** Rules that apply to the date: its single-date rules, or weekly rules whose weekdays include it. */
function aplicaA(date: string) {
  const day = diaSemana(date);
  return (rule: ReglaDisponibilidad) =>
    rule.specific_date ? rule.specific_date.slice(0, 10) === date : (rule.day_of_week ?? []).includes(day);
}

export interface ConsultaSlots {
  /** 'YYYY-MM-DD' */
  date: string;
  /** The staff member's rules (all of them; those of other dates are ignored here). */
  rules: ReglaDisponibilidad[];
  /** Times already booked with this staff member on this date. */
  booked: string[];
  /** The date and time of now in the offices' time zone: past dates offer nothing, today only later times. */
  now: { date: string; time: string };
}

export function slotsDisponibles({ date, rules, booked, now }: ConsultaSlots): string[] {
  if (date < now.date) return [];
  const applies = aplicaA(date);
  const available = rules.filter((r) => r.is_available);
  const singleDate = available.filter((r) => r.specific_date && applies(r));
  const working = singleDate.length > 0 ? singleDate : available.filter((r) => !r.specific_date && applies(r));
  const blocked = rules.filter((r) => !r.is_available && applies(r));
  const taken = new Set(booked.map(horaCorta));

  return slotsDelDia(date).filter(
    (time) =>
      (available.length === 0 || working.some((r) => dentro(time, r))) &&
      !blocked.some((r) => dentro(time, r)) &&
      !taken.has(time) &&
      (date > now.date || time > now.time),
  );
}
