import type { Queryable } from '../db/db.js';
import { isPgError } from '../db/db.js';
import { HttpError } from '../http.js';
import type { ActoDto, ActoUpdate, DatosFormulario } from '../../domain/expediente.js';
import { MENSAJES_ACTO, expedienteCerrado, mensajeExpedienteCerrado, type EstadoActo } from '../../domain/expediente-rules.js';
import { definicionFormularioSchema, validarDatosFormulario } from '../../domain/act-form.js';
import { expedienteAutorizado, isUuid } from './expedientes.js';
import { MENSAJES_DESPACHO, accionesClienteActos } from '../../domain/despacho-rules.js';

/**
 * The acts of a case file. Reading them needs 'leer_actos' on the case's persona; creating and
 * changing them is changing the case, so it needs 'actualizar_expedientes'.
 */

export const ACTO_NO_ENCONTRADO = 'Acto no encontrado';

interface ActoRow {
  id: string;
  expediente_id: string;
  titulo: string;
  status: EstadoActo;
  fecha: Date | string;
  definicion_acto_id: string | number | null;
  datos_formulario: DatosFormulario | null;
  nombre_acto: string | null;
  url_acto: string | null;
  retirado_at: Date | string | null;
  devolucion_comentario: string | null;
  devuelto_at: Date | string | null;
}

const COLUMNS =
  'id, expediente_id, titulo, status, fecha, definicion_acto_id, datos_formulario, nombre_acto, url_acto, retirado_at, devolucion_comentario, devuelto_at';

/** The definition used when an act names none: act 3, 'Poder General' (as the portal does). */
const DEFINICION_POR_DEFECTO = 3;

/**
 * datosFormulario must keep the formats and bounds of the act's form definition (numbers,
 * dates, options, documents); required fields are not checked, since drafts are saved on the way.
 * An act whose definition is missing or unreadable is not checked.
 */
async function comprobarDatos(db: Queryable, definicionActoId: number | null | undefined, datos: DatosFormulario) {
  const { rows } = await db.query<{ json_definicion: unknown }>('select json_definicion from public.actos_servicios where id = $1', [
    definicionActoId || DEFINICION_POR_DEFECTO,
  ]);
  const def = definicionFormularioSchema.safeParse(rows[0]?.json_definicion);
  if (!def.success) return;
  const errores = validarDatosFormulario(def.data, datos);
  const primero = Object.values(errores)[0];
  if (primero) throw new HttpError(400, `${MENSAJES_ACTO.datos}: ${primero}`, errores);
}

/**
 * A finished case is closed to its client side's changes (409 naming its estado) until the office
 * reopens it. The row is share-locked, so the office's change of estado (for update) waits for
 * this change or this change sees the new estado.
 */
async function exigirExpedienteAbierto(db: Queryable, expedienteId: string): Promise<void> {
  const { rows } = await db.query<{ estado: string }>('select estado from servicios.expedientes where id = $1 for share', [expedienteId]);
  if (rows[0] && expedienteCerrado(rows[0].estado)) throw new HttpError(409, mensajeExpedienteCerrado(rows[0].estado));
}

const fecha = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

function toDto(r: ActoRow): ActoDto {
  return {
    id: r.id,
    expedienteId: r.expediente_id,
    titulo: r.titulo,
    status: r.status,
    fecha: fecha(r.fecha),
    definicionActoId: r.definicion_acto_id === null ? null : Number(r.definicion_acto_id),
    datosFormulario: r.datos_formulario ?? {},
    nombre_acto: r.nombre_acto,
    url_acto: r.url_acto,
    retiradoEn: r.retirado_at === null ? null : fecha(r.retirado_at),
    devolucionComentario: r.devolucion_comentario,
    devueltoEn: r.devuelto_at === null ? null : fecha(r.devuelto_at),
  };
}

export async function listarActos(db: Queryable, expedienteId: string, viewerId: string): Promise<ActoDto[]> {
  await expedienteAutorizado(db, expedienteId, viewerId, 'leer_actos');
  const { rows } = await db.query<ActoRow>(`select ${COLUMNS} from servicios.actos where expediente_id = $1 order by fecha, created_at, id`, [expedienteId]);
  return rows.map(toDto);
}

export async function crearActo(
  db: Queryable,
  viewerId: string,
  input: {
    expedienteId: string;
    titulo: string;
    status: EstadoActo;
    fecha?: string;
    definicionActoId?: number | null;
    datosFormulario: DatosFormulario;
    nombre_acto?: string | null;
    url_acto?: string | null;
  },
): Promise<ActoDto> {
  await expedienteAutorizado(db, input.expedienteId, viewerId, 'actualizar_expedientes');
  await exigirExpedienteAbierto(db, input.expedienteId);
  await comprobarDatos(db, input.definicionActoId, input.datosFormulario);
  const { rows } = await db.query<ActoRow>(
    `insert into servicios.actos (expediente_id, titulo, status, fecha, definicion_acto_id, datos_formulario, nombre_acto, url_acto, created_by)
     values ($1, $2, $3, coalesce($4::timestamptz, now()), $5, $6::jsonb, $7, $8, $9)
     returning ${COLUMNS}`,
    [
      input.expedienteId,
      input.titulo,
      input.status,
      input.fecha ?? null,
      input.definicionActoId ?? null,
      JSON.stringify(input.datosFormulario),
      input.nombre_acto ?? null,
      input.url_acto ?? null,
      viewerId,
    ],
  );
  return toDto(rows[0]);
}

/** Changes only the fields present in the body; the act's case never changes. */
export async function actualizarActo(db: Queryable, id: string, viewerId: string, changes: Omit<ActoUpdate, 'id' | 'expedienteId'> & { definicionActoId?: number | null }): Promise<ActoDto> {
  if (!isUuid(id)) throw new HttpError(404, ACTO_NO_ENCONTRADO);
  const found = await db.query<{ expediente_id: string; definicion_acto_id: string | number | null; status: EstadoActo; estado_expediente: string }>(
    `select a.expediente_id, a.definicion_acto_id, a.status, e.estado as estado_expediente
       from servicios.actos a join servicios.expedientes e on e.id = a.expediente_id where a.id = $1`,
    [id],
  );
  if (!found.rows.length) throw new HttpError(404, ACTO_NO_ENCONTRADO);
  // an act of a case the caller cannot see is not found either
  await expedienteAutorizado(db, found.rows[0].expediente_id, viewerId, 'actualizar_expedientes').catch((e: unknown) => {
    if (e instanceof HttpError && e.status === 404) throw new HttpError(404, ACTO_NO_ENCONTRADO);
    throw e;
  });
  await exigirExpedienteAbierto(db, found.rows[0].expediente_id);
  // once the office has taken the case (no longer PENDIENTE), a sent act goes back to BORRADOR
  // only by the office's hand (PUT /acto/{id}/devolver, with a comment for the client)
  if (changes.status === 'BORRADOR' && found.rows[0].status === 'ENVIADO' && found.rows[0].estado_expediente !== 'PENDIENTE') {
    // the reason names the estado the case is in (en trámite, finalizado...)
    throw new HttpError(409, accionesClienteActos(found.rows[0].estado_expediente).motivo ?? MENSAJES_DESPACHO.soloDespacho);
  }
  if (changes.datosFormulario !== undefined) {
    const definicion = changes.definicionActoId !== undefined ? changes.definicionActoId : found.rows[0].definicion_acto_id;
    await comprobarDatos(db, definicion === null ? null : Number(definicion), changes.datosFormulario);
  }
  const sets: string[] = [];
  const params: unknown[] = [id];
  const set = (column: string, value: unknown, cast = '') => {
    params.push(value);
    sets.push(`${column} = $${params.length}${cast}`);
  };
  if (changes.titulo !== undefined) set('titulo', changes.titulo);
  if (changes.status !== undefined) set('status', changes.status);
  if (changes.fecha !== undefined) set('fecha', changes.fecha, '::timestamptz');
  if (changes.definicionActoId !== undefined) set('definicion_acto_id', changes.definicionActoId);
  if (changes.datosFormulario !== undefined) set('datos_formulario', JSON.stringify(changes.datosFormulario), '::jsonb');
  if (changes.nombre_acto !== undefined) set('nombre_acto', changes.nombre_acto);
  if (changes.url_acto !== undefined) set('url_acto', changes.url_acto);
  sets.push('updated_at = now()');
  try {
    const { rows } = await db.query<ActoRow>(`update servicios.actos set ${sets.join(', ')} where id = $1 returning ${COLUMNS}`, params);
    return toDto(rows[0]);
  } catch (e) {
    if (isPgError(e) && e.code === '55000') throw new HttpError(409, MENSAJES_ACTO.enviado);
    throw e;
  }
}
