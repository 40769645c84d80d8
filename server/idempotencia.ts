/**
 * Idempotency-Key (IETF draft-ietf-httpapi-idempotency-key-header): a write sent with that header
 * is done once per (account, key). The first request's outcome is stored in
 * servicios.idempotencia and answered again to every repeat of it (a double click, a retry after a
 * lost answer), marked `Idempotent-Replayed: true`; a repeat that arrives while the first still
 * runs waits for its outcome. The same key with another request answers 422. Outcomes are kept
 * 24 hours. Requests without the header, reads, and callers without a valid token pass as before.
 */
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Db, Queryable } from './db/db.js';
import { verifyToken } from './auth/jwt.js';
import { json } from './http.js';

export const CABECERA_IDEMPOTENCIA = 'Idempotency-Key';
export const CABECERA_REPETIDA = 'Idempotent-Replayed';
/** How long an outcome is answered again: longer than any retry of the portal. */
export const HORAS_IDEMPOTENCIA = 24;
/** A first request still unfinished after this long is taken as lost (its server stopped). */
const SEGUNDOS_EN_CURSO = 60;
/** How long a repeat waits for the first request's outcome before answering 409. */
const ESPERA_MS = 30_000;
const SONDEO_MS = 50;

export const MENSAJE_CLAVE_INVALIDA = 'La cabecera Idempotency-Key no es válida';
export const MENSAJE_CLAVE_REUTILIZADA = 'La cabecera Idempotency-Key ya se usó con otra petición';
export const MENSAJE_EN_CURSO = 'Esta petición ya se está procesando. Inténtelo de nuevo en un momento.';

/** The answer headers worth repeating (the rest are made again by the layers outside). */
const CABECERAS_GUARDADAS = ['content-type', 'location', 'content-range', 'preference-applied'];

/**
 * Outcomes not stored, so that a retry with the same key is done again: the token expired (the
 * portal refreshes and retries), a refusal (403: a step-up asks for a recent passkey, and the
 * portal sends the same submission again once it is proven; a refusal changed nothing), too many
 * requests, and the server's own failures.
 */
const seRepite = (estado: number) => estado === 401 || estado === 403 || estado === 408 || estado === 429 || estado >= 500;

const esEscritura = (metodo: string) => metodo !== 'GET' && metodo !== 'HEAD' && metodo !== 'OPTIONS';

/** An sf-string ("…") or a bare token of printable ASCII, 1 to 255 characters. */
function leerClave(valor: string): string | null {
  const clave = /^".*"$/.test(valor) ? valor.slice(1, -1) : valor;
  return /^[\x21-\x7e]{1,255}$/.test(clave) ? clave : null;
}

async function cuentaDe(secreto: string, autorizacion: string | undefined): Promise<string | null> {
  const token = /^Bearer\s+(.+)$/i.exec(autorizacion ?? '')?.[1].trim();
  if (!token) return null;
  const resultado = await verifyToken(secreto, token);
  return resultado.ok && typeof resultado.claims.sub === 'string' ? resultado.claims.sub : null;
}

/** Method, path with query and a digest of the body; a multipart upload by its length (its boundary changes per send). */
async function huellaDe(c: Context): Promise<string> {
  const url = new URL(c.req.url);
  const tipo = c.req.header('Content-Type') ?? '';
  const cuerpo = tipo.startsWith('multipart/') ? `multipart:${c.req.header('Content-Length') ?? ''}` : await c.req.text();
  return `${c.req.method} ${url.pathname}${url.search} ${createHash('sha256').update(cuerpo).digest('base64url')}`;
}

interface Fila {
  huella: string;
  estado: number | null;
  cabeceras: Record<string, string> | null;
  cuerpo: string | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Forgets the outcomes older than HORAS_IDEMPOTENCIA. */
export async function barrerIdempotencia(db: Queryable): Promise<void> {
  await db.query(`delete from servicios.idempotencia where creada < now() - make_interval(hours => $1)`, [HORAS_IDEMPOTENCIA]);
}

export function idempotencia(db: Db, secreto: string): MiddlewareHandler {
  let ultimoBarrido = 0;
  // at most once a minute, by the first keyed write after it
  const barrer = async () => {
    if (Date.now() - ultimoBarrido < 60_000) return;
    ultimoBarrido = Date.now();
    await barrerIdempotencia(db);
  };

  return async (c, next) => {
    const valor = c.req.header(CABECERA_IDEMPOTENCIA);
    if (valor === undefined || !esEscritura(c.req.method)) return next();
    const clave = leerClave(valor.trim());
    if (!clave) return json(c, { message: MENSAJE_CLAVE_INVALIDA }, 400);
    const cuenta = await cuentaDe(secreto, c.req.header('Authorization'));
    if (!cuenta) return next(); // the route answers the missing or invalid token itself
    const huella = await huellaDe(c);
    await barrer();

    const limite = Date.now() + ESPERA_MS;
    for (;;) {
      // the first request claims the key; a lost one (its server stopped) is taken over
      const { rows: tomada } = await db.query(
        `insert into servicios.idempotencia (cuenta, clave, huella) values ($1, $2, $3)
         on conflict (cuenta, clave) do update set creada = now(), huella = excluded.huella
           where servicios.idempotencia.estado is null and servicios.idempotencia.creada < now() - make_interval(secs => $4)
             and servicios.idempotencia.huella = excluded.huella
         returning 1`,
        [cuenta, clave, huella, SEGUNDOS_EN_CURSO],
      );
      if (tomada.length) break;
      const { rows } = await db.query<Fila>(
        `select huella, estado, cabeceras, cuerpo from servicios.idempotencia where cuenta = $1 and clave = $2`,
        [cuenta, clave],
      );
      const fila = rows[0];
      if (!fila) continue; // the first request failed and gave the key back: this one goes ahead
      if (fila.huella !== huella) return json(c, { message: MENSAJE_CLAVE_REUTILIZADA }, 422);
      if (fila.estado !== null) {
        const cabeceras = { ...(fila.cabeceras ?? {}), [CABECERA_REPETIDA]: 'true' };
        return c.newResponse(fila.cuerpo, fila.estado as never, cabeceras);
      }
      if (Date.now() > limite) return json(c, { message: MENSAJE_EN_CURSO }, 409);
      await sleep(SONDEO_MS);
    }

    let estado = 500;
    try {
      await next();
      estado = c.res.status;
    } finally {
      if (seRepite(estado)) {
        await db.query(`delete from servicios.idempotencia where cuenta = $1 and clave = $2`, [cuenta, clave]);
      } else {
        const cabeceras: Record<string, string> = {};
        for (const nombre of CABECERAS_GUARDADAS) {
          const v = c.res.headers.get(nombre);
          if (v !== null) cabeceras[nombre] = v;
        }
        const cuerpo = c.res.body ? await c.res.clone().text() : null;
        await db.query(`update servicios.idempotencia set estado = $3, cabeceras = $4, cuerpo = $5 where cuenta = $1 and clave = $2`, [
          cuenta,
          clave,
          estado,
          JSON.stringify(cabeceras),
          cuerpo,
        ]);
      }
    }
  };
}
