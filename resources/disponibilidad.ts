import { z } from 'zod';
import { anyone, catalogueAccess, defineResource, HARD_DELETE, hhmm, requiredId, timeOfDay } from '../domain/resource';

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

/** Availability rules of a staff member (table disponibilidad): weekly or for one date, available or not. */
export const disponibilidadSchema = z
  .object({
    staff_id: requiredId('Debe seleccionar un miembro del personal'),
    day_of_week: weekdays,
    start_time: z.preprocess(hhmm, timeOfDay('La hora de inicio no es válida')),
    end_time: z.preprocess(hhmm, timeOfDay('La hora de fin no es válida')),
    is_recurring: z.boolean(),
    is_available: z.boolean(),
    specific_date: optionalDate,
  })
  .superRefine((v, ctx) => {
    if (v.start_time >= v.end_time) {
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'La hora de fin debe ser posterior a la de inicio' });
    }
    if (!v.is_recurring && !v.specific_date) {
      ctx.addIssue({ code: 'custom', path: ['specific_date'], message: 'Debe seleccionar una fecha' });
    }
  });

/** A single-date rule holds for that date's weekday; a weekly rule has no date. */
export function normalizeDisponibilidad(values: Record<string, unknown>): Record<string, unknown> {
  if (values.is_recurring) return { ...values, specific_date: null };
  const date = String(values.specific_date);
  return { ...values, day_of_week: [new Date(`${date}T12:00:00`).getDay()] };
}

export default defineResource({
  name: 'disponibilidad',
  dataProvider: 'supabase',
  labels: { singular: 'Regla de disponibilidad', plural: 'Disponibilidad', gender: 'f' },
  adminTab: { order: 3 },
  schema: disponibilidadSchema,
  fields: [
    { name: 'staff_id', label: 'Personal', widget: 'select', relation: { resource: 'personal', labelField: 'name' } },
    { name: 'is_recurring', label: 'Recurrente (todas las semanas)', widget: 'boolean' },
    {
      name: 'day_of_week',
      label: 'Días de la semana',
      widget: 'weekdays',
      help: 'Si no elige ninguno, se usa el día de hoy',
      visibleWhen: { field: 'is_recurring', equals: true },
    },
    { name: 'specific_date', label: 'Fecha', widget: 'date', visibleWhen: { field: 'is_recurring', equals: false } },
    { name: 'start_time', label: 'Hora de inicio', widget: 'time' },
    { name: 'end_time', label: 'Hora de fin', widget: 'time' },
    { name: 'is_available', label: 'Disponible', widget: 'boolean' },
  ],
  list: {
    select: '*, personal(name)',
    columns: [
      { title: 'Personal', value: (r) => (r.personal as { name?: string } | null)?.name },
      { title: 'Días', field: 'day_of_week', display: 'weekdays' },
      { title: 'Fecha', field: 'specific_date', sortable: true, display: 'date' },
      { title: 'Inicio', field: 'start_time', sortable: true, display: 'time' },
      { title: 'Fin', field: 'end_time', sortable: true, display: 'time' },
      { title: 'Tipo', field: 'is_recurring', display: 'boolean', booleanLabels: ['Recurrente', 'Fecha única'] },
      { title: 'Estado', field: 'is_available', display: 'boolean', booleanLabels: ['Disponible', 'No disponible'] },
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
