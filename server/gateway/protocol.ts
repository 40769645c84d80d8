import { GatewayError } from './errors.js';
import { parseRange, type LevelOptions } from './parser.js';

/** HTTP details of the PostgREST protocol: media types, profiles, bodies, ranges. */

export const JSON_TYPE = 'application/json; charset=utf-8';
export const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';
export const CSV_TYPE = 'text/csv; charset=utf-8';

/** `Accept: application/vnd.pgrst.plan[+json|+text]; for="…"; options=a|b` (explain, with GATEWAY_PLAN). */
export interface PlanRequest {
  format: 'json' | 'text';
  /** The media type whose plan is asked (`for=`). */
  for: string;
  /** EXPLAIN's options: analyze, verbose, settings, buffers, wal. */
  options: string[];
}

const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'];

function planRequest(type: string): PlanRequest {
  const [base, ...params] = type.split(';').map((p) => p.trim());
  const param = (name: string) => params.find((p) => p.toLowerCase().startsWith(`${name}=`))?.slice(name.length + 1).replace(/^"|"$/g, '');
  return {
    format: base.toLowerCase().endsWith('+json') ? 'json' : 'text',
    for: param('for') || 'application/json',
    options: (param('options') ?? '').split('|').map((o) => o.trim().toLowerCase()).filter((o) => PLAN_OPTIONS.includes(o)),
  };
}

/**
 * Which representation the Accept header asks for: an array, one object (`.single()`), CSV,
 * GeoJSON (offered on reads where PostGIS is installed) or a plan (explain, with GATEWAY_PLAN);
 * reads decide on the last two, which answer 406 elsewhere, as PostgREST answers them disabled.
 */
export function negotiate(accept: string | undefined) {
  const raw = (accept ?? '*/*').split(',').map((t) => t.trim());
  const types = raw.map((t) => t.toLowerCase());
  const nullsStripped = types.some((t) => t.includes('nulls=stripped'));
  const base = types.map((t) => t.split(';')[0].trim());
  if (base.includes('application/vnd.pgrst.object+json')) return { single: true, nullsStripped };
  const json = ['*/*', 'application/*', 'application/json', 'application/vnd.pgrst.array+json'];
  for (const [i, t] of base.entries()) {
    if (json.includes(t)) return { single: false, nullsStripped };
    if (t === 'text/csv' || t === 'text/*') return { single: false, nullsStripped, csv: true };
    if (t === 'application/geo+json') return { single: false, nullsStripped, geo: true, refused: base };
    if (/^application\/vnd\.pgrst\.plan(\+json|\+text)?$/.test(t)) return { single: false, nullsStripped, plan: planRequest(raw[i]), refused: base };
  }
  throw notAcceptable(base);
}

export const notAcceptable = (types: string[]) => new GatewayError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`);

export const GEOJSON_TYPE = 'application/geo+json; charset=utf-8';

/**
 * The schema a request names: Accept-Profile on reads, Content-Profile on writes (and POST to a
 * function), among the exposed schemas (GATEWAY_SCHEMAS, PostgREST's db-schemas); the first
 * is the default. Another schema: 406 PGRST106, as PostgREST answers.
 */
export function checkProfile(header: (name: string) => string | undefined, exposed: string[], read: boolean): string {
  const profile = header(read ? 'Accept-Profile' : 'Content-Profile');
  if (profile === undefined || profile === '') return exposed[0];
  if (!exposed.includes(profile)) {
    throw new GatewayError(406, 'PGRST106', `The schema must be one of the following: ${exposed.join(', ')}`);
  }
  return profile;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseJsonValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new GatewayError(400, 'PGRST102', 'Empty or invalid json');
  }
}

/** POST: one object or an array of objects, always handled as rows. */
export function parseRows(text: string): Record<string, unknown>[] {
  const body = parseJsonValue(text);
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every(isObject)) throw new GatewayError(400, 'PGRST102', 'Empty or invalid json', 'Expected an object or an array of objects');
  return rows;
}

/** PATCH: one object with the new values. */
export function parseObject(text: string): Record<string, unknown> {
  const body = parseJsonValue(text);
  if (!isObject(body)) throw new GatewayError(400, 'PGRST102', 'Empty or invalid json', 'Expected a JSON object');
  return body;
}

/** The rows a read asks for: the Range header intersected with limit/offset, as PostgREST does. */
export function requestedRange(rangeHeader: string | undefined, root: LevelOptions | undefined) {
  const range = parseRange(rangeHeader);
  const offset = Math.max(range?.from ?? 0, root?.offset ?? 0);
  const ends: number[] = [];
  if (range?.to !== undefined) ends.push(range.to + 1);
  if (root?.limit !== undefined) ends.push((root.offset ?? 0) + root.limit);
  const limit = ends.length ? Math.max(0, Math.min(...ends) - offset) : undefined;
  return { offset, limit };
}

/** Content-Range as PostgREST writes it (RangeQuery.hs): `0-9/120`, `0-9/*`, `*\/0`. */
export function contentRange(lower: number, page: number, total: number | null) {
  const upper = lower + page - 1;
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}
