/**
 * Dates of the person forms: forms show dd/mm/yyyy, the API
 * speaks ISO yyyy-mm-dd. Pure functions shared by the portal, the server schemas and the tests.
 */

export const EARLIEST_BIRTH_YEAR = 1920;
export const ADULT_AGE = 18;
export const DATE_INPUT_LENGTH = 10;

export const MENSAJES_FECHA = {
  formato: 'Formato de fecha inválido (dd/mm/yyyy)',
  invalida: 'Fecha inválida',
  anterior1920: 'La fecha no puede ser anterior a 1920',
  futura: 'La fecha no puede ser en el futuro',
  menorPersona: 'Persona menor de edad, recuerde rellenar los datos de su representante',
  formatoRepresentante: 'Formato de fecha incorrecto (DD/MM/AAAA)',
  menorRepresentante: 'Un representante no puede ser menor de edad',
  isoInvalida: 'Fecha inválida (formato aaaa-mm-dd)',
} as const;

interface Ymd {
  year: number;
  month: number;
  day: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A calendar date that really exists (no 31/02, no month 13). */
function isRealDate({ year, month, day }: Ymd): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

const toIso = ({ year, month, day }: Ymd) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/**
 * The offices' time zone. "Today" is the date in peninsular Spain in the browser, wherever it
 * is, in the server (which runs in UTC) and in the database (servicios.hoy(), migration 0008):
 * the form, the API and the RLS policies agree on it between midnight in Spain and in UTC too.
 */
export const OFFICE_TIME_ZONE = 'Europe/Madrid';

const HOUR_MS = 3_600_000;

/** 01:00 UTC of the last Sunday of `month` (0-based) of `year`: when the EU's clocks change. */
function lastSundayAt1Utc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * The date (yyyy-mm-dd) and time (HH:mm) in the offices' time zone at the instant `now`.
 * Peninsular Spain is UTC+1, and UTC+2 from 01:00 UTC on the last Sunday of March until 01:00 UTC
 * on the last Sunday of October (the EU's summer time, Directive 2000/84/EC). Computed rather than
 * asked of Intl.DateTimeFormat: a page's first Intl formatter loads ICU's data, 25-50 ms of CPU
 * (100-200 ms of a phone's main thread at Lighthouse's 4× slowdown), and most pages show no other
 * localised date. tests/unit/dates.test.ts holds the rule to Intl's time zone database from 2000
 * to 2060 (each hour of March and October, every day), so a change of the law shows there when
 * Node's tzdata has it.
 */
export function officeNow(now: Date = new Date()): { date: string; time: string } {
  const t = now.getTime();
  const year = now.getUTCFullYear();
  const summer = t >= lastSundayAt1Utc(year, 2) && t < lastSundayAt1Utc(year, 9);
  const office = new Date(t + (summer ? 2 : 1) * HOUR_MS);
  return {
    date: toIso({ year: office.getUTCFullYear(), month: office.getUTCMonth() + 1, day: office.getUTCDate() }),
    time: `${pad(office.getUTCHours())}:${pad(office.getUTCMinutes())}`,
  };
}

/** The date in the offices' time zone at the instant `now`, as yyyy-mm-dd. */
export const todayIso = (now: Date = new Date()): string => officeNow(now).date;

/** Form date → API date: three dd/mm/yyyy parts become yyyy-mm-dd (zero padded); anything else ''. */
export function formDateToIso(value: string | null | undefined): string {
  const parts = (value ?? '').trim().split('/');
  if (parts.length !== 3 || parts.some((p) => !/^\d+$/.test(p))) return '';
  const [day, month, year] = parts.map(Number);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** API date (yyyy-mm-dd, possibly with a time part) → form date dd/mm/yyyy; anything else ''. */
export function isoToFormDate(value: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** True for a yyyy-mm-dd string naming a real date. */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return !!m && isRealDate({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) });
}

/**
 * What the birth-date input shows while typing: digits only, slashes inserted after the day and
 * the month, at most 10 characters.
 */
export function maskDateInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/** Whole years from birth (yyyy-mm-dd) to today (yyyy-mm-dd). */
export function ageOn(birthIso: string, today: string): number {
  const [by, bm, bd] = birthIso.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Checks a dd/mm/yyyy text; returns the parsed date or the format/real-date message. */
function parseFormDate(value: string, formatMessage: string): { iso: string } | { error: string } {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!m) return { error: formatMessage };
  const ymd = { day: Number(m[1]), month: Number(m[2]), year: Number(m[3]) };
  if (!isRealDate(ymd)) return { error: MENSAJES_FECHA.invalida };
  return { iso: toIso(ymd) };
}

/**
 * The birth-date rules of the natural-person form, checked in order (format, real date, not in the future, age); null when valid.
 * `today` is yyyy-mm-dd (defaults to today in the offices' time zone).
 */
export function birthDateError(value: string, today: string = todayIso()): string | null {
  const parsed = parseFormDate(value, MENSAJES_FECHA.formato);
  if ('error' in parsed) return parsed.error;
  return dateRangeError(parsed.iso, today) ?? (ageOn(parsed.iso, today) < ADULT_AGE ? MENSAJES_FECHA.menorPersona : null);
}

/** Birth date of a representative: dd/mm/yyyy and of age; null when valid. */
export function representativeBirthDateError(value: string, today: string = todayIso()): string | null {
  const parsed = parseFormDate(value, MENSAJES_FECHA.formatoRepresentante);
  if ('error' in parsed) return parsed.error;
  return dateRangeError(parsed.iso, today) ?? (ageOn(parsed.iso, today) < ADULT_AGE ? MENSAJES_FECHA.menorRepresentante : null);
}

/** A plain dd/mm/yyyy date (relation start/end): format and real date only. */
export function formDateError(value: string, formatMessage: string = MENSAJES_FECHA.formatoRepresentante): string | null {
  const parsed = parseFormDate(value, formatMessage);
  return 'error' in parsed ? parsed.error : null;
}

/** Birth dates are neither before 1920 nor in the future (used by the API schema too). */
export function dateRangeError(iso: string, today: string = todayIso()): string | null {
  if (Number(iso.slice(0, 4)) < EARLIEST_BIRTH_YEAR) return MENSAJES_FECHA.anterior1920;
  if (iso > today) return MENSAJES_FECHA.futura;
  return null;
}
