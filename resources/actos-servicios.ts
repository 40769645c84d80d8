import { z } from 'zod';
import { anyone, catalogueAccess, softDelete } from '../domain/resource';
import { optionalImage, requiredId, requiredText } from '../domain/schema-blocks';
import { defineCatalogue } from '../domain/columns';

const OBLIGATORIOS = 'Por favor completa todos los campos obligatorios';
export const MENSAJE_DOCUMENTOS = 'Por favor, agrega al menos un documento requerido';

/** Required documents: text rows; blank rows are dropped and at least one must remain. */
const documentos = z.preprocess(
  (v) => (Array.isArray(v) ? v.map((d) => (typeof d === 'string' ? d.trim() : d)).filter((d) => d !== '' && d != null) : v),
  z.array(z.string(), { error: MENSAJE_DOCUMENTOS }).min(1, MENSAJE_DOCUMENTOS),
);

/**
 * An act's form address: a path of the portal's own form document, with an optional query
 * ('/formulario.html?definicion=3'). Never another site, nor '//host' or '/\\host' (which browsers
 * read as another site): the portal frames it and hands it the act's data. The database holds
 * the same rule (check actos_servicios_url_acto_propia).
 */
export const URL_ACTO_PROPIA = /^\/formulario\.html(\?[A-Za-z0-9._~%!$&'()*+,;=:@/?-]*)?$/;
export const MENSAJE_URL_ACTO = 'La URL del acto debe ser el formulario del portal, p. ej. /formulario.html';

const urlActo = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || null : v ?? null),
  z.string({ error: MENSAJE_URL_ACTO }).max(2000, MENSAJE_URL_ACTO).regex(URL_ACTO_PROPIA, MENSAJE_URL_ACTO).nullable(),
);

/** Notarial acts of a category (table actos_servicios); soft-deleted (activo false). */
export default defineCatalogue({
  name: 'actos_servicios',
  dataProvider: 'supabase',
  labels: { singular: 'Acto notarial', plural: 'Actos Notariales', gender: 'm' },
  adminTab: { order: 6 },
  columns: {
    nombre: { label: 'Nombre', rule: requiredText(OBLIGATORIOS), widget: 'text', list: { sortable: true } },
    categoria_id: {
      label: 'Categoría',
      rule: requiredId(OBLIGATORIOS),
      widget: 'select',
      relation: { resource: 'categorias_servicios', labelField: 'nombre', where: { field: 'activo', value: true } },
    },
    descripcion: { label: 'Descripción', rule: requiredText(OBLIGATORIOS), widget: 'textarea', list: { display: 'preview', previewLength: 60 } },
    documentos_requeridos: { label: 'Documentos requeridos', rule: documentos, widget: 'textRows', addLabel: 'Agregar documento', placeholder: 'DNI del otorgante' },
    imagen_url: { label: 'Imagen (opcional)', rule: optionalImage(), widget: 'image' },
    url_acto: { label: 'URL del acto (opcional)', rule: urlActo, widget: 'text', placeholder: '/formulario.html' },
  },
  list: {
    select: '*, categorias_servicios(nombre)',
    columns: [
      'nombre',
      { title: 'Categoría', value: (r) => (r.categorias_servicios as { nombre?: string } | null)?.nombre },
      'descripcion',
      { title: 'Documentos', value: (r) => (Array.isArray(r.documentos_requeridos) ? r.documentos_requeridos.length : 0) },
    ],
    searchFields: ['nombre', 'descripcion'],
    searchPlaceholder: 'Buscar por nombre o descripción...',
  },
  defaultSort: { field: 'nombre', order: 'asc' },
  deletion: softDelete('activo'),
  access: catalogueAccess(anyone),
  sample: ({ n, ref }) => ({ nombre: `Acto de prueba ${n}`, categoria_id: ref('categorias_servicios'), descripcion: 'Un acto de prueba', documentos_requeridos: ['DNI'], imagen_url: '', url_acto: '' }),
  messages: {
    saveError: 'No se pudo guardar el acto',
    deleteError: 'No se pudo eliminar el acto',
    saved: 'Acto guardado',
    deleted: 'Acto eliminado',
    restored: 'Acto restaurado',
    loadError: 'No se pudieron cargar los actos.',
  },
  defaults: () => ({ documentos_requeridos: [''] }),
  toForm: (r) => ({
    ...r,
    documentos_requeridos: Array.isArray(r.documentos_requeridos) && r.documentos_requeridos.length ? r.documentos_requeridos : [''],
  }),
});
