import { isPgError } from '../db/db.js';

/** An error in PostgREST's shape: {code, message, details, hint} with its HTTP status. */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Text, or for PGRST201 PostgREST's array of the candidate relationships. */
    readonly details: unknown = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

export const parseError = (what: string, details: string) =>
  new GatewayError(400, 'PGRST100', `"failed to parse ${what}"`, details);

export const unknownTable = (schema: string, table: string) =>
  new GatewayError(404, 'PGRST205', `Could not find the table '${schema}.${table}' in the schema cache`);

export const unknownColumn = (table: string, column: string) =>
  new GatewayError(400, '42703', `column ${table}.${column} does not exist`);

export const noRelationship = (schema: string, from: string, to: string, hint?: string) =>
  new GatewayError(
    400,
    'PGRST200',
    `Could not find a relationship between '${from}' and '${to}' in the schema cache`,
    `Searched for a foreign key relationship between '${from}' and '${to}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${schema}', but no matches were found.`,
  );

/** One candidate of an ambiguous embed, as PostgREST describes it in PGRST201's details. */
export interface RelationshipDescription {
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';
  embedding: string;
  relationship: string;
  /** What `!hint` picks this one: the constraint, or the junction table of a many-to-many. */
  hint: string;
  /** The relation the hint is appended to. */
  target: string;
}

export const ambiguousRelationship = (from: string, to: string, candidates: RelationshipDescription[]) =>
  new GatewayError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${from}' and '${to}'`,
    candidates.map(({ cardinality, embedding, relationship }) => ({ cardinality, embedding, relationship })),
    `Try changing '${to}' to one of the following: ${candidates.map((c) => `'${c.target}!${c.hint}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  );

export const singularityError = (rows: number) =>
  new GatewayError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`);

/**
 * Postgres SQLSTATE → HTTP status, as PostgREST maps it (Error.hs). `authenticated` decides 42501:
 * an anonymous caller is told to sign in (401), a signed-in one is forbidden (403). One departure:
 * class 54 (program limit exceeded: a select of over 1,664 columns, an expression too deep) is the
 * request's fault, so 400 with Postgres's reason instead of PostgREST's 500.
 */
export function pgStatus(code: string, authenticated: boolean): number {
  if (code === '42501') return authenticated ? 403 : 401;
  if (code === '23503' || code === '23505' || code === '23P01') return 409;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === 'P0001') return 400; // raise exception in a trigger or function
  if (code === '42P17') return 500; // infinite recursion in a policy
  // a statement stopped for running too long (statement_timeout, PGlite's watchdog): the database is busy, not broken
  if (code === '57014') return 503;
  const cls = code.slice(0, 2);
  if (cls === '08' || cls === '53') return 503;
  if (cls === '0L' || cls === '0P' || cls === '28') return 403;
  if (['09', '25', '2D', '38', '39', '3B', '40', '55', '57', '58', 'P0', 'XX'].includes(cls)) return 500;
  return 400;
}

/** Any thrown value → a GatewayError; database errors keep pg's code, message, detail and hint. */
export function toGatewayError(e: unknown, authenticated: boolean, log: (m: string) => void): GatewayError {
  if (e instanceof GatewayError) return e;
  if (isPgError(e) && /^[0-9A-Z]{5}$/.test(e.code ?? '')) {
    const code = e.code as string;
    return new GatewayError(pgStatus(code, authenticated), code, e.message, e.detail || null, e.hint || null);
  }
  log(`[gateway] ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  return new GatewayError(500, 'PGRST000', 'Internal server error');
}
