import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import notarias from '../../resources/notarias';
import personal from '../../resources/personal';
import disponibilidad from '../../resources/disponibilidad';
import tiposAsunto from '../../resources/tipos-asunto';
import categorias from '../../resources/categorias-servicios';
import actos from '../../resources/actos-servicios';
import plantillas, { templateNames } from '../../resources/plantillas-escrituras';
import festivos from '../../resources/festivos';
import { adminTabs, canAccessResource, catalogueConfigs, isCatalogue, pageConfigs, refineResources, resourceConfigs } from '../../resources';
import { allows, CRUD_ACTIONS, resourceMessages } from '../../domain/resource';
import { optionalText, requiredText } from '../../domain/schema-blocks';
import { weekdaysLabel } from '../../domain/horario';
import { formFields, prepareRow } from '../../src/crud/schema-rules';

/** The message of the first problem of `field`, or undefined when the record is valid there. */
function messageOf(schema: z.ZodObject, record: Record<string, unknown>, field: string): string | undefined {
  const r = schema.safeParse(record);
  return r.success ? undefined : r.error.issues.find((i) => i.path[0] === field)?.message;
}
const parsed = (schema: z.ZodObject, record: Record<string, unknown>) => {
  const r = schema.safeParse(record);
  if (!r.success) throw new Error(r.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; '));
  return r.data as Record<string, unknown>;
};

describe('Notarías', () => {
  const valid = { nombre: 'Notaría Centro', direccion: 'Calle Mayor 1, Madrid', email: 'centro@notaria.es', telefono: '910000000', sistema_videoconferencia: 'https://meet.example.com/centro', externalidnotaria: 'NOT009', idint: 9 };

  it('accepts a complete office and stores empty optional fields as null', () => {
    expect(parsed(notarias.schema, valid)).toMatchObject({ nombre: 'Notaría Centro', idint: 9 });
    expect(parsed(notarias.schema, { ...valid, email: '', telefono: '', sistema_videoconferencia: '' })).toMatchObject({ email: null, telefono: null, sistema_videoconferencia: null });
  });

  it.each([
    ['nombre', '', 'El nombre es obligatorio'],
    ['nombre', '   ', 'El nombre es obligatorio'],
    ['direccion', undefined, 'La dirección es obligatoria'],
    ['email', 'centro@', 'Formato de email inválido'],
    ['telefono', '12345', 'El teléfono debe tener al menos 6 dígitos'],
    ['telefono', 'abcdef', 'El teléfono debe tener al menos 6 dígitos'],
    ['telefono', '912345678 ext. 4', 'El teléfono solo puede tener números, espacios, +, paréntesis, guiones o puntos, y hasta 15 dígitos'],
    ['telefono', '1234567890123456', 'El teléfono solo puede tener números, espacios, +, paréntesis, guiones o puntos, y hasta 15 dígitos'],
    ['sistema_videoconferencia', 'meet.example.com', 'La URL del sistema de videoconferencia no es válida'],
    ['sistema_videoconferencia', 'javascript:alert(1)', 'La URL del sistema de videoconferencia no es válida'],
    ['externalidnotaria', '', 'El identificador externo es obligatorio'],
    ['idint', null, 'El número interno es obligatorio'],
    ['idint', -2, 'El número interno debe ser un número entero positivo'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(messageOf(notarias.schema, { ...valid, [field]: value }, field)).toBe(message);
  });
});

describe('Personal', () => {
  const valid = { name: 'Lucía Pérez', email: 'lucia@notaria.es', position: 'Notaria', notaria_id: 1, calendar_type: 'google', is_active: true };

  it('accepts a staff member; a new one defaults to the lovable calendar and active', () => {
    expect(parsed(personal.schema, valid)).toMatchObject(valid);
    expect(personal.defaults?.()).toEqual({ calendar_type: 'lovable', is_active: true });
  });

  it.each([
    ['name', '', 'El nombre es obligatorio'],
    ['email', '', 'El email es obligatorio'],
    ['email', 'lucia', 'Formato de email inválido'],
    ['position', ' ', 'El cargo es obligatorio'],
    ['notaria_id', undefined, 'La notaría es obligatoria'],
    ['calendar_type', 'outlook', 'Debe seleccionar un tipo de calendario'],
    ['calendar_type', undefined, 'Debe seleccionar un tipo de calendario'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(messageOf(personal.schema, { ...valid, [field]: value }, field)).toBe(message);
  });

  it('isActive must be a boolean', () => {
    expect(messageOf(personal.schema, { ...valid, is_active: 'sí' }, 'is_active')).toBeDefined();
  });
});

describe('Disponibilidad', () => {
  afterEach(() => vi.useRealTimers());
  const valid = { staff_id: 2, day_of_week: [1, 3], start_time: '09:00', end_time: '14:00', is_recurring: true, is_available: true, specific_date: null };

  it('defaults to 09:00-14:00, recurring and available', () => {
    expect(disponibilidad.defaults?.()).toMatchObject({ start_time: '09:00', end_time: '14:00', is_recurring: true, is_available: true });
  });

  it('uses the current weekday when no day is chosen', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-04T10:00:00')); // a Wednesday
    expect(parsed(disponibilidad.schema, { ...valid, day_of_week: [] }).day_of_week).toEqual([3]);
    expect(parsed(disponibilidad.schema, { ...valid, day_of_week: undefined }).day_of_week).toEqual([3]);
  });

  it('labels Monday to Friday as "Lunes a Viernes", other choices by name', () => {
    expect(weekdaysLabel([5, 4, 3, 2, 1])).toBe('Lunes a Viernes');
    expect(weekdaysLabel([1, 3])).toBe('Lunes, Miércoles');
    expect(weekdaysLabel([0, 6])).toBe('Domingo, Sábado');
  });

  it('accepts stored times with seconds and shows them as HH:mm in the form', () => {
    expect(parsed(disponibilidad.schema, { ...valid, start_time: '09:00:00', end_time: '14:00:00' })).toMatchObject({ start_time: '09:00', end_time: '14:00' });
    expect(disponibilidad.toForm?.({ start_time: '10:30:00', end_time: '12:00:00' })).toMatchObject({ start_time: '10:30', end_time: '12:00' });
  });

  it('refuses an end before the start, a missing staff member and a single-date rule without date', () => {
    expect(messageOf(disponibilidad.schema, { ...valid, start_time: '14:00', end_time: '09:00' }, 'end_time')).toBe('La hora de fin debe ser posterior a la de inicio');
    expect(messageOf(disponibilidad.schema, { ...valid, staff_id: null }, 'staff_id')).toBe('Debe seleccionar un miembro del personal');
    expect(messageOf(disponibilidad.schema, { ...valid, is_recurring: false, specific_date: null }, 'specific_date')).toBe('Debe seleccionar una fecha');
    expect(messageOf(disponibilidad.schema, { ...valid, start_time: '25:00' }, 'start_time')).toBe('La hora de inicio no es válida');
  });

  it('a single-date rule holds on that date only; a weekly rule has no date', () => {
    const single = disponibilidad.beforeSave!(parsed(disponibilidad.schema, { ...valid, is_recurring: false, specific_date: '2026-03-06' }));
    expect(single).toMatchObject({ specific_date: '2026-03-06', day_of_week: [5] });
    const weekly = disponibilidad.beforeSave!(parsed(disponibilidad.schema, { ...valid, specific_date: '2026-03-06' }));
    expect(weekly).toMatchObject({ specific_date: null, day_of_week: [1, 3] });
  });
});

describe('Tipos de asunto', () => {
  it('requires a name; a duplicate reads "Ya existe un tipo de asunto con este nombre."', () => {
    expect(parsed(tiposAsunto.schema, { name: ' Firma ' })).toEqual({ name: 'Firma' });
    expect(messageOf(tiposAsunto.schema, { name: '' }, 'name')).toBe('El nombre es obligatorio');
    expect(resourceMessages(tiposAsunto).unique).toEqual({ tipos_asunto_name: { field: 'name', message: 'Ya existe un tipo de asunto con este nombre.' } });
  });
});

describe('Categorías de servicios', () => {
  it('requires name and description; the image is optional and must be an image', () => {
    expect(parsed(categorias.schema, { nombre: 'Poderes', descripcion: 'Apoderamientos', imagen_url: '' })).toMatchObject({ imagen_url: null });
    expect(parsed(categorias.schema, { nombre: 'Poderes', descripcion: 'x', imagen_url: 'data:image/png;base64,iVBORw0KGgo=' }).imagen_url).toMatch(/^data:image\/png/);
    expect(messageOf(categorias.schema, { nombre: '', descripcion: 'x' }, 'nombre')).toBe('Por favor completa todos los campos obligatorios');
    expect(messageOf(categorias.schema, { nombre: 'x', descripcion: '' }, 'descripcion')).toBe('Por favor completa todos los campos obligatorios');
    expect(messageOf(categorias.schema, { nombre: 'x', descripcion: 'y', imagen_url: 'data:text/html;base64,PGI+' }, 'imagen_url')).toBe('La imagen no es válida o supera 1 MB');
    expect(categorias.deletion).toEqual({ mode: 'soft', column: 'activo' });
  });
});

describe('Actos notariales', () => {
  const valid = { nombre: 'Poder General', categoria_id: 1, descripcion: 'Poder amplio', documentos_requeridos: ['DNI', ''], imagen_url: null, url_acto: '' };

  it('keeps the non-empty documents', () => {
    expect(parsed(actos.schema, valid)).toMatchObject({ documentos_requeridos: ['DNI'], url_acto: null });
  });

  it('needs at least one non-empty required document', () => {
    for (const docs of [[], [''], ['  '], undefined]) {
      expect(messageOf(actos.schema, { ...valid, documentos_requeridos: docs }, 'documentos_requeridos')).toBe('Por favor, agrega al menos un documento requerido');
    }
  });

  it('requires name, category and description', () => {
    for (const field of ['nombre', 'categoria_id', 'descripcion']) {
      expect(messageOf(actos.schema, { ...valid, [field]: '' }, field)).toBe('Por favor completa todos los campos obligatorios');
    }
  });

  it('a new act starts with one empty document row; soft deletion', () => {
    expect(actos.defaults?.()).toEqual({ documentos_requeridos: [''] });
    expect(actos.toForm?.({ documentos_requeridos: [] })).toEqual({ documentos_requeridos: [''] });
    expect(actos.deletion).toEqual({ mode: 'soft', column: 'activo' });
  });
});

describe('Plantillas', () => {
  const valid = { nombre: 'Poder estándar', plantilla: 'En Madrid, a ...', notaria_id: 1, acto_id: 3, definicionactoid: '', activo: true };

  it("stores the act value '0' (all acts) as null and shows null as '0'", () => {
    expect(parsed(plantillas.schema, { ...valid, acto_id: '0' })).toMatchObject({ acto_id: null, definicionactoid: null });
    expect(parsed(plantillas.schema, valid)).toMatchObject({ acto_id: 3 });
    expect(plantillas.toForm?.({ acto_id: null })).toMatchObject({ acto_id: '0' });
  });

  it('requires nombre, plantilla and notaría with their messages', () => {
    for (const field of ['nombre', 'plantilla', 'notaria_id']) {
      expect(messageOf(plantillas.schema, { ...valid, [field]: '' }, field)).toBe('Por favor completa todos los campos requeridos');
    }
  });

  it('derives serviceName and categoryName from the nested act', () => {
    expect(templateNames({ acto_id: 3, actos_servicios: { nombre: 'Poder General', categorias_servicios: { nombre: 'Poderes' } } })).toEqual({ serviceName: 'Poder General', categoryName: 'Poderes' });
    expect(templateNames({ acto_id: null, actos_servicios: null })).toEqual({ serviceName: 'Todos los actos', categoryName: 'Todas las categorías' });
  });

  it('previews 150 characters', () => {
    expect(plantillas.list.columns.find((c) => c.field === 'plantilla')?.previewLength).toBe(150);
  });
});

describe('Text building blocks of a declaration', () => {
  const schema = z.object({ nombre: requiredText('El nombre es obligatorio', 5), nota: optionalText(3) });
  it('trim, require, turn empty into null and bound the length with a Spanish message', () => {
    expect(parsed(schema, { nombre: '  Ana  ', nota: '  ' })).toEqual({ nombre: 'Ana', nota: null });
    expect(messageOf(schema, { nombre: '   ', nota: null }, 'nombre')).toBe('El nombre es obligatorio');
    expect(messageOf(schema, { nombre: 'Ana María', nota: null }, 'nombre')).toBe('Admite hasta 5 caracteres');
    expect(messageOf(schema, { nombre: 'Ana', nota: 'abcd' }, 'nota')).toBe('Admite hasta 3 caracteres');
    // without a bound, as before
    expect(parsed(z.object({ t: requiredText('x'), o: optionalText() }), { t: 'a'.repeat(5000), o: 'b'.repeat(5000) }).t).toHaveLength(5000);
  });
});

describe('Festivos (the example resource)', () => {
  it('validates notaría, date and name', () => {
    expect(parsed(festivos.schema, { notaria_id: '2', fecha: '2026-05-15', nombre: 'San Isidro' })).toEqual({ notaria_id: 2, fecha: '2026-05-15', nombre: 'San Isidro' });
    expect(messageOf(festivos.schema, { notaria_id: 2, fecha: '', nombre: 'x' }, 'fecha')).toBe('La fecha es obligatoria');
    expect(messageOf(festivos.schema, { notaria_id: 2, fecha: '2026-02-30', nombre: 'x' }, 'fecha')).toBe('La fecha es obligatoria');
  });
});

describe('The registry', () => {
  it('gives /admin/notarias its tabs in their declared order, the seven of the administration page among them', () => {
    const declared = catalogueConfigs().filter((c) => c.adminTab).sort((a, b) => a.adminTab!.order - b.adminTab!.order);
    expect(adminTabs).toEqual(declared);
    // the administration page's seven, in this order; a catalogue declared later may add its own
    const seven = ['Notarías', 'Personal', 'Disponibilidad', 'Tipos de Asunto', 'Categorías de Servicios', 'Actos Notariales', 'Plantillas de Documentos'];
    expect(adminTabs.map((t) => t.labels.plural).filter((label) => seven.includes(label))).toEqual(seven);
  });

  it('carries the save, delete and load messages, derived from the labels or declared', () => {
    const msg = (name: string) => resourceMessages(resourceConfigs.find((r) => r.name === name)!);
    expect(msg('notarias')).toMatchObject({ saveError: 'No se pudo guardar la notaría', deleteError: 'No se pudo eliminar la notaría', saved: 'Notaría guardada', loadError: 'No se pudieron cargar las notarías.' });
    expect(msg('categorias_servicios')).toMatchObject({ saveError: 'No se pudo guardar la categoría', deleteError: 'No se pudo eliminar la categoría', restored: 'Categoría restaurada' });
    expect(msg('actos_servicios')).toMatchObject({ saveError: 'No se pudo guardar el acto', deleteError: 'No se pudo eliminar el acto' });
    expect(msg('plantillas_escrituras')).toMatchObject({ saveError: 'No se pudo guardar la plantilla', deleteError: 'No se pudo eliminar la plantilla' });
    expect(msg('festivos')).toMatchObject({ saved: 'Festivo guardado', loadError: 'No se pudieron cargar los festivos.' });
  });

  it('lets a declaration override a derived message and a translation override the templates', () => {
    const labels = { singular: 'Idioma', plural: 'Idiomas', gender: 'm' as const };
    expect(resourceMessages({ labels }).deleted).toBe('Idioma eliminado');
    expect(resourceMessages({ labels, messages: { deleted: 'Idioma retirado' } }).deleted).toBe('Idioma retirado');
    expect(resourceMessages({ labels }, (key, params) => (key === 'resources.saved.m' ? `Guardado: ${String(params?.singular)}` : key)).saved).toBe('Guardado: idioma');
  });

  it('registers every declaration with Refine, in menu order; catalogues on the supabase provider, none in the menu', () => {
    expect(refineResources.map((r) => r.name).sort()).toEqual([...resourceConfigs.map((r) => r.name), ...pageConfigs.map((p) => p.name)].sort());
    // one name, one declaration: a page and a resource of the same name would hide the resource's paths
    expect(new Set(refineResources.map((r) => r.name)).size).toBe(refineResources.length);
    // the office's work is on the services API: its list and its case page
    expect(refineResources.find((r) => r.name === 'despacho-expedientes')).toMatchObject({ list: '/despacho', show: '/despacho/expedientes/:id', meta: { label: 'Despacho', dataProviderName: 'default', hide: false } });
    for (const config of catalogueConfigs()) {
      const r = refineResources.find((x) => x.name === config.name)!;
      expect(r.meta?.dataProviderName).toBe('supabase');
      expect(r.meta?.hide).toBe(!config.menu || config.menu.hide === true);
    }
    expect(refineResources.find((r) => r.name === 'festivos')).toMatchObject({ list: '/admin/recursos/festivos', meta: { hide: true } });
  });

  it('answers the access control from the declarations: admins change catalogues, others read what they may', () => {
    for (const action of ['create', 'edit', 'delete']) {
      expect(canAccessResource('notarias', action, 'admin')).toBe(true);
      expect(canAccessResource('notarias', action, 'client')).toBe(false);
      expect(canAccessResource('notarias', action, 'staff')).toBe(false);
      expect(canAccessResource('notarias', action, null)).toBe(false);
    }
    expect(canAccessResource('tipos_asunto', 'list', 'client')).toBe(true);
    expect(canAccessResource('tipos_asunto', 'list', 'anon')).toBe(false);
    expect(canAccessResource('festivos', 'list', 'client')).toBe(true);
    expect(canAccessResource('admin', 'list', 'admin')).toBe(true);
    expect(canAccessResource('admin', 'list', 'staff')).toBe(false);
    expect(canAccessResource('admin', 'list', 'client')).toBe(false);
    expect(canAccessResource('citas', 'list', 'client')).toBe(true);
    expect(canAccessResource('desconocido', 'list', 'client')).toBeUndefined();
  });
});

describe('Every declaration, as the registry holds it', () => {
  it.each(catalogueConfigs().map((c) => [c.name, c] as const))('%s: its sample passes its own schema', (_name, config) => {
    expect(config.sample, `${config.name} declares a sample`).toBeTypeOf('function');
    const prepared = prepareRow(config, config.sample!({ n: 1, ref: () => 1 }));
    expect(prepared.ok ? [] : prepared.errors).toEqual([]);
  });

  it.each(resourceConfigs.flatMap((c) => (c.dataProvider === 'servicios' && c.crud ? [[c.name, c] as const] : [])))('%s (services API): its sample passes its own schema', (_name, config) => {
    expect(config.sample, `${config.name} declares a sample`).toBeTypeOf('function');
    const r = config.schema!.safeParse(config.sample!({ n: 1, ref: () => 1 }));
    expect(r.success ? [] : r.error.issues).toEqual([]);
  });

  it.each(resourceConfigs.map((c) => [c.name, c] as const))('%s: a soft delete is an edit: the same rule, and the form never shows the deletion column', (_name, config) => {
    if (config.deletion.mode !== 'soft') return;
    expect(config.access.delete).toEqual(config.access.edit);
    if (isCatalogue(config)) {
      const column = config.deletion.column;
      expect(formFields({ ...config, fields: [...config.fields, { name: column, label: 'Activo', widget: 'boolean' }] }).map((f) => f.name)).not.toContain(column);
      // a stale value of the column in the form's values is not saved either
      const prepared = prepareRow(config, { ...config.sample!({ n: 1, ref: () => 1 }), [column]: false });
      expect(prepared.ok && column in prepared.row).toBe(false);
    }
  });

  it.each(resourceConfigs.map((c) => [c.name, c] as const))('%s: delete is refused to all when nothing is deleted', (_name, config) => {
    if (config.deletion.mode !== 'none') return;
    for (const role of ['anon', 'client', 'staff', 'admin'] as const) expect(allows(config, 'delete', role)).toBe(false);
  });

  it('every action of every declaration has a rule', () => {
    for (const config of resourceConfigs) for (const action of CRUD_ACTIONS) expect(config.access[action]?.name, `${config.name}.${action}`).toBeTypeOf('string');
  });
});
