/**
 * Times of day and weekdays as the portal shows them, without zod: the lists format them
 * (src/crud/cells.tsx) before any form, and its schemas, is loaded.
 */

/** 'HH:mm:ss' or 'HH:mm' → 'HH:mm' (for comparing and for the form). */
export const hhmm = (v: unknown) => (typeof v === 'string' ? v.slice(0, 5) : v);

/** Weekday names, Sunday (0) to Saturday (6), as the forms show them. */
export const WEEKDAYS = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'] as const;
/** The choices of an availability rule: Monday to Friday only. */
export const WORKING_WEEKDAYS = [1, 2, 3, 4, 5] as const;

/** 'Lunes a Viernes' for days 1-5; otherwise the names in week order. */
export function weekdaysLabel(days: readonly number[] | null | undefined): string {
  const sorted = [...new Set(days ?? [])].sort((a, b) => a - b);
  if (sorted.length === 5 && sorted.every((d, i) => d === i + 1)) return 'Lunes a Viernes';
  return sorted.map((d) => WEEKDAYS[d] ?? String(d)).join(', ');
}
