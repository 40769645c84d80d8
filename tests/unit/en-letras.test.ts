import { describe, expect, it } from 'vitest';
import { enteroEnLetras, eurosEnLetras, fechaEnLetras, numeroEnLetras } from '../../domain/en-letras';

describe('numbers in Spanish words', () => {
  it.each([
    [0, 'cero'], [1, 'uno'], [15, 'quince'], [16, 'dieciséis'], [21, 'veintiuno'], [22, 'veintidós'], [30, 'treinta'], [31, 'treinta y uno'],
    [99, 'noventa y nueve'], [100, 'cien'], [101, 'ciento uno'], [115, 'ciento quince'], [200, 'doscientos'], [555, 'quinientos cincuenta y cinco'],
    [1000, 'mil'], [1001, 'mil uno'], [1234, 'mil doscientos treinta y cuatro'], [2026, 'dos mil veintiséis'], [21000, 'veintiún mil'],
    [100000, 'cien mil'], [101000, 'ciento un mil'], [1_000_000, 'un millón'], [2_500_000, 'dos millones quinientos mil'],
    [21_000_001, 'veintiún millones uno'], [999_999_999_999, 'novecientos noventa y nueve mil novecientos noventa y nueve millones novecientos noventa y nueve mil novecientos noventa y nueve'],
  ])('%d → %s', (n, words) => expect(enteroEnLetras(n)).toBe(words));

  it('"un" before a noun', () => {
    expect(enteroEnLetras(1, { apocope: true })).toBe('un');
    expect(enteroEnLetras(21, { apocope: true })).toBe('veintiún');
    expect(enteroEnLetras(31, { apocope: true })).toBe('treinta y un');
  });

  it('refuses what it cannot say', () => {
    expect(() => enteroEnLetras(-1)).toThrow(RangeError);
    expect(() => enteroEnLetras(1.5)).toThrow(RangeError);
    expect(() => enteroEnLetras(1e12)).toThrow(RangeError);
  });

  it('decimals and negatives', () => {
    expect(numeroEnLetras(1.5)).toBe('uno coma cinco');
    expect(numeroEnLetras(-3)).toBe('menos tres');
  });
});

describe('amounts in euros, in words and figures', () => {
  it.each([
    [1, 'UN EURO (1,00 €)'],
    [1500.2, 'MIL QUINIENTOS EUROS CON VEINTE CÉNTIMOS (1.500,20 €)'],
    [120000, 'CIENTO VEINTE MIL EUROS (120.000,00 €)'],
    [1_000_000, 'UN MILLÓN DE EUROS (1.000.000,00 €)'],
    [21_000.01, 'VEINTIÚN MIL EUROS CON UN CÉNTIMO (21.000,01 €)'],
  ])('%d → %s', (n, text) => expect(eurosEnLetras(n)).toBe(text));
});

describe('dates in words', () => {
  it('as deeds write them', () => {
    expect(fechaEnLetras('2026-11-26')).toBe('veintiséis de noviembre de dos mil veintiséis');
    expect(fechaEnLetras('2027-01-01')).toBe('uno de enero de dos mil veintisiete');
    expect(fechaEnLetras('mañana')).toBe('');
  });
});
