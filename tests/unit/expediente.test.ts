import { describe, expect, it } from 'vitest';
import { actoCreateSchema, actoUpdateSchema, nuevoExpedienteSchema, reglasPendientesExpediente } from '../../domain/expediente';
import { grupoEstado } from '../../domain/expediente-rules';

describe('expediente estado', () => {
  it('FINALIZADO and COMPLETADO are finished, EN_TRAMITE in process, anything else pending', () => {
    expect(grupoEstado('FINALIZADO')).toBe('finalizado');
    expect(grupoEstado('COMPLETADO')).toBe('finalizado');
    expect(grupoEstado(' completado ')).toBe('finalizado');
    expect(grupoEstado('EN_TRAMITE')).toBe('en_tramite');
    expect(grupoEstado('PENDIENTE')).toBe('pendiente');
    expect(grupoEstado('ARCHIVADO')).toBe('pendiente');
    expect(grupoEstado('')).toBe('pendiente');
    expect(grupoEstado(null)).toBe('pendiente');
    expect(grupoEstado(undefined)).toBe('pendiente');
  });
});

describe('new case rules', () => {
  const ok = { notariaId: 1, personaId: '6f1c1f7e-0c1e-4c1a-9a51-3f4b7d2e8a10', titulo: 'Compraventa', dueDate: '2026-12-31' };
  it('lists the message of every missing field, in the order of the form', () => {
    expect(Object.values(reglasPendientesExpediente({}))).toEqual([
      'Debe seleccionar un notario',
      'Debe seleccionar un cliente',
      'Debe introducir un título para el expediente',
      'Debe seleccionar una fecha de vencimiento',
    ]);
    expect(reglasPendientesExpediente({ ...ok, titulo: '   ' })).toEqual({ titulo: 'Debe introducir un título para el expediente' });
    expect(reglasPendientesExpediente(ok)).toEqual({});
  });
  it('trims the title and keeps the day of the due date', () => {
    const v = nuevoExpedienteSchema.parse({ ...ok, titulo: '  Herencia ', dueDate: '2026-03-01T00:00:00+01:00' });
    expect(v).toMatchObject({ titulo: 'Herencia', dueDate: '2026-03-01', links: [] });
    expect(nuevoExpedienteSchema.safeParse({ ...ok, dueDate: '2026-13-01' }).success).toBe(false);
  });
});

describe('acto bodies', () => {
  it('a new act is BORRADOR with empty data, its id empty or temp-', () => {
    const base = { expedienteId: '6f1c1f7e-0c1e-4c1a-9a51-3f4b7d2e8a10', titulo: 'Poder' };
    expect(actoCreateSchema.parse(base)).toMatchObject({ status: 'BORRADOR', datosFormulario: {} });
    expect(actoCreateSchema.safeParse({ ...base, id: 'temp-abc' }).success).toBe(true);
    expect(actoCreateSchema.safeParse({ ...base, id: '6f1c1f7e-0c1e-4c1a-9a51-3f4b7d2e8a10' }).success).toBe(false);
  });
  it('an update changes only what it names (no default status)', () => {
    expect(actoUpdateSchema.parse({ titulo: 'Nuevo' })).toEqual({ titulo: 'Nuevo' });
    expect(actoUpdateSchema.safeParse({ status: 'FIRMADO' }).success).toBe(false);
    expect(actoUpdateSchema.safeParse({ url_acto: 'javascript:alert(1)' }).success).toBe(false);
    expect(actoUpdateSchema.safeParse({ url_acto: '//evil.example/x' }).success).toBe(false);
    expect(actoUpdateSchema.safeParse({ url_acto: '/formulario.html' }).success).toBe(true);
  });
});
