import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import pLimit from 'p-limit';
import { verifyToken } from './auth/jwt.js';
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

/** How slowly a large body may arrive once its turn has come (see fewLargeBodiesAtATime). */
export interface BodyPace {
  /** Seconds a body may take before any pace is required of it. */
  graceSeconds: number;
  /** From then on, the average bytes per second it must have arrived at. */
  minBytesPerSecond: number;
}

export const MENSAJE_CUERPO_LENTO = 'La petición tardó demasiado en llegar';

type NodeBindings = { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;

/**
 * Middleware: requests with a large body go on `concurrency` at a time, in order of arrival.
 * Reading, parsing and validating a body takes several times its size in memory: 100 clients
 * sending 1.9 MB bodies at once took the server from 210 to 964 MB. A request waiting here has not
 * read its body: it stays in the socket, and TCP holds its sender back. Small bodies never wait.
 *
 * A turn is bounded by `pace`: a body that has not arrived at the required pace is answered 408
 * and its connection closed, which frees the turn. Without it eight uploads sending a byte now and
 * then held every turn, and every other large body waited for them.
 */
export function fewLargeBodiesAtATime(concurrency: number, pace?: BodyPace, jwtSecret?: string): MiddlewareHandler {
  const limit = pLimit(concurrency);
  /** Turns one account may hold at once, so that one account cannot take them all. */
  const perAccount = new Map<string, ReturnType<typeof pLimit>>();
  return async (c, next) => {
    const length = c.req.header('Content-Length');
    // without a length a body is chunked (unknown size) or there is none (a DELETE)
    const large = length === undefined ? c.req.header('Transfer-Encoding') !== undefined : !(Number(length) <= LARGE_BODY_BYTES);
    if (!large) return next();
    const { incoming, outgoing } = (c.env as NodeBindings) ?? {};
    const run = () => limit(() => (pace && incoming && outgoing ? withPace(incoming, outgoing, pace, next) : next()));
    if (jwtSecret === undefined) return run();
    // The largest anonymous request of the portal is a sign-in (a few hundred bytes): a body of an
    // anonymous caller is never large, and never takes a turn of the signed-in ones (eight slow
    // anonymous 2 MB bodies made a client's 100 KB upload wait 38 s). Refused before it is read.
    const cuenta = await signedInAccount(c, jwtSecret);
    if (!cuenta) return c.json({ message: MENSAJE_DEMASIADO_GRANDE }, 413);
    let own = perAccount.get(cuenta);
    if (!own) perAccount.set(cuenta, (own = pLimit(LARGE_BODY_TURNS_PER_ACCOUNT)));
    try {
      return await own(run);
    } finally {
      if (own.activeCount === 0 && own.pendingCount === 0) perAccount.delete(cuenta);
    }
  };
}

/** Large-body turns one account may hold at once (of the 8). */
const LARGE_BODY_TURNS_PER_ACCOUNT = 2;

/** The account (sub) of a valid signed-in bearer token; null for anyone else (no token, the anon key, a bad one). */
async function signedInAccount(c: Context, secret: string): Promise<string | null> {
  const token = /^Bearer\s+(.+)$/i.exec(c.req.header('Authorization') ?? '')?.[1]?.trim();
  if (!token) return null;
  const r = await verifyToken(secret, token);
  return r.ok && r.claims.role === 'authenticated' && typeof r.claims.sub === 'string' ? r.claims.sub : null;
}

/**
 * Runs `next` while watching the socket: the bytes read from it (the body, once its headers are
 * in) must keep up with the pace. The socket's count is read, never the body's stream, so the body
 * stays for the route to read.
 */
async function withPace(incoming: IncomingMessage, outgoing: ServerResponse, pace: BodyPace, next: () => Promise<void>) {
  const socket = incoming.socket;
  const started = Date.now();
  const readBefore = socket.bytesRead;
  const check = setInterval(() => {
    if (incoming.complete || socket.destroyed) return clearInterval(check);
    const seconds = (Date.now() - started) / 1000 - pace.graceSeconds;
    if (seconds <= 0 || socket.bytesRead - readBefore >= seconds * pace.minBytesPerSecond) return;
    clearInterval(check);
    // Answered on the socket itself, as the HTTP server answers what its parser refuses: the route
    // is still waiting for the body, and its own answer then goes nowhere.
    if (!outgoing.headersSent && socket.writable) {
      const body = JSON.stringify({ message: MENSAJE_CUERPO_LENTO });
      const headers = { ...outgoing.getHeaders(), 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), connection: 'close' };
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${String(value)}\r\n`);
      socket.write(`HTTP/1.1 408 Request Timeout\r\n${lines.join('')}\r\n${body}`);
    }
    // the route's read of the body fails now, and its turn ends
    socket.destroySoon();
    setTimeout(() => socket.destroy(), 1000).unref();
  }, 250);
  try {
    await next();
  } finally {
    clearInterval(check);
  }
}

/**
 * Middleware: an answer given before its request's body has all arrived (a bad token, an unknown
 * path, a refused size) says Connection: close. The unread rest of the body would otherwise be
 * taken for the next request on the connection, or the connection cut under the client's next
 * request (@hono/node-server gives up draining it after half a second).
 */
export const closeIfBodyUnread: MiddlewareHandler = async (c, next) => {
  await next();
  const incoming = (c.env as NodeBindings)?.incoming;
  if (!incoming || incoming.complete) return;
  try {
    c.res.headers.set('Connection', 'close');
  } catch {
    // a Response with immutable headers (one a function got from fetch): a copy of it
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set('Connection', 'close');
  }
};

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

/**
 * The most rows a list asked without ?page answers (the seeds' portal calls GET /persona/owner/{id}
 * and /expediente/owner/{id} that way): no request reads an unbounded list.
 */
export const SIN_PAGINA = 500;
