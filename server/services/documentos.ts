import type { Queryable } from '../db/db.js';
import type { SessionUser } from '../auth/middleware.js';
import { HttpError } from '../http.js';
import type { Subida } from '../storage/subida.js';
import { FINALIDAD_DOCUMENTO_IDENTIDAD, TIPOS_DOCUMENTO_IDENTIDAD, esDocumentoIdentidad, type DocumentoDto, type TipoDocumentoExpediente, type TipoDocumentoPersona } from '../../domain/documentos.js';
import type { LimitesDocumentos } from '../config.js';
import { MENSAJES_CUOTA } from '../../domain/documentos.js';
import { casoVisible, exigirCaso, exigirNotaria, notariasDePersonal } from './acceso-caso.js';
import { isUuid } from './expedientes.js';
import { tienePermiso } from './permisos.js';
import { notificar } from '../notificaciones/index.js';
import { avisarCambio } from '../eventos.js';

/**
 * Documents of a case and of a persona. A case's are uploaded by its office and seen by both of
 * its sides; a persona's (identity documents, deed of incorporation) are uploaded by whoever may
 * update the persona's record and seen by whoever may read it in full, and by the office of a
 * notaría where the persona has a case. Anybody else gets 404 for any id.
 */
export const DOCUMENTO_NO_ENCONTRADO = 'Documento no encontrado';

interface DocumentoRow {
  id: string;
  expediente_id: string | null;
  persona_id: string | null;
  tipo: DocumentoDto['tipo'];
  nombre: string;
  mime: string;
  tamano: number;
  lado: 'CLIENTE' | 'NOTARIA';
  clave: string;
  creado_en: Date | string;
  finalidad: string | null;
}

const COLUMNAS = 'id, expediente_id, persona_id, tipo, nombre, mime, tamano, lado, clave, creado_en, finalidad';

export const aDto = (r: DocumentoRow): DocumentoDto => ({
  id: r.id,
  expedienteId: r.expediente_id,
  personaId: r.persona_id,
  tipo: r.tipo,
  nombre: r.nombre,
  mime: r.mime,
  tamano: Number(r.tamano),
  lado: r.lado,
  creadoEn: new Date(r.creado_en).toISOString(),
  finalidad: r.finalidad ?? null,
});

/** At most this many documents are listed for one case or persona (newest first). */
const MAX_LISTA = 200;

export async function listarDocumentosExpediente(db: Queryable, expedienteId: string, user: SessionUser): Promise<DocumentoDto[]> {
  await exigirCaso(db, expedienteId, user);
  const { rows } = await db.query<DocumentoRow>(
    // drafts are listed with their versions (GET /expediente/{id}/borradores), not here
    `select ${COLUMNAS} from servicios.documentos where expediente_id = $1 and tipo <> 'BORRADOR' order by creado_en desc, id limit ${MAX_LISTA}`,
    [expedienteId],
  );
  return rows.map(aDto);
}

function exigirArchivo(subida: Subida | undefined): Extract<Subida, { ok: true }> {
  if (!subida) throw new HttpError(400, 'Adjunte el archivo en el campo «archivo»');
  if (!subida.ok) throw subida.error;
  return subida;
}

const MB = 1024 * 1024;
const enMb = (bytes: number) => Math.round(bytes / MB);

/**
 * The bounds of an upload, checked in its transaction under a lock of the account (parallel
 * uploads of one account are counted one after the other): uploads a minute per account; the bytes
 * of a case or of a persona's documents; and, for the client side, the bytes of the account. The
 * office's uploads count against the case, not against the staff member's account.
 */
async function exigirCuotas(db: Queryable, a: Extract<Subida, { ok: true }>, dueño: { expedienteId?: string; personaId?: string }, user: SessionUser, lado: 'CLIENTE' | 'NOTARIA', l: LimitesDocumentos) {
  await db.query(`select pg_advisory_xact_lock(hashtext('servicios.documentos'), hashtext($1::text))`, [user.id]);
  const { rows } = await db.query<{ recientes: number; cuenta: string; dueno: string }>(
    `select (select count(*)::int from servicios.documentos where subido_por = $1::uuid and creado_en > clock_timestamp() - interval '1 minute') as recientes,
            (select coalesce(sum(tamano), 0) from servicios.documentos where subido_por = $1::uuid and lado = 'CLIENTE') as cuenta,
            (select coalesce(sum(tamano), 0) from servicios.documentos where expediente_id = $2::uuid or persona_id = $3::uuid) as dueno`,
    [user.id, dueño.expedienteId ?? null, dueño.personaId ?? null],
  );
  const r = rows[0];
  if (r.recientes >= l.subidasPorMinuto) throw new HttpError(429, MENSAJES_CUOTA.ritmo(l.subidasPorMinuto));
  if (Number(r.dueno) + a.tamano > l.cuotaDuenoBytes) {
    throw new HttpError(413, dueño.expedienteId ? MENSAJES_CUOTA.expediente(enMb(l.cuotaDuenoBytes)) : MENSAJES_CUOTA.persona(enMb(l.cuotaDuenoBytes)));
  }
  if (lado === 'CLIENTE' && Number(r.cuenta) + a.tamano > l.cuotaCuentaBytes) throw new HttpError(413, MENSAJES_CUOTA.cuenta(enMb(l.cuotaCuentaBytes)));
}

async function insertar(db: Queryable, a: Extract<Subida, { ok: true }>, dueño: { expedienteId?: string; personaId?: string }, tipo: string, user: SessionUser, lado: 'CLIENTE' | 'NOTARIA', l: LimitesDocumentos) {
  await exigirCuotas(db, a, dueño, user, lado, l);
  const { rows } = await db.query<DocumentoRow>(
    `insert into servicios.documentos (expediente_id, persona_id, tipo, nombre, mime, tamano, clave, subido_por, lado, finalidad)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning ${COLUMNAS}`,
    [dueño.expedienteId ?? null, dueño.personaId ?? null, tipo, a.nombre, a.mime, a.tamano, a.clave, user.id, lado, esDocumentoIdentidad(tipo) ? FINALIDAD_DOCUMENTO_IDENTIDAD : null],
  );
  return aDto(rows[0]);
}

/** POST /expediente/{id}/documentos: only the case's office uploads. */
/**
 * The upload's kind is read from its other fields once the file itself is accepted: a file that is
 * not a PDF, JPEG or PNG is told as that, whatever kind it was sent as.
 */
type TipoDe<T> = (campos: Record<string, string>) => T;

export async function subirDocumentoExpediente(db: Queryable, expedienteId: string, user: SessionUser, tipoDe: TipoDe<TipoDocumentoExpediente>, subida: Subida | undefined, l: LimitesDocumentos) {
  const caso = await exigirCaso(db, expedienteId, user);
  exigirNotaria(caso, 'Solo la notaría puede subir documentos al expediente');
  const archivo = exigirArchivo(subida);
  const tipo = tipoDe(archivo.campos);
  const doc = await insertar(db, archivo, { expedienteId }, tipo, user, 'NOTARIA', l);
  // the client is told in the same transaction; a copy's file is told by the copy's own notice
  if (tipo !== 'COPIA') await notificar(db, { tipo: 'documento-listo', documentoId: doc.id });
  avisarCambio({ expedienteId, tipo: 'created' });
  return doc;
}

/** May the caller see this persona's documents? (full record, or office of a notaría where the persona has a case) */
async function veDocumentosPersona(db: Queryable, personaId: string, user: SessionUser): Promise<boolean> {
  if (!isUuid(personaId)) return false;
  if ((await tienePermiso(db, { persona: personaId, viewer: user.id, permiso: 'leer_ficha' })) || (await tienePermiso(db, { persona: personaId, viewer: user.id, permiso: 'actualizar_ficha' }))) return true;
  const notarias = notariasDePersonal(user);
  if (!notarias.length) return false;
  const { rows } = await db.query(`select 1 from servicios.expedientes e join public.notarias n on n.idint = e.notaria_id
      where e.persona_id = $1 and n.id = any($2::bigint[]) limit 1`, [personaId, notarias]);
  return rows.length > 0;
}

/**
 * May the caller see this persona's identity-document images? Only the person (or the owner who
 * manages the record) and staff of a notaría where the person has a case; never a representative.
 */
async function veIdentidad(db: Queryable, personaId: string, user: SessionUser): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(
    `select exists (select 1 from servicios.personas p where p.id = $1 and p.bloqueada_en is null and (p.id = $2 or p.owner_id = $2))
         or exists (select 1 from servicios.expedientes e join public.notarias n on n.idint = e.notaria_id
                     join servicios.personas p on p.id = e.persona_id and p.bloqueada_en is null
                     where e.persona_id = $1 and n.id = any($3::bigint[])) as ok`,
    [personaId, user.id, notariasDePersonal(user)],
  );
  return rows[0].ok;
}

export async function listarDocumentosPersona(db: Queryable, personaId: string, user: SessionUser): Promise<DocumentoDto[]> {
  if (!(await veDocumentosPersona(db, personaId, user))) throw new HttpError(404, 'Persona no encontrada');
  const identidad = await veIdentidad(db, personaId, user);
  const { rows } = await db.query<DocumentoRow>(
    `select ${COLUMNAS} from servicios.documentos where persona_id = $1 and ($2 or tipo <> all ($3::text[])) order by creado_en desc, id limit ${MAX_LISTA}`,
    [personaId, identidad, TIPOS_DOCUMENTO_IDENTIDAD],
  );
  return rows.map(aDto);
}

/** POST /persona/{id}/documentos: whoever may update the persona's record. */
export async function subirDocumentoPersona(db: Queryable, personaId: string, user: SessionUser, tipoDe: TipoDe<TipoDocumentoPersona>, subida: Subida | undefined, l: LimitesDocumentos) {
  if (!(await veDocumentosPersona(db, personaId, user))) throw new HttpError(404, 'Persona no encontrada');
  if (!(await tienePermiso(db, { persona: personaId, viewer: user.id, permiso: 'actualizar_ficha' }))) throw new HttpError(403, 'No tiene permiso para modificar los documentos de esta persona');
  const archivo = exigirArchivo(subida);
  return insertar(db, archivo, { personaId }, tipoDe(archivo.campos), user, 'CLIENTE', l);
}

/** The document row if the caller may see it; null otherwise (answered 404). */
export async function documentoVisible(db: Queryable, id: string, user: SessionUser): Promise<(DocumentoDto & { clave: string }) | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.query<DocumentoRow>(`select ${COLUMNAS} from servicios.documentos where id = $1`, [id]);
  const r = rows[0];
  if (!r) return null;
  const visible = r.expediente_id
    ? (await casoVisible(db, r.expediente_id, user)) !== null
    : esDocumentoIdentidad(r.tipo)
      ? await veIdentidad(db, r.persona_id!, user)
      : await veDocumentosPersona(db, r.persona_id!, user);
  return visible ? { ...aDto(r), clave: r.clave } : null;
}

/**
 * DELETE /documento/{id}: the office removes a case's document, the client side a persona's.
 * The file goes once the row's deletion has committed (the caller adds the key to its effects).
 */
export async function borrarDocumento(db: Queryable, id: string, user: SessionUser): Promise<string> {
  const d = await documentoVisible(db, id, user);
  if (!d) throw new HttpError(404, DOCUMENTO_NO_ENCONTRADO);
  if (d.expedienteId) exigirNotaria((await casoVisible(db, d.expedienteId, user))!, 'Solo la notaría puede borrar documentos del expediente');
  else if (!(await tienePermiso(db, { persona: d.personaId!, viewer: user.id, permiso: 'actualizar_ficha' }))) throw new HttpError(403, 'No tiene permiso para modificar los documentos de esta persona');
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from servicios.copias where documento_id = $1', [id]);
  if (rows[0].n > 0) throw new HttpError(409, 'Este documento es una copia entregada y no se puede borrar');
  if (d.tipo === 'BORRADOR') throw new HttpError(409, 'Este documento es una versión del borrador de la escritura y se conserva');
  await db.query('delete from servicios.documentos where id = $1', [id]);
  if (d.expedienteId) avisarCambio({ expedienteId: d.expedienteId, tipo: 'deleted' });
  return d.clave;
}
