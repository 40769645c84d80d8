import { z } from 'zod';
import { anyone, catalogueAccess, defineResource, HARD_DELETE, onlyLive, optionalPositiveInt, requiredId, requiredText } from '../domain/resource';

const REQUERIDOS = 'Por favor completa todos los campos requeridos';
/** The act select's value for "every act" (stored as acto_id null). */
export const TODOS_LOS_ACTOS = '0';
export const PREVIEW_LENGTH = 150;

type Nested = { nombre?: string; categorias_servicios?: { nombre?: string } | null } | null;

/** The derived names of a template row read with its act and category. */
export function templateNames(r: Record<string, unknown>): { serviceName: string; categoryName: string } {
  const acto = r.actos_servicios as Nested;
  if (r.acto_id == null) return { serviceName: 'Todos los actos', categoryName: 'Todas las categorías' };
  return { serviceName: acto?.nombre ?? '', categoryName: acto?.categorias_servicios?.nombre ?? '' };
}

/** Deed templates (table plantillas_escrituras): per notaría, for one act or all ('0'); deleted for real. */
export const plantillaSchema = z.object({
  nombre: requiredText(REQUERIDOS),
  plantilla: requiredText(REQUERIDOS),
  notaria_id: requiredId(REQUERIDOS),
  acto_id: z.preprocess(
    (v) => (v === TODOS_LOS_ACTOS || v === 0 || v === '' || v === undefined ? null : v),
    z.coerce.number({ error: 'El acto no es válido' }).int().positive('El acto no es válido').nullable(),
  ),
  definicionactoid: optionalPositiveInt('El identificador de la definición debe ser un número entero positivo'),
  activo: z.boolean(),
});

export default defineResource({
  name: 'plantillas_escrituras',
  dataProvider: 'supabase',
  labels: { singular: 'Plantilla', plural: 'Plantillas de Documentos', gender: 'f' },
  adminTab: { order: 7 },
  schema: plantillaSchema,
  fields: [
    { name: 'nombre', label: 'Nombre', widget: 'text' },
    { name: 'notaria_id', label: 'Notaría', widget: 'select', relation: { resource: 'notarias', labelField: 'nombre' } },
    {
      name: 'acto_id',
      label: 'Acto',
      widget: 'select',
      relation: {
        resource: 'actos_servicios',
        labelField: 'nombre',
        where: { field: 'activo', value: true },
        extraOption: { value: TODOS_LOS_ACTOS, label: 'Todos los actos' },
      },
    },
    {
      name: 'plantilla',
      label: 'Plantilla',
      widget: 'template',
      // the view of supabase/migrations/20261126140000_marcadores_plantillas.sql: what the act's form offers
      placeholders: { resource: 'marcadores_plantilla', byField: 'acto_id' },
    },
    { name: 'definicionactoid', label: 'Id de la definición del acto (opcional)', widget: 'number' },
    { name: 'activo', label: 'Activa', widget: 'boolean' },
  ],
  list: {
    select: '*, notarias(nombre), actos_servicios(nombre, categorias_servicios(nombre))',
    columns: [
      { title: 'Nombre', field: 'nombre', sortable: true },
      { title: 'Vista previa', field: 'plantilla', display: 'preview', previewLength: PREVIEW_LENGTH },
      { title: 'Servicio', value: (r) => templateNames(r).serviceName },
      { title: 'Categoría', value: (r) => templateNames(r).categoryName },
      { title: 'Notaría', value: (r) => (r.notarias as { nombre?: string } | null)?.nombre },
      { title: 'Versión', field: 'version', sortable: true },
      { title: 'Estado', field: 'activo', display: 'boolean', booleanLabels: ['Activa', 'Inactiva'] },
    ],
    searchFields: ['nombre', 'plantilla'],
    searchPlaceholder: 'Buscar por nombre o texto...',
  },
  defaultSort: { field: 'nombre', order: 'asc' },
  deletion: HARD_DELETE,
  access: catalogueAccess(onlyLive(anyone, 'activo')),
  sample: ({ n, ref }) => ({ nombre: `Plantilla de prueba ${n}`, plantilla: 'En {{localidad}}, a {{fecha}}', notaria_id: ref('notarias'), acto_id: '0', definicionactoid: '', activo: true }),
  messages: {
    loadError: 'No se pudieron cargar las plantillas',
  },
  defaults: () => ({ acto_id: TODOS_LOS_ACTOS, activo: true }),
  toForm: (r) => ({ ...r, acto_id: r.acto_id == null ? TODOS_LOS_ACTOS : r.acto_id }),
});
