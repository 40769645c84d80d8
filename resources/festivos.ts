import { z } from 'zod';
import { anyone, catalogueAccess, defineResource, HARD_DELETE, requiredId, requiredText } from '../domain/resource';

/**
 * The holidays of a notaría (table festivos, supabase/migrations/20260201000000_festivos.sql; its
 * RLS stated from this declaration at every start). Served at /admin/recursos/festivos; nothing else in the
 * code knows about it.
 */
export const festivoSchema = z.object({
  notaria_id: requiredId('La notaría es obligatoria'),
  fecha: z.iso.date({ error: 'La fecha es obligatoria' }),
  nombre: requiredText('El nombre es obligatorio'),
});

export default defineResource({
  name: 'festivos',
  dataProvider: 'supabase',
  labels: { singular: 'Festivo', plural: 'Festivos', gender: 'm' },
  route: '/admin/recursos/festivos',
  schema: festivoSchema,
  fields: [
    { name: 'notaria_id', label: 'Notaría', widget: 'select', relation: { resource: 'notarias', labelField: 'nombre' } },
    { name: 'fecha', label: 'Fecha', widget: 'date' },
    { name: 'nombre', label: 'Nombre', widget: 'text', placeholder: 'Fiesta local' },
  ],
  list: {
    select: '*, notarias(nombre)',
    columns: [
      { title: 'Fecha', field: 'fecha', sortable: true, display: 'date' },
      { title: 'Nombre', field: 'nombre', sortable: true },
      { title: 'Notaría', value: (r) => (r.notarias as { nombre?: string } | null)?.nombre },
    ],
    searchFields: ['nombre'],
    searchPlaceholder: 'Buscar por nombre...',
  },
  defaultSort: { field: 'fecha', order: 'asc' },
  deletion: HARD_DELETE,
  access: catalogueAccess(anyone),
  sample: ({ n, ref }) => ({ notaria_id: ref('notarias'), fecha: new Date(Date.UTC(2041, 0, 1 + n)).toISOString().slice(0, 10), nombre: `Fiesta de prueba ${n}` }),
  messages: {
    unique: { festivos_notaria_id_fecha_key: { field: 'fecha', message: 'Esta notaría ya tiene un festivo en esa fecha.' } },
  },
});
