import { describe, expect, it } from 'vitest';
import { displayName, dropEmpty, isInformed, nameOrFallback, personaInputSchema } from '../../domain/persona';

describe('display name of a client', () => {
  it('a natural person with nombre and primerApellido: names and surnames joined by spaces', () => {
    expect(displayName({ tipoPersona: 'FISICA', nombre: 'Ana', primerApellido: 'García', segundoApellido: 'López' })).toBe('Ana García López');
    expect(displayName({ tipoPersona: 'FISICA', nombre: 'Ana', primerApellido: 'García' })).toBe('Ana García');
  });
  it('a legal person with razonSocial: the razonSocial', () => {
    expect(displayName({ tipoPersona: 'JURIDICA', razonSocial: 'Sol S.L.', identificador: { numero: 'B12345674' } })).toBe('Sol S.L.');
  });
  it('otherwise the identifier number, else "Sin identificar"', () => {
    expect(displayName({ tipoPersona: 'FISICA', nombre: 'Ana', identificador: { numero: '12345678Z' } })).toBe('12345678Z');
    expect(displayName({ tipoPersona: 'JURIDICA', identificador: { numero: 'B12345674' } })).toBe('B12345674');
    expect(displayName({ tipoPersona: 'FISICA' })).toBe('Sin identificar');
  });
  it('the name line falls back to "Sin nombre" / "Sin razón social"', () => {
    expect(nameOrFallback({ tipoPersona: 'FISICA' })).toBe('Sin nombre');
    expect(nameOrFallback({ tipoPersona: 'JURIDICA' })).toBe('Sin razón social');
  });
});

describe('informed', () => {
  it('natural person needs nombre and primerApellido; legal person razonSocial', () => {
    expect(isInformed({ tipoPersona: 'FISICA', nombre: 'Ana', primerApellido: 'García' })).toBe(true);
    expect(isInformed({ tipoPersona: 'FISICA', nombre: 'Ana' })).toBe(false);
    expect(isInformed({ tipoPersona: 'JURIDICA', razonSocial: 'Sol S.L.' })).toBe(true);
    expect(isInformed({ tipoPersona: 'JURIDICA', nombre: 'Ana', primerApellido: 'García' })).toBe(false);
  });
});

describe('empty values are dropped', () => {
  it('removes empty strings, null and empty objects at any depth', () => {
    expect(dropEmpty({ a: '', b: ' ', c: null, d: 'x', e: { f: '' }, g: { h: 1 }, i: false })).toEqual({ d: 'x', g: { h: 1 }, i: false });
  });
});

describe('the API schema of a persona', () => {
  it('normalises the identifier and applies the default type NIF', () => {
    const p = personaInputSchema.parse({ tipoPersona: 'FISICA', identificador: { numero: ' 12345678-z ' } });
    expect(p.identificador).toEqual({ tipo: 'NIF', numero: '12345678Z' });
  });
  it('reports the identifier message by person kind on identificador.numero', () => {
    const r = personaInputSchema.safeParse({ tipoPersona: 'JURIDICA', identificador: { tipo: 'NIF', numero: '12345678Z' } });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: ['identificador', 'numero'], message: 'El CIF introducido no es válido' });
  });
});
