import { z } from 'zod';
import { catalogueAccess, staffOfNotaria, HARD_DELETE, onlyLive } from '../domain/resource';
import { optionalText, requiredEmail, requiredId, requiredText } from '../domain/schema-blocks';
import { defineCatalogue } from '../domain/columns';
import { TIPOS_DOCUMENTO, normalizeIdentifier, validateIdentifier } from '../domain/identifiers';
import { tratamiento } from '../domain/tratamientos';

export const CALENDAR_TYPES = ['lovable', 'google', 'office365'] as const;
export type CalendarType = (typeof CALENDAR_TYPES)[number];
export const CALENDAR_LABELS: Record<CalendarType, string> = { lovable: 'Lovable', google: 'Google Calendar', office365: 'Office 365' };

export const MENSAJES_DOCUMENTO_PERSONAL = {
  tipoSinNumero: 'Indique el número del documento',
  numeroSinTipo: 'Seleccione el tipo de documento',
  pasaporte: 'El pasaporte debe tener entre 3 y 20 letras o números',
} as const;

const tipoDocumento = z.preprocess((v) => (v === '' || v === undefined ? null : v), z.enum(TIPOS_DOCUMENTO, { error: 'Tipo de documento no válido' }).nullable());
const numeroDocumento = z.preprocess((v) => (typeof v === 'string' ? normalizeIdentifier(v) : v), optionalText());

/**
 * Staff of a notaría (table personal). Switched off with Activar/Desactivar rather than deleted.
 * The identity document (type and number, both or neither) is what the staff member signs in
 * with: an account with that document is staff of this row's notaría while the row is active.
 * NIF and NIE are checked by their control letter, as everywhere in the portal.
 */
export default defineCatalogue({
  name: 'personal',
  dataProvider: 'supabase',
  labels: { singular: 'Miembro del personal', plural: 'Personal', gender: 'm' },
  tratamiento: tratamiento({
    actividad: 'Personal de las notarías',
    finalidad: 'Organizar la agenda y el acceso del personal al despacho',
    baseJuridica: 'Relación laboral o profesional (RGPD art. 6.1.b)',
    categorias: 'Empleados: nombre, email, cargo, documento de identidad, calendario',
    destinatarios: 'Administradores del portal; los clientes ven el nombre de quien les atiende',
    conservacion: 'Mientras dure la relación',
  }),
  adminTab: { order: 2 },
  columns: {
    name: { label: 'Nombre', rule: requiredText('El nombre es obligatorio'), widget: 'text', list: { sortable: true } },
    email: { label: 'Email', rule: requiredEmail('Formato de email inválido'), widget: 'email', list: { sortable: true } },
    position: { label: 'Cargo', rule: requiredText('El cargo es obligatorio'), widget: 'text', placeholder: 'Notario, Oficial, Auxiliar...', list: { sortable: true } },
    notaria_id: { label: 'Notaría', rule: requiredId('La notaría es obligatoria'), widget: 'select', relation: { resource: 'notarias', labelField: 'nombre' } },
    calendar_type: {
      label: 'Tipo de calendario',
      rule: z.enum(CALENDAR_TYPES, { error: 'Debe seleccionar un tipo de calendario' }),
      widget: 'select',
      options: CALENDAR_TYPES.map((value) => ({ value, label: CALENDAR_LABELS[value] })),
      list: { title: 'Calendario', display: 'tag', tagLabels: CALENDAR_LABELS },
    },
    tipo_documento: {
      label: 'Tipo de documento',
      rule: tipoDocumento.optional(),
      widget: 'select',
      options: TIPOS_DOCUMENTO.map((value) => ({ value, label: value })),
      help: 'Con este documento el miembro del personal accede al portal como personal de la notaría',
    },
    numero_documento: { label: 'Número de documento', rule: numeroDocumento.optional(), widget: 'text', placeholder: '12345678Z' },
    is_active: {
      label: 'Activo',
      rule: z.boolean({ error: 'El estado debe ser activo o inactivo' }),
      widget: 'boolean',
      list: { title: 'Estado', sortable: true, display: 'boolean', booleanLabels: ['Activo', 'Inactivo'] },
    },
  },
  refine: (v, ctx) => {
    const tipo = (v.tipo_documento ?? null) as (typeof TIPOS_DOCUMENTO)[number] | null;
    const numero = (v.numero_documento ?? null) as string | null;
    if (tipo && !numero) ctx.addIssue({ code: 'custom', path: ['numero_documento'], message: MENSAJES_DOCUMENTO_PERSONAL.tipoSinNumero });
    if (!tipo && numero) ctx.addIssue({ code: 'custom', path: ['tipo_documento'], message: MENSAJES_DOCUMENTO_PERSONAL.numeroSinTipo });
    if (!tipo || !numero) return;
    if (tipo === 'PASAPORTE') {
      if (!/^[A-Z0-9]{3,20}$/.test(numero)) ctx.addIssue({ code: 'custom', path: ['numero_documento'], message: MENSAJES_DOCUMENTO_PERSONAL.pasaporte });
      return;
    }
    const error = validateIdentifier('FISICA', tipo, numero);
    if (error) ctx.addIssue({ code: 'custom', path: ['numero_documento'], message: error });
  },
  list: {
    select: '*, notarias(nombre)',
    columns: [
      'name',
      'email',
      'position',
      { title: 'Documento', value: (r) => (r.numero_documento ? `${String(r.tipo_documento)} ${String(r.numero_documento)}` : '—') },
      { title: 'Notaría', value: (r) => (r.notarias as { nombre?: string } | null)?.nombre },
      'calendar_type',
      'is_active',
    ],
    searchFields: ['name', 'email', 'position'],
    searchPlaceholder: 'Buscar por nombre, email o cargo...',
  },
  defaultSort: { field: 'name', order: 'asc' },
  deletion: HARD_DELETE,
  // not public: e-mails and documents are for admins and the row's notaría; booking reads
  // public.personal_directorio (name, position, notaría), 20261126100000_directorio_personal.sql
  access: catalogueAccess(onlyLive(staffOfNotaria(), 'is_active')),
  sample: ({ n, ref }) => ({ name: `Rosa Prueba ${n}`, email: `rosa.prueba.${n}@notaria.example`, position: 'Oficial', notaria_id: ref('notarias'), calendar_type: 'google', is_active: true }),
  messages: {
    unique: { personal_email_unico: { field: 'email', message: 'Ya hay un miembro del personal con este email.' } },
    loadError: 'No se pudo cargar el personal.',
    inUse: 'Tiene citas asignadas; desactívelo en su lugar.',
  },
  defaults: () => ({ calendar_type: 'lovable', is_active: true }),
});
