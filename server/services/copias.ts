import type { Queryable } from '../db/db.js';
import type { SessionUser } from '../auth/middleware.js';
import { HttpError } from '../http.js';
import type { CopiaDto } from '../../domain/copias.js';
import { ESTADOS_CON_ESCRITURA, type EstadoCopia, type TipoCopia } from '../../domain/copias-rules.js';
import { casoVisible, exigirCaso, notariasDePersonal } from './acceso-caso.js';
import { isUuid } from './expedientes.js';
import { notificar } from '../notificaciones/index.js';
import { avisarCambio } from '../eventos.js';

/**
 * Copies of a finished case's deed. Its client side asks (simple or authorised, with a reason);
 * the office of the case's notaría prepares them and delivers the copy's PDF, a document of the
 * case, or refuses with a reason. A delivered or refused copy is final.
 */
export const COPIA_NO_ENCONTRADA = 'Solicitud de copia no encontrada';

const CLIENTE_NOMBRE = `case when p.tipo_persona = 'JURIDICA'
    then coalesce(nullif(btrim(p.razon_social), ''), 'Sin razón social')
    else coalesce(nullif(btrim(concat_ws(' ', p.nombre, p.primer_apellido, p.segundo_apellido)), ''), 'Sin nombre') end`;

const SELECT = `select c.id, c.expediente_id, e.titulo as expediente_titulo, e.notaria_id, ${CLIENTE_NOMBRE} as cliente_nombre,
    c.solicitante_id, c.tipo, c.motivo, c.estado, c.motivo_rechazo, c.documento_id, c.creada_en, c.actualizada_en
  from servicios.copias c
  join servicios.expedientes e on e.id = c.expediente_id
  join servicios.personas p on p.id = e.persona_id`;

interface CopiaRow {
  id: string;
  expediente_id: string;
  expediente_titulo: string;
  notaria_id: number;
  cliente_nombre: string;
  solicitante_id: string;
  tipo: TipoCopia;
  motivo: string;
  estado: EstadoCopia;
  motivo_rechazo: string | null;
  documento_id: string | null;
  creada_en: Date | string;
  actualizada_en: Date | string;
}

const aDto = (r: CopiaRow): CopiaDto => ({
  id: r.id,
  expedienteId: r.expediente_id,
  expedienteTitulo: r.expediente_titulo,
  notariaId: Number(r.notaria_id),
  clienteNombre: r.cliente_nombre,
  solicitanteId: r.solicitante_id,
  tipo: r.tipo,
  motivo: r.motivo,
  estado: r.estado,
  motivoRechazo: r.motivo_rechazo,
  documentoId: r.documento_id,
  creadaEn: new Date(r.creada_en).toISOString(),
  actualizadaEn: new Date(r.actualizada_en).toISOString(),
});

/** Lists hold the newest requests, this many at most. */
const MAX_LISTA = 200;

async function leer(db: Queryable, id: string): Promise<CopiaDto | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.query<CopiaRow>(`${SELECT} where c.id = $1`, [id]);
  return rows[0] ? aDto(rows[0]) : null;
}

/** POST /expediente/{id}/copias: the client side of a finished case asks for a copy of its deed. */
export async function solicitarCopia(db: Queryable, expedienteId: string, user: SessionUser, input: { tipo: TipoCopia; motivo: string }) {
  const caso = await exigirCaso(db, expedienteId, user);
  if (caso.lado !== 'CLIENTE') throw new HttpError(403, 'Las copias las solicita el cliente del expediente');
  if (!(ESTADOS_CON_ESCRITURA as readonly string[]).includes(caso.estado)) {
    throw new HttpError(409, 'Solo se pueden solicitar copias de un expediente finalizado');
  }
  const { rows } = await db.query<{ id: string }>(
    'insert into servicios.copias (expediente_id, solicitante_id, tipo, motivo) values ($1, $2, $3, $4) returning id',
    [expedienteId, user.id, input.tipo, input.motivo],
  );
  avisarCambio({ expedienteId, tipo: 'created' });
  return (await leer(db, rows[0].id))!;
}

/** GET /expediente/{id}/copias: the copies asked for on a case, for both of its sides. */
export async function listarCopiasExpediente(db: Queryable, expedienteId: string, user: SessionUser): Promise<CopiaDto[]> {
  await exigirCaso(db, expedienteId, user);
  const { rows } = await db.query<CopiaRow>(`${SELECT} where c.expediente_id = $1 order by c.creada_en desc, c.id limit ${MAX_LISTA}`, [expedienteId]);
  return rows.map(aDto);
}

/**
 * GET /copias: the caller's own requests, newest first, of the cases they still read (the rule of
 * the one-row read: a representative whose privilegio ended no longer sees them).
 */
export async function misCopias(db: Queryable, user: SessionUser): Promise<CopiaDto[]> {
  const { rows } = await db.query<CopiaRow>(
    `${SELECT} where c.solicitante_id = $1 and servicios.tiene_permiso(e.persona_id, $1, 'leer_expedientes')
      order by c.creada_en desc, c.id limit ${MAX_LISTA}`,
    [user.id],
  );
  return rows.map(aDto);
}

/** GET /despacho/copias: the requests of the caller's notarías, open ones first; 404 to whoever is not staff. */
export async function copiasDespacho(db: Queryable, user: SessionUser, estado?: EstadoCopia): Promise<CopiaDto[]> {
  const notarias = notariasDePersonal(user);
  if (!notarias.length) throw new HttpError(404, 'Recurso no encontrado');
  const { rows } = await db.query<CopiaRow>(
    `${SELECT} where e.notaria_id in (select idint from public.notarias where id = any($1::bigint[])) and p.bloqueada_en is null ${estado ? 'and c.estado = $2' : ''}
      order by (c.estado in ('SOLICITADA', 'EN_PREPARACION')) desc, c.creada_en desc, c.id limit ${MAX_LISTA}`,
    estado ? [notarias, estado] : [notarias],
  );
  return rows.map(aDto);
}

const SIGUIENTES: Record<EstadoCopia, EstadoCopia[]> = {
  SOLICITADA: ['EN_PREPARACION', 'DISPONIBLE', 'RECHAZADA'],
  EN_PREPARACION: ['DISPONIBLE', 'RECHAZADA'],
  DISPONIBLE: [],
  RECHAZADA: [],
};

/** PUT /copia/{id}: the office of the case moves the request on (delivering the copy's PDF, or refusing with a reason). */
export async function cambiarCopia(
  db: Queryable,
  id: string,
  user: SessionUser,
  input: { estado: 'EN_PREPARACION' | 'DISPONIBLE' | 'RECHAZADA'; documentoId?: string; motivo?: string },
): Promise<CopiaDto> {
  const copia = await leer(db, id);
  const caso = copia && (await casoVisible(db, copia.expedienteId, user));
  // whoever does not see the case gets what an unknown id gets, having asked for it or not
  if (!copia || !caso) throw new HttpError(404, COPIA_NO_ENCONTRADA);
  if (caso?.lado !== 'NOTARIA') throw new HttpError(403, 'Solo la notaría puede tramitar las solicitudes de copia');
  // the row locked: two members of staff answering at once cannot both move it
  const { rows } = await db.query<{ estado: EstadoCopia }>('select estado from servicios.copias where id = $1 for update', [id]);
  const actual = rows[0].estado;
  if (!SIGUIENTES[actual].includes(input.estado)) {
    throw new HttpError(409, actual === 'DISPONIBLE' || actual === 'RECHAZADA' ? 'Esta solicitud ya está cerrada' : 'Cambio de estado no permitido');
  }
  if (input.estado === 'DISPONIBLE') {
    const doc = await db.query<{ mime: string }>('select mime from servicios.documentos where id = $1 and expediente_id = $2', [input.documentoId, copia.expedienteId]);
    if (!doc.rows.length) throw new HttpError(400, 'El documento no pertenece a este expediente', { documentoId: 'El documento no pertenece a este expediente' });
    if (doc.rows[0].mime !== 'application/pdf') throw new HttpError(400, 'La copia debe ser un PDF', { documentoId: 'La copia debe ser un PDF' });
  }
  await db.query(
    `update servicios.copias set estado = $2, documento_id = coalesce($3, documento_id), motivo_rechazo = $4, actualizada_en = now() where id = $1`,
    [id, input.estado, input.estado === 'DISPONIBLE' ? input.documentoId : null, input.estado === 'RECHAZADA' ? input.motivo : null],
  );
  if (input.estado !== 'EN_PREPARACION') await notificar(db, { tipo: 'copia-tramitada', copiaId: id });
  avisarCambio({ expedienteId: copia.expedienteId, tipo: 'updated' });
  return (await leer(db, id))!;
}
