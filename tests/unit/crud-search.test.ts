import { describe, expect, it } from 'vitest';
import { patronSinAcentos, searchFilter, searchText, textoDePatron } from '../../src/crud/search';

/** What Postgres's ~* does with the pattern, approximated by JavaScript's case-insensitive RegExp. */
const finds = (text: string, stored: string) => new RegExp(patronSinAcentos(text), 'i').test(stored);

describe('the admin lists search ignoring accents and case', () => {
  it('finds a stored text however its accents and case are typed', () => {
    expect(finds('lopez', 'Carmen López Martín')).toBe(true);
    expect(finds('LÓPEZ MARTIN', 'Carmen López Martín')).toBe(true);
    expect(finds('nunez', 'NÚÑEZ')).toBe(true);
    expect(finds('sanchez ruiz', 'Notaría Sánchez Ruiz')).toBe(true);
    expect(finds('c/ mayor', 'C/ Mayor, 3')).toBe(true);
    expect(finds('lopez', 'Carmen Lapez')).toBe(false);
  });

  it('the filter is an or= of imatch per field, quoted, and the search box reads the text back', () => {
    const [filter] = searchFilter(['nombre', 'direccion'], '  López ');
    expect(filter).toMatchObject({ key: 'buscar', operator: 'or' });
    const items = (filter as { value: { field: string; operator: string; value: string }[] }).value;
    expect(items.map((i) => [i.field, i.operator])).toEqual([['nombre', 'imatch'], ['direccion', 'imatch']]);
    expect(items[0].value).toMatch(/^".*"$/);
    expect(items[0].value).not.toMatch(/[,()\\]/);
    expect(searchText([filter])).toBe('Lopez');
    expect(textoDePatron(patronSinAcentos('Notaría 3'))).toBe('Notaria 3');
    expect(textoDePatron(patronSinAcentos('E2EA1B2C'))).toBe('E2EA1B2C');
    expect(searchFilter(['nombre'], '  ')).toEqual([]);
  });
});
