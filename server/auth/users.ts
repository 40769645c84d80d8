import type { Db, Queryable } from '../db/db.js';
import { isPgError } from '../db/db.js';
import { HttpError } from '../http.js';
import { isValidNie, isValidNif, type TipoDocumento } from '../../domain/identifiers.js';
import { aceptarInvitacion } from './identidad.js';

export interface Usuario {
  id: string;
  tipoDocumento: TipoDocumento;
  numeroDocumento: string;
  email: string;
  personaId: string;
}

const COLUMNS = `id, tipo_documento as "tipoDocumento", numero_documento as "numeroDocumento", email, persona_id as "personaId"`;

/** The document type a number most likely is, to choose when the caller gave none. */
function tipoProbable(numero: string): TipoDocumento {
  if (isValidNif(numero)) return 'NIF';
  if (isValidNie(numero)) return 'NIE';
  return 'PASAPORTE';
}

/** The user of a (normalised) document number; with no type given, the most likely type wins. */
export async function findUsuario(db: Queryable, numero: string, tipo?: TipoDocumento): Promise<Usuario | null> {
  const { rows } = await db.query<Usuario>(
    `select ${COLUMNS} from servicios.usuarios
      where numero_documento = $1 and ($2::text is null or tipo_documento = $2) and desplazado_at is null
      order by (tipo_documento = $3) desc, created_at
      limit 1`,
    [numero, tipo ?? null, tipo ?? tipoProbable(numero)],
  );
  return rows[0] ?? null;
}

/** The account of an id; a displaced one (0040_identidad.sql) no longer signs in or refreshes. */
export async function findUsuarioById(db: Queryable, id: string): Promise<Usuario | null> {
  const { rows } = await db.query<Usuario>(`select ${COLUMNS} from servicios.usuarios where id = $1 and desplazado_at is null`, [id]);
  return rows[0] ?? null;
}

/**
 * Creates the user and their own persona (FISICA, owner null), so they can sign in right away.
 * A self-registered persona with that document that no user holds yet is taken over instead.
 * The PIN that confirmed it went to `email`: an invitation recorded for that address and document
 * binds the account (identidad.ts). With `desplazar`, an unproven account holding the document is
 * displaced first: it keeps what it created, its sessions end, the office sees the conflict.
 */
export async function createUsuario(
  db: Db,
  datos: { tipoDocumento: TipoDocumento; numeroDocumento: string; email: string },
  opts: { desplazar?: boolean } = {},
): Promise<Usuario> {
  try {
    return await db.transaction(async (tx) => {
      const desplazado = opts.desplazar ? await desplazarNoProbado(tx, datos) : null;
      const existing = await tx.query<{ id: string }>(
        `select p.id from servicios.personas p
          where p.owner_id is null and p.tipo_persona = 'FISICA'
            and p.identificador_tipo = $1 and p.identificador_numero = $2
            and not exists (select 1 from servicios.usuarios u where u.persona_id = p.id)
          order by p.created_at limit 1`,
        [datos.tipoDocumento, datos.numeroDocumento],
      );
      const personaId =
        existing.rows[0]?.id ??
        (
          await tx.query<{ id: string }>(
            `insert into servicios.personas (tipo_persona, identificador_tipo, identificador_numero, email)
             values ('FISICA', $1, $2, $3) returning id`,
            [datos.tipoDocumento, datos.numeroDocumento, datos.email],
          )
        ).rows[0].id;
      const { rows } = await tx.query<Usuario>(
        `insert into servicios.usuarios (tipo_documento, numero_documento, email, persona_id)
         values ($1, $2, $3, $4) returning ${COLUMNS}`,
        [datos.tipoDocumento, datos.numeroDocumento, datos.email, personaId],
      );
      if (desplazado) await tx.query('update servicios.usuarios set desplazado_por = $2 where id = $1', [desplazado, rows[0].id]);
      await aceptarInvitacion(tx, rows[0]);
      return rows[0];
    });
  } catch (e) {
    // two confirmations at once: the second finds the user (or the e-mail) taken
    if (isPgError(e) && e.code === '23505' && e.constraint === 'usuarios_email_unico') {
      throw new HttpError(409, 'Este email ya está registrado en otra cuenta. Acceda con su documento o use otro email.');
    }
    if (isPgError(e) && e.code === '23505') throw new HttpError(403, 'Usuario ya registrado');
    throw e;
  }
}

/**
 * Marks the unproven account that holds this document as displaced and ends its sessions; an
 * account bound by proof is never displaced (the insert then finds the document taken).
 */
async function desplazarNoProbado(tx: Queryable, doc: { tipoDocumento: string; numeroDocumento: string }): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `update servicios.usuarios u set desplazado_at = now()
      where tipo_documento = $1 and numero_documento = $2 and desplazado_at is null
        and not exists (select 1 from servicios.identidades i where i.usuario_id = u.id)
      returning id`,
    [doc.tipoDocumento, doc.numeroDocumento],
  );
  const id = rows[0]?.id ?? null;
  if (id) await tx.query('update servicios.sesiones set revoked_at = now() where usuario_id = $1 and revoked_at is null', [id]);
  return id;
}
