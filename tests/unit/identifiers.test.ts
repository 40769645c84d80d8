import { describe, expect, it } from 'vitest';
import { isValidCif, isValidNie, isValidNif, looksLikeCif, validateIdentifier } from '../../domain/identifiers';

describe('NIF of a natural person', () => {
  it('accepts the control letter at number mod 23', () => {
    expect(isValidNif('12345678Z')).toBe(true);
    expect(isValidNif('00000000T')).toBe(true);
    expect(isValidNif('12345678z')).toBe(true);
  });
  it('rejects a wrong letter, a short number or letters inside', () => {
    expect(isValidNif('12345678A')).toBe(false);
    expect(isValidNif('1234567Z')).toBe(false);
    expect(isValidNif('1234A678Z')).toBe(false);
  });
});

describe('NIE', () => {
  it('maps X, Y, Z to 0, 1, 2 before the mod-23 check', () => {
    expect(isValidNie('X1234567L')).toBe(true);
    expect(isValidNie('Y1234567X')).toBe(true);
    expect(isValidNie('Z1234567R')).toBe(true);
  });
  it('rejects a wrong letter or prefix', () => {
    expect(isValidNie('X1234567A')).toBe(false);
    expect(isValidNie('A1234567L')).toBe(false);
  });
});

describe('CIF of a legal entity', () => {
  it('accepts a control digit or its letter equivalent', () => {
    expect(isValidCif('B12345674')).toBe(true); // digit control
    expect(isValidCif('Q2826000H')).toBe(true); // letter control (H = 8)
    expect(isValidCif('A58818501')).toBe(true);
  });
  it('rejects a wrong control or first letter', () => {
    expect(isValidCif('B12345675')).toBe(false);
    expect(isValidCif('I12345674')).toBe(false);
  });
});

describe('validateIdentifier by entity and document type', () => {
  it('gives the Spanish messages', () => {
    expect(validateIdentifier('FISICA', 'NIF', '12345678A')).toBe('El NIF introducido no es válido');
    expect(validateIdentifier('FISICA', 'NIE', 'X1234567A')).toBe('El NIE introducido no es válido');
    expect(validateIdentifier('JURIDICA', 'NIF', 'B12345675')).toBe('El CIF introducido no es válido');
    expect(validateIdentifier('JURIDICA', 'NIE', 'X1234567L')).toBeNull();
    expect(validateIdentifier('JURIDICA', 'PASAPORTE', 'AB123')).toBe('Tipo de documento no compatible con el tipo de entidad');
  });
  it('never checks a passport', () => {
    expect(validateIdentifier('FISICA', 'PASAPORTE', 'anything')).toBeNull();
  });
  it('tells a legal-entity NIF at registration', () => {
    expect(looksLikeCif('B12345674')).toBe(true);
    expect(looksLikeCif('12345678Z')).toBe(false);
  });
});
