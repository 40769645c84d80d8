import { Hono, type Context, type MiddlewareHandler, type Next } from 'hono';
import { cors } from 'hono/cors';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import type { AppContext } from './context.js';
import {
  HttpError, MENSAJE_BD_NO_DISPONIBLE, MENSAJE_CARACTER_NULO, MENSAJE_DEMASIADO_GRANDE, MENSAJE_ERROR_INTERNO, closeIfBodyUnread, errorResponse, fewLargeBodiesAtATime, json,
} from './http.js';
import { CONNECTION_LOST, STATEMENT_TIMEOUT, isPgError } from './db/db.js';
import { MAX_EVENTOS, serviciosRoutes } from './routes/servicios.js';
import { centroEventos } from './eventos.js';
import { createGateway, gatewayRoutes } from './gateway/index.js';
import { directReads } from './gateway/direct.js';
import { functionRoutes } from './functions.js';
import { devRoutes } from './routes/dev.js';
import { geoRoutes } from './routes/geo.js';
import { mountSpa } from './static.js';
import { CABECERA_IDEMPOTENCIA, CABECERA_REPETIDA, idempotencia } from './idempotencia.js';
import { MAX_SUBIDA_BYTES, MENSAJE_ARCHIVO_GRANDE, RUTA_SUBIDA } from './storage/archivo.js';
import { API_BASE } from '../api/endpoint.js';

/** The API's paths; every other path is the SPA's (static.ts). */
const API_PREFIXES = ['/nt', '/rest', '/functions', '/geo', '/dev'];
const isApiPath = (p: string) => API_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));

/** Requests with a large body handled at once (see fewLargeBodiesAtATime): about 8 MB each at most. */
const LARGE_BODIES_AT_ONCE = 8;
/** The largest request body taken (a form with images as data URLs stays far below). */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** Postgres data exceptions (class 22) the caller can fix, in Spanish. */
const PG_DATA_ERRORS: Record<string, string> = {
  '22003': 'Número fuera de rango',
  '22007': 'Fecha u hora no válida',
  '22008': 'Fecha u hora no válida',
  '22009': 'Fecha u hora no válida',
  '22021': MENSAJE_CARACTER_NULO,
  '22P05': MENSAJE_CARACTER_NULO,
};

/**
 * The whole server, served by boot.ts: one Hono app, and the gateway reads that Node's HTTP server
 * answers before it (`direct`, see gateway/direct.ts). Both go to the same gateway.
 */
export function createApp(ctx: AppContext) {
  const gateway = createGateway(ctx);
  const app = new Hono();

  // Compression only for clients that accept it. Its Vary header is set before the answer is made:
  // set afterwards (as compress() does), it makes @hono/node-server copy the answer into a whole
  // web Response, which halved the requests per second of small JSON answers.
  // The SPA's files are compressed at build time (static.ts): only the API's answers are compressed here.
  const compressAnswer = compress();
  app.use('*', (c, next) => {
    if (!c.req.header('Accept-Encoding') || !isApiPath(c.req.path)) return next();
    c.header('Vary', 'Accept-Encoding');
    return compressAnswer(c, next);
  });
  const allowCrossOrigin = cors({
    origin: (origin) => (ctx.config.corsOrigins.includes(origin) ? origin : null),
    allowHeaders: ['Authorization', 'Content-Type', 'apikey', 'Prefer', 'Range', 'Accept-Profile', 'Content-Profile', 'x-client-info', CABECERA_IDEMPOTENCIA],
    exposeHeaders: ['Content-Range', 'Location', CABECERA_REPETIDA],
    credentials: false,
  });
  // Only requests that name an Origin are CORS requests. Hono's cors writes its headers before the
  // route answers, which makes every answer be copied once more; same-origin GETs skip that.
  app.use('*', (c, next) => (c.req.header('Origin') ? allowCrossOrigin(c, next) : next()));
  const bodyOfAnyRoute = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => json(c, { message: MENSAJE_DEMASIADO_GRANDE }, 413) });
  // an upload (a document of 20 MB at most, multipart) may be larger; refused by its declared length
  // before it is read. A chunked one is not read whole here (bodyLimit would): storage/subida.ts
  // streams it and stops it at MAX_SUBIDA_BYTES.
  const uploadLimit = bodyLimit({ maxSize: MAX_SUBIDA_BYTES, onError: (c) => json(c, { message: MENSAJE_ARCHIVO_GRANDE }, 413) });
  const bodyOfUpload: MiddlewareHandler = (c, next) => (c.req.header('Content-Length') === undefined ? next() : uploadLimit(c, next));
  const limitBody: MiddlewareHandler = (c, next) => (c.req.method === 'POST' && RUTA_SUBIDA.test(c.req.path) ? bodyOfUpload : bodyOfAnyRoute)(c, next);
  const { bodyGraceSeconds: graceSeconds, bodyMinBytesPerSecond: minBytesPerSecond } = ctx.config;
  const largeBodies = fewLargeBodiesAtATime(LARGE_BODIES_AT_ONCE, { graceSeconds, minBytesPerSecond }, ctx.config.jwtSecret);
  // Reading the body makes @hono/node-server build a whole Request (and an AbortController):
  // not for the GETs that are most of the traffic, which have no body to limit.
  const hasBody = (c: Context) => c.req.method !== 'GET' && c.req.method !== 'HEAD';
  app.use('*', (c, next) => {
    if (!hasBody(c)) return next();
    // A declared length over the limit is refused before it waits its turn. A chunked body is
    // counted as it is read, and bodyLimit reads it whole at once: only in its turn.
    const chunked = c.req.header('Content-Length') === undefined;
    // a middleware may answer by its return value (bodyLimit's refusal): it becomes the answer
    const run = (middleware: MiddlewareHandler, then: Next) => async () => {
      const answered = await middleware(c, then);
      if (answered instanceof Response) c.res = answered;
    };
    return closeIfBodyUnread(c, chunked ? run(largeBodies, run(limitBody, next)) : run(limitBody, run(largeBodies, next)));
  });

  // a write repeated with the same Idempotency-Key is answered its first outcome (idempotencia.ts);
  // outside the routes' own transactions, so a repeat sees the first one's outcome once committed
  const unaVez = idempotencia(ctx.db, ctx.config.jwtSecret);
  app.use(`${API_BASE}/*`, unaVez);
  app.use('/rest/v1/*', unaVez);

  // the live streams of GET /eventos, ended by the server's close (boot.ts)
  const eventos = centroEventos(ctx.db, ctx.log, { porUsuario: ctx.config.eventosPorUsuario, total: MAX_EVENTOS }, ctx.db.kind === 'postgres' ? ctx.config.databaseUrl : null);
  app.route(API_BASE, serviciosRoutes(ctx, eventos));
  app.route('/rest/v1', gatewayRoutes(gateway));
  app.route('/functions/v1', functionRoutes(ctx, app));
  app.route('/geo', geoRoutes(ctx));
  if (!ctx.config.production) app.route('/dev', devRoutes(ctx));

  // An unknown path under an API prefix is a JSON 404, never the SPA's page.
  for (const prefix of API_PREFIXES) {
    app.all(`${prefix}/*`, (c) => json(c, { message: 'Recurso no encontrado' }, 404));
  }
  mountSpa(app, ctx.config.distDir);

  // what no route answers (a method the SPA does not serve, /functions/v1/ without a name): JSON too
  app.notFound((c) => json(c, { message: 'Recurso no encontrado' }, 404));
  app.onError((err, c) => {
    if (err instanceof HttpError) return errorResponse(c, err);
    // PostgreSQL restarting or failing over, or a statement stopped for running too long:
    // worth trying again in a moment
    if (isPgError(err) && (err.code === CONNECTION_LOST || err.code === STATEMENT_TIMEOUT)) {
      ctx.log(`[error] ${c.req.method} ${c.req.routePath}: ${err.message}`);
      return json(c, { message: MENSAJE_BD_NO_DISPONIBLE }, 503);
    }
    // SQLSTATE class 22: a value that passed validation but Postgres cannot take is the caller's bad data
    if (isPgError(err) && err.code?.startsWith('22')) {
      ctx.log(`[error] ${c.req.method} ${c.req.routePath}: datos no válidos (${err.code})`);
      return json(c, { message: PG_DATA_ERRORS[err.code] ?? 'Datos no válidos' }, 400);
    }
    // the route's pattern, not its path (/persona/all/{document} holds a document number); of a
    // Postgres error its code, not its message, which may quote a value
    const cause = isPgError(err) ? `Postgres ${err.code}${err.constraint ? ` (${err.constraint})` : ''}` : (err.stack ?? err.message);
    ctx.log(`[error] ${c.req.method} ${c.req.routePath}: ${cause}`);
    return json(c, { message: MENSAJE_ERROR_INTERNO }, 500);
  });
  return { app, direct: directReads(gateway, ctx.log), eventos };
}
