import { catalogueAccess, HARD_DELETE, signedIn } from '../domain/resource';
import { requiredText } from '../domain/schema-blocks';
import { defineCatalogue } from '../domain/columns';

export const MENSAJE_TIPO_ASUNTO_DUPLICADO = 'Ya existe un tipo de asunto con este nombre.';

/** Matter types of an appointment (table tipos_asunto); names unique ignoring case (unique index on lower(name)). */
export default defineCatalogue({
  name: 'tipos_asunto',
  dataProvider: 'supabase',
  labels: { singular: 'Tipo de asunto', plural: 'Tipos de Asunto', gender: 'm' },
  adminTab: { order: 4 },
  columns: {
    name: { label: 'Nombre', rule: requiredText('El nombre es obligatorio'), widget: 'text', list: { sortable: true } },
  },
  list: {
    columns: ['name'],
    searchFields: ['name'],
    searchPlaceholder: 'Buscar por nombre...',
  },
  defaultSort: { field: 'name', order: 'asc' },
  deletion: HARD_DELETE,
  access: catalogueAccess(signedIn),
  sample: ({ n }) => ({ name: `Asunto de prueba ${n}` }),
  messages: {
    unique: { tipos_asunto_name: { field: 'name', message: MENSAJE_TIPO_ASUNTO_DUPLICADO } },
  },
});
