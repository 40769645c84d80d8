/**
 * Spanish text compared the way people read it, without Intl: a page's first Intl.Collator (what
 * `localeCompare(x, 'es')` makes) loads ICU's collation data, ~16 ms of CPU (64 ms of a phone's
 * main thread at Lighthouse's 4× slowdown), and the registry sorted the admin's pages by label
 * as every signed-in page loaded.
 */

/** Lower case, without accents: 'Pólizas' and 'polizas' read the same (ñ keeps its tilde apart: see compareSpanish). */
export const foldText = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** The sort key: folded, with ñ as a letter of its own after n ('~' sorts after every letter). */
const sortKey = (s: string) => foldText(s.toLowerCase().replace(/ñ/g, 'n~'));

/**
 * Alphabetical order in Spanish: accents and case do not count unless the words are otherwise
 * equal, ñ comes after n. tests/unit/text.test.ts holds it to Intl.Collator('es') on Spanish names.
 */
export function compareSpanish(a: string, b: string): number {
  const ka = sortKey(a);
  const kb = sortKey(b);
  if (ka !== kb) return ka < kb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A whole number with its thousands grouped by points, as es-ES writes it with grouping on
 * (10000 → '10.000', 1000 → '1.000'), without Intl (see above). tests/unit/text.test.ts holds it to
 * toLocaleString('es-ES', { useGrouping: true }).
 */
export const groupThousands = (n: number): string => String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
