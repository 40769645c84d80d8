import { SERVICES_URL } from './config';

/** The /geo look-ups (postal codes) of the server, beside the services API on the same host. HTTP lives in providers/. */
const GEO_URL = new URL('/geo', SERVICES_URL).toString();

export interface PostalCodeResult {
  localidad: string | null;
  provincia: string | null;
  pais: string;
}

/**
 * Locality and province of a Spanish postal code; null when nothing is known (or on any
 * failure: a failed look-up only clears the fields, silently).
 */
export async function lookupPostalCode(cp: string): Promise<PostalCodeResult | null> {
  try {
    const res = await fetch(`${GEO_URL}/postal-code/${encodeURIComponent(cp)}`, { headers: { Accept: 'application/json' } });
    if (!res.ok) return null;
    return (await res.json()) as PostalCodeResult;
  } catch {
    return null;
  }
}
