import { describe, expect, it } from 'vitest';
import disponibilidad from '../../resources/disponibilidad';
import tiposAsunto from '../../resources/tipos-asunto';
import plantillas from '../../resources/plantillas-escrituras';
import { errorDescription, isRequired, prepareRow, uniqueViolation } from '../../src/crud/schema-rules';
import notarias from '../../resources/notarias';
import { preview } from '../../src/crud/cells';
import { resourceMessages } from '../../domain/resource';

describe('prepareRow: form values → stored row', () => {
  it('validates the whole record, returning each field\'s first message', () => {
    const r = prepareRow(plantillas, {});
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors).toEqual(
        expect.arrayContaining([
          { name: 'nombre', errors: ['Por favor completa todos los campos requeridos'] },
          { name: 'plantilla', errors: ['Por favor completa todos los campos requeridos'] },
          { name: 'notaria_id', errors: ['Por favor completa todos los campos requeridos'] },
        ]),
      );
    }
  });

  it('drops keys that are not in the schema (e.g. nested rows of the list) and applies beforeSave', () => {
    const r = prepareRow(disponibilidad, {
      id: 4, personal: { name: 'x' }, staff_id: 1, day_of_week: [1, 2, 3, 4, 5], start_time: '09:00', end_time: '14:00',
      is_recurring: true, is_available: false, specific_date: '2026-01-01',
    });
    expect(r).toEqual({ ok: true, row: { staff_id: 1, day_of_week: [1, 2, 3, 4, 5], start_time: '09:00', end_time: '14:00', is_recurring: true, is_available: false, specific_date: null } });
  });

  it('a hidden field (visibleWhen) is saved as null, so a weekly rule never keeps a date', () => {
    const r = prepareRow(disponibilidad, { staff_id: 1, day_of_week: [2], start_time: '10:00', end_time: '11:00', is_recurring: false, is_available: true, specific_date: '2026-03-02' });
    expect(r).toMatchObject({ ok: true, row: { specific_date: '2026-03-02', day_of_week: [1] } });
  });
});

describe('form helpers', () => {
  it('marks required fields from the schema', () => {
    expect(isRequired(plantillas, 'nombre')).toBe(true);
    expect(isRequired(plantillas, 'definicionactoid')).toBe(false);
  });

  it('explains database refusals by code (a string: @refinedev/supabase makes statusCode NaN)', () => {
    expect(errorDescription(resourceMessages(tiposAsunto), { code: '23505', message: 'duplicate key', statusCode: 23505 })).toBe('Ya existe un tipo de asunto con este nombre.');
    expect(errorDescription(resourceMessages(tiposAsunto), { code: '42501', message: 'new row violates row-level security policy', statusCode: 42501 })).toBe('No tiene permiso para realizar esta acción');
    expect(errorDescription(resourceMessages(tiposAsunto), { code: 'PGRST116', message: 'Algo falló', statusCode: NaN })).toBe('Algo falló');
    expect(errorDescription(resourceMessages(tiposAsunto), new TypeError(''))).toBe('Error de conexión');
  });

  it('puts a duplicate under the field whose unique constraint broke, by constraint name or by the key the details name', () => {
    const messages = resourceMessages(notarias);
    const idint = { code: '23505', message: 'duplicate key value violates unique constraint "notarias_idint_key"', details: 'Key (idint)=(7) already exists.' };
    const code = { code: '23505', message: 'duplicate key value violates unique constraint "notarias_externalidnotaria_key"' };
    expect(uniqueViolation(messages, idint)?.field).toBe('idint');
    expect(uniqueViolation(messages, code)).toEqual({ field: 'externalidnotaria', message: 'Ya existe una notaría con este identificador externo.' });
    expect(uniqueViolation(messages, { code: '23505', message: 'duplicate', details: 'Key (idint)=(7) already exists.' })?.field).toBe('idint');
    expect(errorDescription(messages, idint)).toBe('Ya existe una notaría con este número interno.');
    expect(uniqueViolation(messages, { code: '42501', message: 'constraint "notarias_idint_key"' })).toBeUndefined();
  });

  it('cuts previews with an ellipsis only when longer', () => {
    expect(preview('a'.repeat(150), 150)).toBe('a'.repeat(150));
    expect(preview('a'.repeat(151), 150)).toBe(`${'a'.repeat(150)}...`);
  });
});
