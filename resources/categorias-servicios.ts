import { anyone, catalogueAccess, softDelete } from '../domain/resource';
import { optionalImage, requiredText } from '../domain/schema-blocks';
import { defineCatalogue } from '../domain/columns';

const OBLIGATORIOS = 'Por favor completa todos los campos obligatorios';

/** Service categories (table categorias_servicios); soft-deleted (activo false) so the catalogue hides them. */
export default defineCatalogue({
  name: 'categorias_servicios',
  dataProvider: 'supabase',
  labels: { singular: 'Categoría', plural: 'Categorías de Servicios', gender: 'f' },
  adminTab: { order: 5 },
  columns: {
    nombre: { label: 'Nombre', rule: requiredText(OBLIGATORIOS), widget: 'text', list: { sortable: true } },
    descripcion: { label: 'Descripción', rule: requiredText(OBLIGATORIOS), widget: 'textarea', list: { display: 'preview', previewLength: 80 } },
    imagen_url: { label: 'Imagen (opcional)', rule: optionalImage(), widget: 'image', list: { title: 'Imagen', display: 'image' } },
  },
  list: {
    columns: ['imagen_url', 'nombre', 'descripcion'],
    searchFields: ['nombre', 'descripcion'],
    searchPlaceholder: 'Buscar por nombre o descripción...',
  },
  defaultSort: { field: 'nombre', order: 'asc' },
  deletion: softDelete('activo'),
  access: catalogueAccess(anyone),
  sample: ({ n }) => ({ nombre: `Categoría de prueba ${n}`, descripcion: 'Una categoría de prueba', imagen_url: '' }),
  messages: {
    loadError: 'No se pudieron cargar las categorías.',
  },
});
