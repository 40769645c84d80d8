/**
 * Postal-code and country look-ups for the person forms. GeoNames when GEONAMES_USERNAME is set;
 * offline otherwise (and whenever GeoNames fails): the province from the first two digits
 * (public.provincias), the locality from public.codigos_postales, countries from i18n-iso-countries.
 */
import { Hono } from 'hono';
import type { AppContext } from '../context.js';
import { HttpError, json } from '../http.js';
import { countriesInSpanish, DEFAULT_COUNTRY_CODE, DEFAULT_COUNTRY_NAME, type Country } from '../../domain/countries.js';

const GEONAMES = 'http://api.geonames.org';
const TIMEOUT_MS = 4000;

export interface PostalCodeAnswer {
  codigoPostal: string;
  localidad: string | null;
  provincia: string | null;
  pais: string;
  codigoPais: string;
}

async function geonames<T>(ctx: AppContext, path: string, params: Record<string, string>): Promise<T | null> {
  const username = ctx.config.geonamesUsername;
  if (!username) return null;
  try {
    const url = `${GEONAMES}/${path}?${new URLSearchParams({ ...params, username })}`;
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return (await res.json()) as T;
  } catch (e) {
    ctx.log(`[geo] GeoNames ${path} falló: ${(e as Error).message}; se usa la búsqueda sin conexión`);
    return null;
  }
}

async function lookupPostalCode(ctx: AppContext, cp: string): Promise<PostalCodeAnswer | null> {
  const { rows } = await ctx.db.query<{ provincia: string | null; localidad: string | null }>(
    `select (select nombre from public.provincias where codigo = $2) as provincia,
            (select localidad from public.codigos_postales where codigo = $1) as localidad`,
    [cp, cp.slice(0, 2)],
  );
  const offline = rows[0] ?? { provincia: null, localidad: null };
  const online = await geonames<{ postalCodes?: { placeName?: string; adminName2?: string }[] }>(ctx, 'postalCodeSearchJSON', {
    postalcode: cp,
    country: 'ES',
    maxRows: '1',
  });
  const first = online?.postalCodes?.[0];
  // the catalogue's province name, so the form's province select matches it
  const provincia = offline.provincia ?? first?.adminName2 ?? null;
  const localidad = first?.placeName ?? offline.localidad ?? null;
  if (!provincia && !localidad) return null;
  return { codigoPostal: cp, localidad, provincia, pais: DEFAULT_COUNTRY_NAME, codigoPais: DEFAULT_COUNTRY_CODE };
}

let cachedCountries: Country[] | null = null;

async function listCountries(ctx: AppContext): Promise<Country[]> {
  if (cachedCountries) return cachedCountries;
  const online = await geonames<{ geonames?: { countryName?: string; isoAlpha3?: string; countryCode?: string }[] }>(
    ctx,
    'countryInfoJSON',
    { lang: 'es' },
  );
  const fromGeonames = (online?.geonames ?? [])
    .filter((g) => g.countryName && g.isoAlpha3 && g.countryCode)
    .map((g) => ({ nombre: g.countryName!, codigo: g.isoAlpha3!, alpha2: g.countryCode! }))
    .sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'));
  if (fromGeonames.length) return (cachedCountries = fromGeonames);
  return countriesInSpanish();
}

export function geoRoutes(ctx: AppContext) {
  const app = new Hono();

  app.get('/postal-code/:cp', async (c) => {
    const cp = c.req.param('cp').trim();
    if (!/^\d{5}$/.test(cp)) throw new HttpError(400, 'El código postal debe tener 5 dígitos');
    const found = await lookupPostalCode(ctx, cp);
    if (!found) throw new HttpError(404, 'Código postal no encontrado');
    return json(c, found);
  });

  app.get('/countries', async (c) => {
    c.header('Cache-Control', 'public, max-age=86400');
    return json(c, await listCountries(ctx));
  });

  return app;
}
