/**
 * Country names and ISO 3166 alpha-3 codes: forms show the Spanish name, the API stores the alpha-3 code.
 * Names come from the maintained i18n-iso-countries data (Spanish, plus English names and aliases
 * such as 'UK' or 'USA'), never from a hand-written map.
 */
import countries from 'i18n-iso-countries';
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { compareSpanish, foldText } from './text';

countries.registerLocale(es);
countries.registerLocale(en);

export const DEFAULT_COUNTRY_NAME = 'España';
export const DEFAULT_COUNTRY_CODE = 'ESP';

/** The short country list of the representative form (spec section 9). */
export const REPRESENTATIVE_COUNTRIES = [
  'España', 'Francia', 'Portugal', 'Italia', 'Alemania', 'Reino Unido',
  'Estados Unidos', 'México', 'Argentina', 'Brasil', 'Chile', 'Colombia',
] as const;

/** Lower case, no accents, single spaces: 'México' and 'mexico' name the same country. */
const fold = (s: string) => foldText(s).replace(/\s+/g, ' ').trim();

let byName: Map<string, string> | null = null;
function nameIndex(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  for (const lang of ['en', 'es']) {
    for (const [alpha2, names] of Object.entries(countries.getNames(lang, { select: 'all' }))) {
      const alpha3 = countries.alpha2ToAlpha3(alpha2);
      if (!alpha3) continue;
      for (const name of names as string[]) byName.set(fold(name), alpha3);
    }
  }
  return byName;
}

/** True for an assigned ISO 3166 alpha-3 code. */
export function isAlpha3(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && countries.isValid(code);
}

/**
 * Country name (Spanish or English) → alpha-3. Three capital letters are kept as they are;
 * an unknown name passes through unchanged.
 */
export function countryToAlpha3(value: string): string {
  const v = value.trim();
  if (/^[A-Z]{3}$/.test(v)) return v;
  return nameIndex().get(fold(v)) ?? value;
}

/** Alpha-3 → Spanish name ('ESP' → 'España'); anything unknown is returned unchanged. */
export { alpha3ToCountryName } from './country-name';

export interface Country {
  nombre: string;
  codigo: string; // alpha-3
  alpha2: string;
}

/** Every country with its Spanish name, sorted by name the Spanish way. */
export function countriesInSpanish(): Country[] {
  return Object.entries(countries.getNames('es', { select: 'official' }))
    .map(([alpha2, nombre]) => ({ nombre, alpha2, codigo: countries.alpha2ToAlpha3(alpha2) ?? alpha2 }))
    .sort((a, b) => compareSpanish(a.nombre, b.nombre));
}
