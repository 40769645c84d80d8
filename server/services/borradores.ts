import { randomUUID } from 'node:crypto';
import { diffWordsWithSpace } from 'diff';
import type { Queryable } from '../db/db.js';
import type { SessionUser } from '../auth/middleware.js';
import type { Storage } from '../storage/storage.js';
import type { EfectosArchivos } from '../storage/subida.js';
import { HttpError } from '../http.js';
import { definicionFormularioSchema } from '../../domain/act-form.js';
import { rellenarPlantilla, vistaBorrador, type BorradorDto, type DiferenciasDto, type RespuestaBorrador } from '../../domain/borrador.js';
import { todayIso } from '../../domain/dates.js';
import { exigirCaso, exigirNotaria, casoVisible } from './acceso-caso.js';
import { ACTO_NO_ENCONTRADO } from './expedientes-actos.js';
import { isUuid } from './expedientes.js';
import { avisarCambio } from '../eventos.js';
import { pdfBorrador } from '../escrituras/pdf-borrador.js';

/**
 * Drafts of a deed (servicios.borradores, 0055_borradores.sql). The office of the case generates
 * one from a template of its notaría for the act (or for every act) and the act's form data; each
 * generation is a new version, all kept, its PDF a document of the case (tipo 'BORRADOR'). The
 * client side reads it and answers once, 'Conforme' or 'Observaciones' with a text.
 */
export const BORRADOR_NO_ENCONTRADO = 'Borrador no encontrado';

interface BorradorRow {
  id: string;
  expediente_id: string;
  acto_id: string;
  acto_titulo: string;
  version: number;
  plantilla_nombre: string;
  faltan: string[];
  documento_id: string;
  nombre_archivo: string;
  creado_en: Date | string;
  respuesta: RespuestaBorrador | null;
  observaciones: string | null;
  respondido_en: Date | string | null;
}

const SELECT = `select b.id, b.expediente_id, b.acto_id, a.titulo as acto_titulo, b.version, b.plantilla_nombre, b.faltan, b.documento_id,
    d.nombre as nombre_archivo, b.creado_en, b.respuesta, b.observaciones, b.respondido_en
  from servicios.borradores b join servicios.actos a on a.id = b.acto_id join servicios.documentos d on d.id = b.documento_id`;

const aDto = (r: BorradorRow): BorradorDto => ({
  id: r.id,
  expedienteId: r.expediente_id,
  actoId: r.acto_id,
  actoTitulo: r.acto_titulo,
  version: Number(r.version),
  plantillaNombre: r.plantilla_nombre,
  faltan: r.faltan ?? [],
  documentoId: r.documento_id,
  nombreArchivo: r.nombre_archivo,
  creadoEn: new Date(r.creado_en).toISOString(),
  respuesta: r.respuesta,
  observaciones: r.observaciones,
  respondidoEn: r.respondido_en ? new Date(r.respondido_en).toISOString() : null,
});

/** GET /expediente/{id}/borradores: every version of every act's draft, newest first, for both sides of the case. */
export async function listarBorradores(db: Queryable, expedienteId: string, user: SessionUser): Promise<BorradorDto[]> {
  await exigirCaso(db, expedienteId, user);
  const { rows } = await db.query<BorradorRow>(`${SELECT} where b.expediente_id = $1 order by b.creado_en desc, b.version desc`, [expedienteId]);
  return rows.map(aDto);
}

interface ActoCaso {
  id: string;
  expediente_id: string;
  titulo: string;
  definicion_acto_id: number | null;
  datos_formulario: unknown;
  nombre_acto: string | null;
}

async function plantillaDe(db: Queryable, notariaId: number, definicionActoId: number | null, plantillaId: number | undefined) {
  const { rows } = await db.query<{ id: number; nombre: string; plantilla: string }>(
    `select p.id, p.nombre, p.plantilla from public.plantillas_escrituras p join public.notarias n on n.id = p.notaria_id
      where n.idint = $1 and p.activo and (p.acto_id = $2 or p.acto_id is null) and ($3::bigint is null or p.id = $3)
      order by (p.acto_id is null), p.id limit 1`,
    [notariaId, definicionActoId, plantillaId ?? null],
  );
  if (rows[0]) return rows[0];
  if (plantillaId) throw new HttpError(400, 'La plantilla no es de este acto o de esta notaría', { plantillaId: 'La plantilla no es de este acto o de esta notaría' });
  throw new HttpError(409, 'La notaría no tiene ninguna plantilla activa para este acto');
}

/**
 * POST /acto/{id}/borradores: the office renders a new version. The PDF is written before the
 * row; the request's effects remove it if the request does not succeed.
 */
export async function generarBorrador(
  db: Queryable,
  storage: Storage,
  efectos: EfectosArchivos | undefined,
  actoId: string,
  user: SessionUser,
  input: { plantillaId?: number },
): Promise<BorradorDto> {
  if (!isUuid(actoId)) throw new HttpError(404, ACTO_NO_ENCONTRADO);
  // the act locked: two generations at once get consecutive versions
  const { rows: actos } = await db.query<ActoCaso>(
    'select id, expediente_id, titulo, definicion_acto_id, datos_formulario, nombre_acto from servicios.actos where id = $1 for update',
    [actoId],
  );
  const acto = actos[0];
  const caso = acto && (await casoVisible(db, acto.expediente_id, user));
  if (!acto || !caso) throw new HttpError(404, ACTO_NO_ENCONTRADO);
  exigirNotaria(caso, 'Solo la notaría puede generar el borrador de la escritura');

  const definicionActoId = acto.definicion_acto_id === null ? null : Number(acto.definicion_acto_id);
  const plantilla = await plantillaDe(db, caso.notariaId, definicionActoId, input.plantillaId);
  const { rows: hechos } = await db.query<{ notaria: string; direccion: string | null; notario: string | null; acto: string | null; definicion: unknown }>(
    `select n.nombre as notaria, n.direccion,
            (select p.name from public.personal p where p.notaria_id = n.id and p.is_active and p.position ilike 'notari%' order by p.id limit 1) as notario,
            (select s.nombre from public.actos_servicios s where s.id = $2) as acto,
            (select s.json_definicion from public.actos_servicios s where s.id = $2) as definicion
       from public.notarias n where n.idint = $1`,
    [caso.notariaId, definicionActoId],
  );
  const h = hechos[0];
  const def = definicionFormularioSchema.safeParse(h?.definicion);
  const fecha = todayIso();
  const { vista, faltan } = vistaBorrador(def.success ? def.data : null, acto.datos_formulario, {
    notario: h?.notario ?? null,
    notaria: h?.notaria ?? '',
    direccionNotaria: h?.direccion ?? null,
    fecha,
    acto: h?.acto ?? acto.nombre_acto ?? acto.titulo,
    expediente: caso.titulo,
    numeroProtocolo: null,
  });
  const texto = rellenarPlantilla(plantilla.plantilla, vista);

  const { rows: v } = await db.query<{ n: number }>('select coalesce(max(version), 0)::int + 1 as n from servicios.borradores where acto_id = $1', [actoId]);
  const version = v[0].n;
  const [y, m, d] = fecha.split('-');
  const bytes = await pdfBorrador({
    notaria: h?.notaria ?? '',
    direccionNotaria: h?.direccion ?? null,
    titulo: h?.acto ?? acto.titulo,
    subtitulo: `Borrador de escritura, versión ${version}, de ${d}/${m}/${y}. Plantilla: ${plantilla.nombre}`,
    faltan,
    texto,
  });
  const clave = `${y}/${m}/${randomUUID()}`;
  await storage.put(clave, bytes, 'application/pdf');
  efectos?.escritos.push(clave);

  const nombre = `Borrador ${acto.titulo} v${version}.pdf`.replace(/[^\p{L}\p{N} ._-]/gu, '').slice(0, 200);
  const { rows: doc } = await db.query<{ id: string }>(
    `insert into servicios.documentos (expediente_id, tipo, nombre, mime, tamano, clave, subido_por, lado)
     values ($1, 'BORRADOR', $2, 'application/pdf', $3, $4, $5, 'NOTARIA') returning id`,
    [acto.expediente_id, nombre, bytes.byteLength, clave, user.id],
  );
  const { rows } = await db.query<{ id: string }>(
    `insert into servicios.borradores (acto_id, expediente_id, version, plantilla_id, plantilla_nombre, texto, faltan, documento_id, creado_por)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [actoId, acto.expediente_id, version, plantilla.id, plantilla.nombre, texto, faltan, doc[0].id, user.id],
  );
  avisarCambio({ expedienteId: acto.expediente_id, tipo: 'created' });
  return (await leer(db, rows[0].id))!;
}

async function leer(db: Queryable, id: string): Promise<BorradorDto | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.query<BorradorRow>(`${SELECT} where b.id = $1`, [id]);
  return rows[0] ? aDto(rows[0]) : null;
}

async function borradorVisible(db: Queryable, id: string, user: SessionUser) {
  const b = await leer(db, id);
  const caso = b && (await casoVisible(db, b.expedienteId, user));
  if (!b || !caso) throw new HttpError(404, BORRADOR_NO_ENCONTRADO);
  return { b, caso };
}

/** PUT /borrador/{id}/respuesta: the client side answers the newest version of a draft, once. */
export async function responderBorrador(db: Queryable, id: string, user: SessionUser, input: { respuesta: RespuestaBorrador; observaciones?: string }) {
  const { b, caso } = await borradorVisible(db, id, user);
  if (caso.lado !== 'CLIENTE') throw new HttpError(403, 'El borrador lo responde el cliente del expediente');
  const { rows } = await db.query<{ respuesta: string | null; ultima: number }>(
    `select b.respuesta, (select max(version) from servicios.borradores o where o.acto_id = b.acto_id)::int as ultima
       from servicios.borradores b where b.id = $1 for update`,
    [id],
  );
  if (rows[0].respuesta) throw new HttpError(409, 'Este borrador ya tiene su respuesta');
  if (rows[0].ultima !== b.version) throw new HttpError(409, 'Hay una versión más reciente de este borrador: responda a esa');
  await db.query(
    `update servicios.borradores set respuesta = $2, observaciones = $3, respondido_por = $4, respondido_en = now() where id = $1`,
    [id, input.respuesta, input.respuesta === 'OBSERVACIONES' ? input.observaciones : null, user.id],
  );
  avisarCambio({ expedienteId: b.expedienteId, tipo: 'updated' });
  return (await leer(db, id))!;
}

/** GET /borrador/{id}/diferencias?con={otro}: what changed, word by word, from the other version of the same act to this one. */
export async function diferenciasBorrador(db: Queryable, id: string, otroId: string, user: SessionUser): Promise<DiferenciasDto> {
  const { b } = await borradorVisible(db, id, user);
  const { b: otro } = await borradorVisible(db, otroId, user);
  if (otro.actoId !== b.actoId) throw new HttpError(400, 'Solo se comparan versiones del borrador de un mismo acto', { con: 'Solo se comparan versiones del borrador de un mismo acto' });
  const { rows } = await db.query<{ id: string; texto: string }>('select id, texto from servicios.borradores where id = any($1::uuid[])', [[id, otroId]]);
  const texto = (x: string) => rows.find((r) => r.id === x)?.texto ?? '';
  const partes = diffWordsWithSpace(texto(otroId), texto(id)).map((p) => ({
    texto: p.value,
    tipo: p.added ? ('añadido' as const) : p.removed ? ('quitado' as const) : ('igual' as const),
  }));
  return { de: otro.version, a: b.version, partes };
}
