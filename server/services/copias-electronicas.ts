import { randomUUID, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db.js';
import type { SessionUser } from '../auth/middleware.js';
import type { Storage } from '../storage/storage.js';
import type { EfectosArchivos } from '../storage/subida.js';
import { HttpError } from '../http.js';
import { csvAgrupado, MENSAJES_VERIFICACION, nuevoCsv, type CopiaElectronicaDto, type VerificacionDto } from '../../domain/verificacion.js';
import { exigirCaso, exigirNotaria } from './acceso-caso.js';
import { cambiarCopia } from './copias.js';
import { isUuid } from './expedientes.js';
import { pagePath } from '../../domain/route.js';
import { publicPages } from '../../resources/page-routes.js';
import { avisarCambio } from '../eventos.js';
import { emitirCopia } from '../escrituras/copia-electronica.js';
import type { Firmas } from '../escrituras/firma.js';

/**
 * Electronic copies with a CSV (servicios.copias_electronicas, 0056): issued by the office of the
 * case from a deed of the case, signed with the notaría's certificate; verified by anyone holding
 * the CSV (GET /verificacion/{csv}); revoked by the office with a reason.
 */
export const COPIA_ELECTRONICA_NO_ENCONTRADA = 'Copia electrónica no encontrada';

interface Row {
  id: string;
  expediente_id: string;
  documento_origen_id: string;
  documento_id: string;
  nombre_archivo: string;
  tipo: 'SIMPLE' | 'AUTORIZADA';
  csv: string;
  sha256: string;
  emitida_en: Date | string;
  solicitante_id: string | null;
  emisor_id: string;
  revocada_en: Date | string | null;
  motivo_revocacion: string | null;
}

const SELECT = `select c.id, c.expediente_id, c.documento_origen_id, c.documento_id, d.nombre as nombre_archivo, c.tipo, c.csv, c.sha256, c.emitida_en,
    c.solicitante_id, c.emisor_id, c.revocada_en, c.motivo_revocacion
  from servicios.copias_electronicas c join servicios.documentos d on d.id = c.documento_id`;

const aDto = (r: Row): CopiaElectronicaDto => ({
  id: r.id,
  expedienteId: r.expediente_id,
  documentoOrigenId: r.documento_origen_id,
  documentoId: r.documento_id,
  nombreArchivo: r.nombre_archivo,
  tipo: r.tipo,
  csv: csvAgrupado(r.csv),
  sha256: r.sha256,
  emitidaEn: new Date(r.emitida_en).toISOString(),
  solicitanteId: r.solicitante_id,
  emisorId: r.emisor_id,
  revocadaEn: r.revocada_en ? new Date(r.revocada_en).toISOString() : null,
  motivoRevocacion: r.motivo_revocacion,
});

export async function listarCopiasElectronicas(db: Queryable, expedienteId: string, user: SessionUser): Promise<CopiaElectronicaDto[]> {
  await exigirCaso(db, expedienteId, user);
  const { rows } = await db.query<Row>(`${SELECT} where c.expediente_id = $1 order by c.emitida_en desc`, [expedienteId]);
  return rows.map(aDto);
}

async function bytesDe(storage: Storage, clave: string): Promise<Buffer> {
  const file = await storage.get(clave);
  if (!file) throw new HttpError(404, 'Falta el archivo de la escritura');
  const trozos: Buffer[] = [];
  for await (const t of file.body) trozos.push(t as Buffer);
  return Buffer.concat(trozos);
}

/** POST /expediente/{id}/copias-electronicas: the office issues a signed copy of one of the case's deeds. */
export async function emitirCopiaElectronica(
  db: Queryable,
  deps: { storage: Storage; firmas: Firmas; efectos?: EfectosArchivos; urlPublica: string },
  expedienteId: string,
  user: SessionUser,
  input: { documentoId: string; tipo: 'SIMPLE' | 'AUTORIZADA'; copiaId?: string },
): Promise<CopiaElectronicaDto> {
  const caso = await exigirCaso(db, expedienteId, user);
  exigirNotaria(caso, 'Solo la notaría emite copias electrónicas');
  const { rows: docs } = await db.query<{ clave: string; nombre: string; mime: string; tipo: string }>(
    'select clave, nombre, mime, tipo from servicios.documentos where id = $1 and expediente_id = $2',
    [input.documentoId, expedienteId],
  );
  const doc = docs[0];
  const campo = (m: string) => new HttpError(400, m, { documentoId: m });
  if (!doc) throw campo('La escritura no pertenece a este expediente');
  if (doc.tipo !== 'ESCRITURA' || doc.mime !== 'application/pdf') throw campo('La copia se emite de una escritura en PDF del expediente');
  const { rows: n } = await db.query<{ nombre: string; codigo: string }>('select nombre, externalidnotaria as codigo from public.notarias where idint = $1', [caso.notariaId]);
  const firma = n[0] && deps.firmas.de(n[0].codigo);
  if (!firma) throw new HttpError(503, `La notaría no tiene certificado de firma configurado (NOTARIA_P12_FILE_${n[0]?.codigo ?? ''} o NOTARIA_P12_FILE)`);
  const csv = nuevoCsv((k) => randomBytes(k));
  const { bytes, sha256 } = await emitirCopia({
    original: await bytesDe(deps.storage, doc.clave),
    csv,
    urlVerificacion: `${deps.urlPublica}${pagePath(publicPages.verificarCsv, csvAgrupado(csv))}`,
    tipo: input.tipo,
    notaria: n[0]?.nombre ?? '',
    firma,
  });
  const clave = `${new Date().toISOString().slice(0, 7).replace('-', '/')}/${randomUUID()}`;
  await deps.storage.put(clave, bytes, 'application/pdf');
  deps.efectos?.escritos.push(clave);
  const nombre = `Copia ${input.tipo === 'AUTORIZADA' ? 'autorizada' : 'simple'} electrónica - ${doc.nombre}`.slice(0, 200);
  const { rows: nuevo } = await db.query<{ id: string }>(
    `insert into servicios.documentos (expediente_id, tipo, nombre, mime, tamano, clave, subido_por, lado)
     values ($1, 'COPIA', $2, 'application/pdf', $3, $4, $5, 'NOTARIA') returning id`,
    [expedienteId, nombre, bytes.byteLength, clave, user.id],
  );
  let solicitante: string | null = null;
  if (input.copiaId) {
    const copia = await cambiarCopia(db, input.copiaId, user, { estado: 'DISPONIBLE', documentoId: nuevo[0].id });
    if (copia.expedienteId !== expedienteId) throw new HttpError(400, 'La solicitud de copia es de otro expediente', { copiaId: 'La solicitud de copia es de otro expediente' });
    solicitante = copia.solicitanteId;
  }
  const { rows } = await db.query<{ id: string }>(
    `insert into servicios.copias_electronicas (csv, expediente_id, documento_origen_id, documento_id, tipo, copia_id, solicitante_id, emisor_id, notaria_id, sha256, prueba)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
    [csv, expedienteId, input.documentoId, nuevo[0].id, input.tipo, input.copiaId ?? null, solicitante, user.id, caso.notariaId, sha256, firma.prueba],
  );
  avisarCambio({ expedienteId, tipo: 'created' });
  return aDto((await db.query<Row>(`${SELECT} where c.id = $1`, [rows[0].id])).rows[0]);
}

/** PUT /copia-electronica/{id}/revocar: the office of the case revokes a copy; its CSV answers 'Revocada' from then on. */
export async function revocarCopiaElectronica(db: Queryable, id: string, user: SessionUser, motivo: string): Promise<CopiaElectronicaDto> {
  if (!isUuid(id)) throw new HttpError(404, COPIA_ELECTRONICA_NO_ENCONTRADA);
  const { rows } = await db.query<Row>(`${SELECT} where c.id = $1`, [id]);
  if (!rows[0]) throw new HttpError(404, COPIA_ELECTRONICA_NO_ENCONTRADA);
  const caso = await exigirCaso(db, rows[0].expediente_id, user).catch(() => {
    throw new HttpError(404, COPIA_ELECTRONICA_NO_ENCONTRADA);
  });
  exigirNotaria(caso, 'Solo la notaría revoca copias electrónicas');
  if (rows[0].revocada_en) throw new HttpError(409, 'Esta copia ya está revocada');
  await db.query('update servicios.copias_electronicas set revocada_en = now(), motivo_revocacion = $2, revocada_por = $3 where id = $1', [id, motivo, user.id]);
  avisarCambio({ expedienteId: caso.id, tipo: 'updated' });
  return aDto((await db.query<Row>(`${SELECT} where c.id = $1`, [id])).rows[0]);
}

interface VerificacionRow {
  csv: string;
  notaria: string | null;
  tipo: 'SIMPLE' | 'AUTORIZADA';
  emitida_en: Date | string;
  sha256: string;
  prueba: boolean;
  revocada_en: Date | string | null;
  motivo_revocacion: string | null;
  clave: string;
  nombre: string;
}

/** The copy a CSV names (normalised), or null. */
export async function copiaPorCsv(db: Queryable, csv: string): Promise<VerificacionRow | null> {
  const { rows } = await db.query<VerificacionRow>(
    `select c.csv, n.nombre as notaria, c.tipo, c.emitida_en, c.sha256, c.prueba, c.revocada_en, c.motivo_revocacion, d.clave, d.nombre
       from servicios.copias_electronicas c join servicios.documentos d on d.id = c.documento_id
       left join public.notarias n on n.idint = c.notaria_id
      where c.csv = $1`,
    [csv],
  );
  return rows[0] ?? null;
}

export function verificacionDto(r: VerificacionRow): VerificacionDto {
  const dto: VerificacionDto = {
    csv: csvAgrupado(r.csv),
    estado: r.revocada_en ? 'REVOCADA' : 'VALIDA',
    notaria: r.notaria ?? '',
    tipo: r.tipo,
    emitidaEn: new Date(r.emitida_en).toISOString(),
    sha256: r.sha256,
    descargable: r.tipo === 'AUTORIZADA' && !r.revocada_en,
    prueba: r.prueba,
  };
  if (r.revocada_en) Object.assign(dto, { revocadaEn: new Date(r.revocada_en).toISOString(), motivoRevocacion: r.motivo_revocacion ?? undefined });
  return dto;
}

/** Look-ups from one address in the last hour (the audit log records each one). */
export async function consultasRecientes(db: Queryable, ip: string | null): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from servicios.audit_log where entity = 'verificacion' and ip is not distinct from $1 and at > now() - interval '1 hour'`,
    [ip],
  );
  return rows[0].n;
}

export { MENSAJES_VERIFICACION };
