import { z } from 'zod';
import { anyone, catalogueAccess, HARD_DELETE, onlyLive } from '../domain/resource';
import { optionalPositiveInt, requiredId, requiredText } from '../domain/schema-blocks';
import { defineCatalogue } from '../domain/columns';

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
export default defineCatalogue({
  name: 'plantillas_escrituras',
  dataProvider: 'supabase',
  labels: { singular: 'Plantilla', plural: 'Plantillas de Documentos', gender: 'f' },
  adminTab: { order: 7 },
  columns: {
    nombre: { label: 'Nombre', rule: requiredText(REQUERIDOS), widget: 'text', list: { sortable: true } },
    notaria_id: { label: 'Notaría', rule: requiredId(REQUERIDOS), widget: 'select', relation: { resource: 'notarias', labelField: 'nombre' } },
    acto_id: {
      label: 'Acto',
      rule: z.preprocess(
        (v) => (v === TODOS_LOS_ACTOS || v === 0 || v === '' || v === undefined ? null : v),
        z.coerce.number({ error: 'El acto no es válido' }).int().positive('El acto no es válido').nullable(),
      ),
      widget: 'select',
      relation: {
        resource: 'actos_servicios',
        labelField: 'nombre',
        where: { field: 'activo', value: true },
        extraOption: { value: TODOS_LOS_ACTOS, label: 'Todos los actos' },
      },
    },
    plantilla: {
      label: 'Plantilla',
      rule: requiredText(REQUERIDOS),
      widget: 'template',
      // the view of supabase/migrations/20261126140000_marcadores_plantillas.sql: what the act's form offers
      placeholders: { resource: 'marcadores_plantilla', byField: 'acto_id' },
      list: { title: 'Vista previa', display: 'preview', previewLength: PREVIEW_LENGTH },
    },
    definicionactoid: {
      label: 'Id de la definición del acto (opcional)',
      rule: optionalPositiveInt('El identificador de la definición debe ser un número entero positivo'),
      widget: 'number',
    },
    activo: { label: 'Activa', rule: z.boolean(), widget: 'boolean', list: { title: 'Estado', display: 'boolean', booleanLabels: ['Activa', 'Inactiva'] } },
    // not edited here: the table's default (1)
    version: { label: 'Versión', list: { sortable: true } },
  },
  list: {
    select: '*, notarias(nombre), actos_servicios(nombre, categorias_servicios(nombre))',
    columns: [
      'nombre',
      'plantilla',
      { title: 'Servicio', value: (r) => templateNames(r).serviceName },
      { title: 'Categoría', value: (r) => templateNames(r).categoryName },
      { title: 'Notaría', value: (r) => (r.notarias as { nombre?: string } | null)?.nombre },
      'version',
      'activo',
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
