/**
 * The Spanish name of an ISO 3166-1 alpha-3 code, from i18n-iso-countries' own data files (the code
 * table and the Spanish names) without its index and the English names and aliases countries.ts
 * registers to read what people type: a record's read view needs only this.
 */
import codes from 'i18n-iso-countries/codes.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };

const alpha2De = new Map<string, string>(codes.map((fila) => [fila[1], fila[0]]));
const nombres: Record<string, string | string[]> = es.countries;

/** The official Spanish name (the first when there are several); the code itself when unknown. */
export function alpha3ToCountryName(code: string): string {
  const alpha2 = /^[A-Z]{3}$/.test(code) ? alpha2De.get(code) : undefined;
  const nombre = alpha2 ? nombres[alpha2] : undefined;
  return (Array.isArray(nombre) ? nombre[0] : nombre) || code;
}
