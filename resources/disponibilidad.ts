import { z } from 'zod';
import { anyone, catalogueAccess, HARD_DELETE } from '../domain/resource';
import { requiredId, timeOfDay } from '../domain/schema-blocks';
import { hhmm } from '../domain/horario';
import { defineCatalogue } from '../domain/columns';

export const DEFAULT_START = '09:00';
export const DEFAULT_END = '14:00';

/** Without chosen weekdays the rule is for the current weekday (spec, section 5). */
const weekdays = z.preprocess(
  (v) => (Array.isArray(v) && v.length > 0 ? v : [new Date().getDay()]),
  z.array(z.number().int().min(0, 'Día de la semana no válido').max(6, 'Día de la semana no válido')),
);

const optionalDate = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.iso.date({ error: 'La fecha no es válida' }).nullable(),
);

/** A single-date rule holds for that date's weekday; a weekly rule has no date. */
export function normalizeDisponibilidad(values: Record<string, unknown>): Record<string, unknown> {
  if (values.is_recurring) return { ...values, specific_date: null };
  const date = String(values.specific_date);
  return { ...values, day_of_week: [new Date(`${date}T12:00:00`).getDay()] };
}

/** Availability rules of a staff member (table disponibilidad): weekly or for one date, available or not. */
export default defineCatalogue({
  name: 'disponibilidad',
  dataProvider: 'supabase',
  labels: { singular: 'Regla de disponibilidad', plural: 'Disponibilidad', gender: 'f' },
  adminTab: { order: 3 },
  columns: {
    staff_id: { label: 'Personal', rule: requiredId('Debe seleccionar un miembro del personal'), widget: 'select', relation: { resource: 'personal', labelField: 'name' } },
    is_recurring: {
      label: 'Recurrente (todas las semanas)',
      rule: z.boolean(),
      widget: 'boolean',
      list: { title: 'Tipo', display: 'boolean', booleanLabels: ['Recurrente', 'Fecha única'] },
    },
    day_of_week: {
      label: 'Días de la semana',
      rule: weekdays,
      widget: 'weekdays',
      help: 'Si no elige ninguno, se usa el día de hoy',
      visibleWhen: { field: 'is_recurring', equals: true },
      list: { title: 'Días', display: 'weekdays' },
    },
    specific_date: { label: 'Fecha', rule: optionalDate, widget: 'date', visibleWhen: { field: 'is_recurring', equals: false }, list: { sortable: true, display: 'date' } },
    start_time: { label: 'Hora de inicio', rule: z.preprocess(hhmm, timeOfDay('La hora de inicio no es válida')), widget: 'time', list: { title: 'Inicio', sortable: true, display: 'time' } },
    end_time: { label: 'Hora de fin', rule: z.preprocess(hhmm, timeOfDay('La hora de fin no es válida')), widget: 'time', list: { title: 'Fin', sortable: true, display: 'time' } },
    is_available: {
      label: 'Disponible',
      rule: z.boolean(),
      widget: 'boolean',
      list: { title: 'Estado', display: 'boolean', booleanLabels: ['Disponible', 'No disponible'] },
    },
  },
  refine: (v, ctx) => {
    if (String(v.start_time) >= String(v.end_time)) {
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'La hora de fin debe ser posterior a la de inicio' });
    }
    if (!v.is_recurring && !v.specific_date) {
      ctx.addIssue({ code: 'custom', path: ['specific_date'], message: 'Debe seleccionar una fecha' });
    }
  },
  list: {
    select: '*, personal(name)',
    columns: [
      { title: 'Personal', value: (r) => (r.personal as { name?: string } | null)?.name },
      'day_of_week',
      'specific_date',
      'start_time',
      'end_time',
      'is_recurring',
      'is_available',
    ],
  },
  defaultSort: { field: 'staff_id', order: 'asc' },
  deletion: HARD_DELETE,
  access: catalogueAccess(anyone),
  sample: ({ ref }) => ({ staff_id: ref('personal'), day_of_week: [1, 2], specific_date: null, start_time: '09:00', end_time: '14:00', is_recurring: true, is_available: true }),
  messages: {
    saveError: 'No se pudo guardar la disponibilidad',
    deleteError: 'No se pudo eliminar la disponibilidad',
    saved: 'Disponibilidad guardada',
    deleted: 'Disponibilidad eliminada',
    loadError: 'No se pudo cargar la disponibilidad.',
  },
  defaults: () => ({ day_of_week: [], start_time: DEFAULT_START, end_time: DEFAULT_END, is_recurring: true, is_available: true }),
  toForm: (r) => ({ ...r, start_time: hhmm(r.start_time), end_time: hhmm(r.end_time) }),
  beforeSave: normalizeDisponibilidad,
});
