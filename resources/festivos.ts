import { z } from 'zod';
import { anyone, catalogueAccess, HARD_DELETE } from '../domain/resource';
import { requiredId, requiredText } from '../domain/schema-blocks';
import { defineCatalogue } from '../domain/columns';

/**
 * The holidays of a notaría (table festivos, supabase/migrations/20260201000000_festivos.sql; its
 * RLS and checks stated from this declaration at every start). Served at /admin/recursos/festivos;
 * nothing else in the code knows about it.
 */
export default defineCatalogue({
  name: 'festivos',
  dataProvider: 'supabase',
  labels: { singular: 'Festivo', plural: 'Festivos', gender: 'm' },
  route: '/admin/recursos/festivos',
  columns: {
    notaria_id: { label: 'Notaría', rule: requiredId('La notaría es obligatoria'), widget: 'select', relation: { resource: 'notarias', labelField: 'nombre' } },
    fecha: { label: 'Fecha', rule: z.iso.date({ error: 'La fecha es obligatoria' }), widget: 'date', list: { sortable: true, display: 'date' } },
    nombre: { label: 'Nombre', rule: requiredText('El nombre es obligatorio'), widget: 'text', placeholder: 'Fiesta local', list: { sortable: true } },
  },
  list: {
    select: '*, notarias(nombre)',
    columns: ['fecha', 'nombre', { title: 'Notaría', value: (r) => (r.notarias as { nombre?: string } | null)?.nombre }],
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
