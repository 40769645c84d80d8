import type { Queryable } from '../db/db.js';
import { HttpError } from '../http.js';
import type { TokenClaims } from './jwt.js';
import type { SessionUser } from './middleware.js';
import type { Usuario } from './users.js';
import { MENSAJES_DESPACHO } from '../../domain/despacho-rules.js';

/**
 * Staff of a notaría: an account whose identity document (type and number) is that of an active
 * row of public.personal holds the staff role of that row's notaría; a person may be staff of
 * several. Read from the database at sign-in and at every token refresh (a deactivated row moves
 * the session's version and ends the role within seconds: server/auth/sesion-viva.ts) and carried in the access token as `notarias` (public.notarias.id),
 * which RLS (public.es_personal_de) and the services API both read. The notaría chosen at the
 * login screen does not narrow it: a refresh does not know that choice, and the office's work
 * lists each case with its notaría.
 */
export async function notariasDePersonal(db: Queryable, usuario: Pick<Usuario, 'tipoDocumento' | 'numeroDocumento'>): Promise<number[]> {
  const { rows } = await db.query<{ id: string | number }>(
    `select distinct notaria_id as id from public.personal
      where is_active and tipo_documento = $1 and numero_documento = upper($2) order by 1`,
    [usuario.tipoDocumento, usuario.numeroDocumento],
  );
  return rows.map((r) => Number(r.id));
}

/**
 * SQL: the name the admin gave the staff record of the persona `personaId` (an SQL expression),
 * matched by its account's document; an active row first. Null for who is not staff.
 */
export const nombreDePersonalSql = (personaId: string) =>
  `(select nullif(btrim(s.name), '') from servicios.usuarios u
      join public.personal s on s.tipo_documento = u.tipo_documento and s.numero_documento = u.numero_documento
     where u.persona_id = ${personaId} order by s.is_active desc, s.id limit 1)`;

/** GET /despacho/yo: the caller's staff record's name (the header greets them by it). */
export async function miNombreDePersonal(db: Queryable, personaId: string): Promise<string | null> {
  const { rows } = await db.query<{ nombre: string | null }>(`select ${nombreDePersonalSql('$1::uuid')} as nombre`, [personaId]);
  return rows[0]?.nombre ?? null;
}

/** The notarías (public.notarias.id) a verified token says its holder is staff of; [] for anyone else. */
export function staffNotarias(claims: Pick<TokenClaims, 'notarias'> | Pick<SessionUser, 'notarias'>): number[] {
  const n = (claims as { notarias?: unknown }).notarias;
  return Array.isArray(n) ? n.filter((x): x is number => Number.isSafeInteger(x) && x > 0) : [];
}

export const EXPEDIENTE_NO_ENCONTRADO = 'Expediente no encontrado';

/**
 * Requires the caller to be staff of the notaría of a case (servicios.expedientes.notaria_id is the
 * notaría's idint). Anyone else gets 404: to them the case does not exist. Returns the case's
 * id, persona, estado and notaría.
 */
export async function requireStaffOf(
  db: Queryable,
  user: Pick<SessionUser, 'notarias' | 'id'>,
  expedienteId: string,
  notFoundMessage = EXPEDIENTE_NO_ENCONTRADO,
): Promise<{ id: string; personaId: string; estado: string; notariaId: number }> {
  const notarias = staffNotarias(user);
  if (!notarias.length || !UUID.test(expedienteId)) throw new HttpError(404, notFoundMessage);
  const { rows } = await db.query<{ id: string; personaId: string; estado: string; notariaId: number; propio: boolean }>(
    `select e.id, e.persona_id as "personaId", e.estado, e.notaria_id as "notariaId", ${CASO_PROPIO('e', '$3')} as propio
       from servicios.expedientes e join public.notarias n on n.idint = e.notaria_id
       join servicios.personas p on p.id = e.persona_id and p.bloqueada_en is null -- blocked (LOPDGDD art. 32): not the office's
      where e.id = $1 and n.id = any ($2::bigint[])`,
    [expedienteId, notarias, user.id],
  );
  if (!rows[0]) throw new HttpError(404, notFoundMessage);
  // the office side of one's own case (or of a persona one owns) is another staff member's work
  if (rows[0].propio) throw new HttpError(403, MENSAJES_DESPACHO.casoPropio);
  const { propio: _propio, ...caso } = rows[0];
  return { ...caso, notariaId: Number(caso.notariaId) };
}

/**
 * SQL: true when the case `alias` is the viewer's own (its persona is the viewer, or a persona
 * the viewer owns). Its office side needs another staff member (issue 31, item 8).
 */
export const CASO_PROPIO = (alias: string, viewer: string) =>
  `(${alias}.persona_id = ${viewer}::uuid or exists (select 1 from servicios.personas pp where pp.id = ${alias}.persona_id and pp.owner_id = ${viewer}::uuid))`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
