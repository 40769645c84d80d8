import type { Context, MiddlewareHandler } from 'hono';
import pLimit from 'p-limit';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import { z } from 'zod';

/**
 * Errors of the services API: JSON { message, fieldErrors? }. The portal shows `message`;
 * `fieldErrors` maps a field path to the schema's Spanish message.
 */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    /** A stable machine-readable reason (e.g. 'persona_exists'): callers match it, never the Spanish message. */
    readonly code?: string,
  ) {
    super(message);
  }
}

export const notFound = (what = 'No encontrado') => new HttpError(404, what);

/**
 * An answer with its Content-Length (none for HEAD). compress() leaves an answer under 1 KB as it is
 * only when it knows its length; without one it gzipped every JSON answer through a web stream,
 * which made small answers bigger and cost half the requests per second of a single-row read.
 */
export function answer(c: Context, body: string | null, status: StatusCode, headers: Record<string, string>): Response {
  const sized = body === null ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) };
  return c.newResponse(c.req.method === 'HEAD' ? null : body, status, sized);
}

/** c.json(), with the answer's Content-Length (see answer()). */
export const json = (c: Context, data: unknown, status: ContentfulStatusCode = 200) =>
  answer(c, JSON.stringify(data), status, { 'Content-Type': 'application/json' });

export function errorResponse(c: Context, e: HttpError) {
  return json(c, { message: e.message, ...(e.code ? { code: e.code } : {}), ...(e.fieldErrors ? { fieldErrors: e.fieldErrors } : {}) }, e.status);
}

/** Messages the server's own layers answer (Hono's app and the HTTP server before it) alike. */
export const MENSAJE_DEMASIADO_GRANDE = 'La petición es demasiado grande';
export const MENSAJE_ERROR_INTERNO = 'Error interno del servidor';
export const MENSAJE_BD_NO_DISPONIBLE = 'El servicio no está disponible en este momento. Inténtelo de nuevo en unos segundos.';

/** Postgres text cannot hold the NUL character (U+0000): refused up front, never a 500 deep inside. */
export const MENSAJE_CARACTER_NULO = 'El texto contiene un carácter no permitido (NUL)';
/** Deeper JSON than any form sends; recursive code (validation, JSON.stringify) would overflow the stack. */
export const MAX_JSON_DEPTH = 64;

/**
 * Walks a JSON value without recursion (a 2 MB body can nest 500 000 levels): its depth, and
 * whether any key or string holds a NUL character.
 */
export function inspectJson(value: unknown): { depth: number; nul: boolean } {
  let depth = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, level] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\0')) return { depth, nul: true };
    } else if (v && typeof v === 'object') {
      depth = Math.max(depth, level);
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\0')) return { depth, nul: true };
        stack.push([child, level + 1]);
      }
    }
  }
  return { depth, nul: false };
}

export const containsNul = (value: unknown) => inspectJson(value).nul;

/** Reads the JSON body or answers 400 'Cuerpo JSON inválido' (or why else it cannot be used). */
export async function readJson(c: Context): Promise<unknown> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError(400, 'Cuerpo JSON inválido');
  }
  const { depth, nul } = inspectJson(body);
  if (nul) throw new HttpError(400, MENSAJE_CARACTER_NULO);
  if (depth > MAX_JSON_DEPTH) throw new HttpError(400, 'Cuerpo JSON inválido: demasiados niveles de anidamiento');
  return body;
}

/** A body over this many bytes, or of unknown length, is large. */
const LARGE_BODY_BYTES = 64 * 1024;

/**
 * Middleware: requests with a large body go on `concurrency` at a time, in order of arrival.
 * Reading, parsing and validating a body takes several times its size in memory: 100 clients
 * sending 1.9 MB bodies at once took the server from 210 to 964 MB. A request waiting here has not
 * read its body: it stays in the socket, and TCP holds its sender back. Small bodies never wait.
 */
export function fewLargeBodiesAtATime(concurrency: number): MiddlewareHandler {
  const limit = pLimit(concurrency);
  return (c, next) => {
    const length = c.req.header('Content-Length');
    // without a length a body is chunked (unknown size) or there is none (a DELETE)
    const large = length === undefined ? c.req.header('Transfer-Encoding') !== undefined : !(Number(length) <= LARGE_BODY_BYTES);
    return large ? limit(next) : next();
  };
}

/** Middleware: a NUL character in the path or the query string is a 400 before any route reads it. */
export const rejectNulInUrl: MiddlewareHandler = async (c, next) => {
  if (c.req.path.includes('\0') || containsNul(c.req.queries())) throw new HttpError(400, MENSAJE_CARACTER_NULO);
  await next();
};

/** Validates with the shared zod schema; the first issue's message becomes the error message. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const key = issue.path.join('.') || '_';
    fieldErrors[key] ??= issue.message;
  }
  throw new HttpError(400, r.error.issues[0]?.message ?? 'Datos inválidos', fieldErrors);
}
