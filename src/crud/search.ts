import type { CrudFilter } from '@refinedev/core';

const SEARCH_KEY = 'buscar';

/** Each base letter and the accented forms it stands for, both cases (the database may not fold accented capitals). */
const VARIANTES: Record<string, string> = {
  a: 'aáàâäãAÁÀÂÄÃ',
  e: 'eéèêëEÉÈÊË',
  i: 'iíìîïIÍÌÎÏ',
  o: 'oóòôöõOÓÒÔÖÕ',
  u: 'uúùûüUÚÙÛÜ',
  n: 'nñNÑ',
  c: 'cçCÇ',
  y: 'yýÿYÝŸ',
};

/**
 * The search text as a case-insensitive regular expression (PostgREST imatch, run by the
 * database, so paging and totals stay right) that ignores accents: 'lopez' finds 'López'.
 * Any other character stands for itself in a bracket, or for any character when it would
 * need escaping.
 */
export function patronSinAcentos(text: string): string {
  // accents off, case kept: the bracket starts with the letter as typed, so the box can show it again
  const base = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return [...base]
    .map((ch) => {
      const variantes = VARIANTES[ch.toLowerCase()];
      if (variantes) return `[${ch}${variantes}]`;
      if (/[A-Za-z0-9 ]/.test(ch)) return ch;
      return /[\]\\^\-",()]/.test(ch) ? '.' : `[${ch}]`;
    })
    .join('');
}

/** The text a pattern was made from (for the search box after a reload): each bracket becomes its first letter. */
export const textoDePatron = (pattern: string) => pattern.replace(/\[(.)[^\]]*\]/g, '$1');

/** The list's search box as a filter: any of the search fields matches, ignoring accents and case (quotes would break PostgREST's or=). */
export function searchFilter(fields: string[], text: string): CrudFilter[] {
  const value = text.replace(/["\\]/g, '').trim().slice(0, 100);
  if (!value) return [];
  const pattern = `"${patronSinAcentos(value)}"`;
  // 'imatch' is PostgREST's ~* (Refine's supabase provider passes an operator it does not know as it is)
  return [{ key: SEARCH_KEY, operator: 'or', value: fields.map((field) => ({ field, operator: 'imatch' as never, value: pattern })) }];
}

export function searchText(filters: CrudFilter[]): string {
  const f = filters.find((x) => 'key' in x && x.key === SEARCH_KEY);
  const first = Array.isArray(f?.value) ? (f.value[0] as { value?: unknown } | undefined) : undefined;
  return typeof first?.value === 'string' ? textoDePatron(first.value.replace(/^"|"$/g, '')) : '';
}

