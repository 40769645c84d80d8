import type { Queryable } from '../db/db.js';
import { HttpError } from '../http.js';

/**
 * Is the session of a token still live, with the rights the token was issued with? Asked on every
 * authorised request (services API and gateway), so the answer of the database is kept per session
 * for VIGENCIA_MS on each instance: a session ended or a right removed (its version moved on,
 * 0047_sesiones_y_llaves.sql) stops its tokens within that time on every instance, with no message
 * between instances; an ending on this instance (logout, /perfil) forgets the entry at once.
 * A hit costs a Map lookup; a miss one indexed read.
 *
 * Only answers are kept, never a read under way: each request reads on its own. The embedded
 * database runs one transaction at a time and a statement outside it waits for it, so a read
 * another request started may be waiting behind this request's transaction; this request waiting
 * in turn for that read would be a deadlock (the database's watchdog then stopped everything).
 */
export const VIGENCIA_MS = 3000;
const MAX_ENTRADAS = 20_000;

interface Estado {
  terminada: boolean;
  version: number;
  /** The account has a passkey: the step-up rule applies to it. */
  tieneLlave: boolean;
}

const estados = new Map<string, { at: number; estado: Estado }>();
/** The latest read started per session: only its answer is kept (an ending meanwhile forgets it). */
const lecturas = new Map<string, number>();
let ultimaLectura = 0;

export type Veredicto = 'ok' | 'terminada' | 'desfasada';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const TERMINADA: Estado = { terminada: true, version: 0, tieneLlave: false };

function leer(db: Queryable, sid: string): Promise<Estado> {
  return db
    .query<Estado>(
      `select (s.revoked_at is not null or s.expires_at <= now()) as terminada, s.version,
              exists (select 1 from servicios.llaves_acceso l where l.usuario_id = s.usuario_id) as "tieneLlave"
         from servicios.sesiones s where s.id = $1`,
      [sid],
    )
    .then(({ rows }) => rows[0] ?? TERMINADA);
}

/** The session's state, from this instance's memory when read less than VIGENCIA_MS ago. */
export function estadoSesion(db: Queryable, sid: string): Estado | Promise<Estado> {
  if (!UUID.test(sid)) return TERMINADA;
  const now = Date.now();
  const hit = estados.get(sid);
  if (hit && now - hit.at < VIGENCIA_MS) return hit.estado;
  if (estados.size >= MAX_ENTRADAS) estados.delete(estados.keys().next().value as string);
  if (lecturas.size >= MAX_ENTRADAS) lecturas.delete(lecturas.keys().next().value as string);
  const lectura = ++ultimaLectura;
  lecturas.set(sid, lectura);
  const ultima = () => lecturas.get(sid) === lectura && lecturas.delete(sid);
  return leer(db, sid).then(
    (estado) => {
      if (ultima()) estados.set(sid, { at: now, estado });
      return estado;
    },
    (e: unknown) => {
      ultima(); // a failed read is not remembered
      throw e;
    },
  );
}

const veredicto = (claims: Record<string, unknown>, estado: Estado): Veredicto =>
  estado.terminada ? 'terminada' : typeof claims.sv === 'number' && claims.sv < estado.version ? 'desfasada' : 'ok';

/**
 * The verdict on a verified token: at once when this instance read the session less than
 * VIGENCIA_MS ago (no promise: the gateway's reads ask it on every request), else once the
 * database answers. Tokens without `sid` are not of a sign-in (only whoever holds the secret
 * signs them: tests, tools) and have no session to check.
 */
export function veredictoSesion(db: Queryable, claims: Record<string, unknown>): Veredicto | Promise<Veredicto> {
  const sid = claims.sid;
  if (typeof sid !== 'string') return 'ok';
  const e = estadoSesion(db, sid);
  return e instanceof Promise ? e.then((estado) => veredicto(claims, estado)) : veredicto(claims, e);
}

/** veredictoSesion, always as a promise. */
export async function comprobarSesion(db: Queryable, claims: Record<string, unknown>): Promise<Veredicto> {
  return veredictoSesion(db, claims);
}

/** Forgets sessions this instance ended (others see it within VIGENCIA_MS). */
export function olvidarSesiones(ids: string[]): void {
  for (const id of ids) {
    estados.delete(id);
    lecturas.delete(id);
  }
}

export const MENSAJE_SESION_TERMINADA = 'La sesión ha terminado. Inicie sesión de nuevo.';

/** Throws the 401 of a token whose session ended ('terminada') or whose rights changed ('desfasada': the portal refreshes). */
export async function exigirSesionViva(db: Queryable, claims: Record<string, unknown>): Promise<void> {
  const v = await comprobarSesion(db, claims);
  if (v === 'terminada') throw new HttpError(401, MENSAJE_SESION_TERMINADA, undefined, 'sesion_terminada');
  if (v === 'desfasada') throw new HttpError(401, 'Token caducado', undefined, 'token_desfasado');
}
