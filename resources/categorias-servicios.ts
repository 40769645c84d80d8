import { z } from 'zod';
import { anyone, catalogueAccess, defineResource, optionalImage, requiredText, softDelete } from '../domain/resource';

const OBLIGATORIOS = 'Por favor completa todos los campos obligatorios';

/** Service categories (table categorias_servicios); soft-deleted (activo false) so the catalogue hides them. */
export const categoriaSchema = z.object({
  nombre: requiredText(OBLIGATORIOS),
  descripcion: requiredText(OBLIGATORIOS),
  imagen_url: optionalImage(),
});

export default defineResource({
  name: 'categorias_servicios',
  dataProvider: 'supabase',
  labels: { singular: 'Categoría', plural: 'Categorías de Servicios', gender: 'f' },
  adminTab: { order: 5 },
  schema: categoriaSchema,
  fields: [
    { name: 'nombre', label: 'Nombre', widget: 'text' },
    { name: 'descripcion', label: 'Descripción', widget: 'textarea' },
    { name: 'imagen_url', label: 'Imagen (opcional)', widget: 'image' },
  ],
  list: {
    columns: [
      { title: 'Imagen', field: 'imagen_url', display: 'image' },
      { title: 'Nombre', field: 'nombre', sortable: true },
      { title: 'Descripción', field: 'descripcion', display: 'preview', previewLength: 80 },
    ],
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
