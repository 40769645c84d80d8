import { z } from 'zod';
import { TeamOutlined } from '@ant-design/icons';
import { anyone, catalogueAccess, defineResource, HARD_DELETE, onlyLive, requiredEmail, requiredId, requiredText } from '../domain/resource';

export const CALENDAR_TYPES = ['lovable', 'google', 'office365'] as const;
export type CalendarType = (typeof CALENDAR_TYPES)[number];
export const CALENDAR_LABELS: Record<CalendarType, string> = { lovable: 'Lovable', google: 'Google Calendar', office365: 'Office 365' };

/** Staff of a notaría (table personal). Switched off with Activar/Desactivar rather than deleted. */
export const personalSchema = z.object({
  name: requiredText('El nombre es obligatorio'),
  email: requiredEmail('Formato de email inválido'),
  position: requiredText('El cargo es obligatorio'),
  notaria_id: requiredId('La notaría es obligatoria'),
  calendar_type: z.enum(CALENDAR_TYPES, { error: 'Debe seleccionar un tipo de calendario' }),
  is_active: z.boolean({ error: 'El estado debe ser activo o inactivo' }),
});

export default defineResource({
  name: 'personal',
  dataProvider: 'supabase',
  labels: { singular: 'Miembro del personal', plural: 'Personal', gender: 'm' },
  icon: TeamOutlined,
  adminTab: { order: 2 },
  schema: personalSchema,
  fields: [
    { name: 'name', label: 'Nombre', widget: 'text' },
    { name: 'email', label: 'Email', widget: 'email' },
    { name: 'position', label: 'Cargo', widget: 'text', placeholder: 'Notario, Oficial, Auxiliar...' },
    { name: 'notaria_id', label: 'Notaría', widget: 'select', relation: { resource: 'notarias', labelField: 'nombre' } },
    {
      name: 'calendar_type',
      label: 'Tipo de calendario',
      widget: 'select',
      options: CALENDAR_TYPES.map((value) => ({ value, label: CALENDAR_LABELS[value] })),
    },
    { name: 'is_active', label: 'Activo', widget: 'boolean' },
  ],
  list: {
    select: '*, notarias(nombre)',
    columns: [
      { title: 'Nombre', field: 'name', sortable: true },
      { title: 'Email', field: 'email', sortable: true },
      { title: 'Cargo', field: 'position', sortable: true },
      { title: 'Notaría', value: (r) => (r.notarias as { nombre?: string } | null)?.nombre },
      { title: 'Calendario', field: 'calendar_type', display: 'tag', tagLabels: CALENDAR_LABELS },
      { title: 'Estado', field: 'is_active', sortable: true, display: 'boolean', booleanLabels: ['Activo', 'Inactivo'] },
    ],
    searchFields: ['name', 'email', 'position'],
    searchPlaceholder: 'Buscar por nombre, email o cargo...',
  },
  defaultSort: { field: 'name', order: 'asc' },
  deletion: HARD_DELETE,
  access: catalogueAccess(onlyLive(anyone, 'is_active')),
  sample: ({ n, ref }) => ({ name: `Rosa Prueba ${n}`, email: `rosa.prueba.${n}@notaria.example`, position: 'Oficial', notaria_id: ref('notarias'), calendar_type: 'google', is_active: true }),
  messages: {
    unique: { personal_email_unico: { field: 'email', message: 'Ya hay un miembro del personal con este email.' } },
    loadError: 'No se pudo cargar el personal.',
    inUse: 'Tiene citas asignadas; desactívelo en su lugar.',
  },
  defaults: () => ({ calendar_type: 'lovable', is_active: true }),
});
