import { describe, expect, it } from 'vitest';
import { etiquetaOpcion, singular } from '../../src/act-form/etiquetas';

describe('what the act form shows for codes', () => {
  it('a known code reads in Spanish, an unknown UPPER_CODE in sentence case, a given label as it is', () => {
    expect(etiquetaOpcion('SOLTERO', 'SOLTERO')).toBe('Soltero/a');
    expect(etiquetaOpcion('CONYUGE', 'CONYUGE')).toBe('Cónyuge');
    expect(etiquetaOpcion('SOLIDARIA', 'SOLIDARIA')).toBe('Solidaria');
    expect(etiquetaOpcion('GANANCIALES', 'GANANCIALES')).toBe('Gananciales');
    expect(etiquetaOpcion('PODER_ESPECIAL', 'PODER_ESPECIAL')).toBe('Poder especial');
    expect(etiquetaOpcion('SOLTERO', 'Soltero (sin pareja)')).toBe('Soltero (sin pareja)');
    expect(etiquetaOpcion('otra cosa', 'otra cosa')).toBe('otra cosa');
  });

  it('a list section names one row in the singular', () => {
    expect(singular('Otorgantes')).toBe('Otorgante');
    expect(singular('Apoderados')).toBe('Apoderado');
    expect(singular('Titulares')).toBe('Titular');
    expect(singular('Vendedores')).toBe('Vendedor');
    expect(singular('Sociedades')).toBe('Sociedad');
    expect(singular('Cónyuges')).toBe('Cónyuge');
    expect(singular('Propósito')).toBe('Propósito');
  });
});
