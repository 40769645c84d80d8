import { describe, expect, it } from 'vitest';
import { privilegioInputSchema } from '../../domain/representantes';
import { isRelationActive, PERMISOS_FORMULARIO, permissionPreset, permissionsLocked } from '../../domain/representantes-rules';

const TODAY = '2026-06-15';

describe('a representative is active by its end date', () => {
  it('with no end date or an end date in the future', () => {
    expect(isRelationActive({}, TODAY)).toBe(true);
    expect(isRelationActive({ fechaFinRelacion: null }, TODAY)).toBe(true);
    expect(isRelationActive({ fechaFinRelacion: '2026-06-16' }, TODAY)).toBe(true);
  });
  it('not from its end date on', () => {
    expect(isRelationActive({ fechaFinRelacion: TODAY }, TODAY)).toBe(false);
    expect(isRelationActive({ fechaFinRelacion: '2020-01-01' }, TODAY)).toBe(false);
  });
});

describe('permission presets by privilege type', () => {
  it('REPRESENTANTE_LEGAL: the eight permissions on and locked, modificable, never permisoCrearPrivilegio', () => {
    const preset = permissionPreset('REPRESENTANTE_LEGAL');
    for (const { campo } of PERMISOS_FORMULARIO) expect(preset[campo]).toBe(true);
    expect(preset).toMatchObject({ permisoCrearPrivilegio: false, modificable: true });
    expect(permissionsLocked('REPRESENTANTE_LEGAL')).toBe(true);
  });
  it('GENERAL and others: all off, editable, modificable', () => {
    for (const tipo of ['GENERAL', undefined]) {
      const preset = permissionPreset(tipo);
      for (const { campo } of PERMISOS_FORMULARIO) expect(preset[campo]).toBe(false);
      expect(preset).toMatchObject({ permisoCrearPrivilegio: false, modificable: true });
      expect(permissionsLocked(tipo)).toBe(false);
    }
  });
  it('has the Spanish labels, eight of them', () => {
    expect(PERMISOS_FORMULARIO.map((p) => p.etiqueta)).toEqual([
      'Leer ficha reducida', 'Leer ficha completa', 'Actualizar ficha', 'Leer expedientes',
      'Actualizar expedientes', 'Crear expedientes', 'Leer actos', 'Traspasar permisos',
    ]);
  });
  it('the API schema applies the preset and drops empty values', () => {
    const p = privilegioInputSchema.parse({
      personaOtorganteId: '11111111-1111-4111-8111-111111111111',
      personaReceptoraId: '22222222-2222-4222-8222-222222222222',
      tipoPrivilegio: 'REPRESENTANTE_LEGAL',
      fechaInicioRelacion: '2026-01-01',
      fechaFinRelacion: '',
      permisoCrearPrivilegio: true,
    });
    expect(p.permisoTraspasarPermisos).toBe(true);
    expect(p.permisoCrearPrivilegio).toBe(false);
    expect(p).not.toHaveProperty('fechaFinRelacion');
  });
});
