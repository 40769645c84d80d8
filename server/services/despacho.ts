import type { Queryable } from '../db/db.js';
import { HttpError } from '../http.js';
import { requireStaffOf, staffNotarias } from '../auth/staff.js';
import type { SessionUser } from '../auth/middleware.js';
import { notificar } from '../notificaciones/index.js';
import {
  FILTROS_ESTADO,
  MENSAJES_DESPACHO,
  transicion,
  type CambioEstado,
  type DespachoExpediente,
  type DespachoLista,
  type DespachoQuery,
} from '../../domain/despacho.js';
import { ACTO_NO_ENCONTRADO } from './expedientes-actos.js';
import { isUuid } from './expedientes.js';
import { avisarCambio } from '../eventos.js';

/**
 * The office's work on the cases of its notarías (staff only, server/auth/staff.ts). What the
 * caller may not see answers 404, whoever they are.
 */

const TERMINADOS = `('FINALIZADO', 'COMPLETADO')`;
const CLIENTE_NOMBRE = `case when p.tipo_persona = 'JURIDICA'
    then coalesce(nullif(btrim(p.razon_social), ''), 'Sin razón social')
    else coalesce(nullif(btrim(concat_ws(' ', p.nombre, p.primer_apellido, p.segundo_apellido)), ''), 'Sin nombre') end`;

/** The estados stored for a filter: Finalizado includes Completado. */
const estadosDe = (f: (typeof FILTROS_ESTADO)[number]) => (f === 'FINALIZADO' ? ['FINALIZADO', 'COMPLETADO'] : [f]);

/**
 * GET /despacho/expedientes. A page is read notaría by notaría (and estado by estado when
 * filtered) from the indexes of 0016_despacho.sql, each walk stopping at the page's end, so the
 * first page costs the same with a hundred or a hundred thousand cases; totals and counters come
 * from servicios.expedientes_por_estado unless a client filter needs a count.
 */
export async function listarDespacho(db: Queryable, user: Pick<SessionUser, 'notarias'>, q: DespachoQuery): Promise<DespachoLista> {
  const notarias = staffNotarias(user);
  const vacio = { data: [], total: 0, contadores: { PENDIENTE: 0, EN_TRAMITE: 0, FINALIZADO: 0 } };
  if (!notarias.length) return vacio;
  const params: unknown[] = [notarias];
  const p = (v: unknown) => (params.push(v), `$${params.length}`);
  const estados = q.estado ? estadosDe(q.estado) : null;
  const estadosRef = estados ? p(estados) : null;
  const texto = q.q?.trim();
  const filtroCliente = texto
    ? (() => {
        const patron = p(`%${texto.replace(/[\\%_]/g, '\\$&')}%`);
        return `and exists (select 1 from servicios.personas p where p.id = e.persona_id
                  and (servicios.sin_acentos(${CLIENTE_NOMBRE}) like servicios.sin_acentos(${patron})
                       or upper(p.identificador_numero) like upper(replace(replace(${patron}, ' ', ''), '-', ''))))`;
      })()
    : '';
  const porVencimiento = q.orden === 'vencimiento';
  const orden = porVencimiento ? `(x.estado in ${TERMINADOS}), x.due_date, x.fecha_alta desc, x.id` : 'x.fecha_alta desc, x.id';
  const ordenE = orden.replace(/x\./g, 'e.');
  const hasta = q.page * q.size;
  const offset = (q.page - 1) * q.size;
  const fuente = estadosRef
    ? `nots cross join unnest(${estadosRef}::text[]) est cross join lateral (
         select e.id, e.estado, e.fecha_alta, e.due_date from servicios.expedientes e
          where e.notaria_id = nots.idint and e.estado = est ${filtroCliente} order by ${ordenE} limit ${hasta}) x`
    : `nots cross join lateral (
         select e.id, e.estado, e.fecha_alta, e.due_date from servicios.expedientes e
          where e.notaria_id = nots.idint ${filtroCliente} order by ${ordenE} limit ${hasta}) x`;
  const total = texto
    ? `(select count(*) from servicios.expedientes e join nots on nots.idint = e.notaria_id
         where ${estadosRef ? `e.estado = any(${estadosRef}::text[])` : 'true'} ${filtroCliente})`
    : `(select coalesce(sum(c.total), 0) from servicios.expedientes_por_estado c join nots on nots.idint = c.notaria_id
         ${estadosRef ? `where c.estado = any(${estadosRef}::text[])` : ''})`;
  const { rows } = await db.query<{
    id: string;
    titulo: string;
    estado: string;
    fecha_alta: Date | string;
    due_date: string | null;
    vencido: boolean;
    notaria_id: number;
    notaria_id_publico: number;
    notaria_nombre: string;
    cliente_nombre: string;
    cliente_documento: string | null;
    actos_enviados: string | number;
    total: string | number;
    contadores: Record<string, string | number> | null;
  }>(
    `with nots as materialized (select idint from public.notarias where id = any($1::bigint[])),
     pagina as materialized (select x.id, row_number() over (order by ${orden}) as pos from ${fuente} order by ${orden} limit ${q.size} offset ${offset})
     select e.id, e.titulo, e.estado, e.fecha_alta, to_char(e.due_date, 'YYYY-MM-DD') as due_date,
            (e.due_date < servicios.hoy() and e.estado not in ${TERMINADOS}) as vencido,
            e.notaria_id, coalesce(n.nombre, 'Notaría no encontrada') as notaria_nombre,
            ${CLIENTE_NOMBRE} as cliente_nombre, p.identificador_numero as cliente_documento,
            (select count(*) from servicios.actos a where a.expediente_id = e.id and a.status = 'ENVIADO') as actos_enviados,
            ${total} as total,
            (select jsonb_object_agg(estado, n) from (select c.estado, sum(c.total) as n from servicios.expedientes_por_estado c
               join nots on nots.idint = c.notaria_id group by c.estado) k) as contadores
       from (select 1) uno
       left join pagina on true
       left join servicios.expedientes e on e.id = pagina.id
       left join servicios.personas p on p.id = e.persona_id
       left join public.notarias n on n.idint = e.notaria_id
      order by pagina.pos`,
    params,
  );
  const k = rows[0]?.contadores ?? {};
  const num = (v: unknown) => Number(v ?? 0);
  const contadores = {
    PENDIENTE: num(k.PENDIENTE),
    EN_TRAMITE: num(k.EN_TRAMITE),
    FINALIZADO: num(k.FINALIZADO) + num(k.COMPLETADO),
  };
  const data: DespachoExpediente[] = rows
    .filter((r) => r.id)
    .map((r) => ({
      id: r.id,
      titulo: r.titulo,
      estado: r.estado,
      fechaAlta: new Date(r.fecha_alta).toISOString(),
      dueDate: r.due_date,
      vencido: r.vencido === true,
      notariaId: Number(r.notaria_id),
      notariaNombre: r.notaria_nombre,
      clienteNombre: r.cliente_nombre,
      clienteDocumento: r.cliente_documento,
      actosEnviados: Number(r.actos_enviados),
    }));
  return { data, total: num(rows[0]?.total), contadores };
}

/** The case as staff see it: the case, its client's data and its acts with their forms (read-only). */
export async function expedienteDeDespacho(db: Queryable, user: Pick<SessionUser, 'notarias'>, id: string) {
  await requireStaffOf(db, user, id);
  const { rows } = await db.query<Record<string, unknown>>(
    `select e.id, e.titulo, e.estado, e.fecha_alta as "fechaAlta", to_char(e.due_date, 'YYYY-MM-DD') as "dueDate",
            e.notaria_id as "notariaId", coalesce(n.nombre, 'Notaría no encontrada') as "notariaNombre", e.links,
            (e.due_date < servicios.hoy() and e.estado not in ${TERMINADOS}) as vencido,
            jsonb_build_object(
              'id', p.id, 'tipoPersona', p.tipo_persona, 'nombre', ${CLIENTE_NOMBRE},
              'identificador', jsonb_build_object('tipo', p.identificador_tipo, 'numero', p.identificador_numero),
              'email', p.email, 'telefono', p.telefono) as cliente
       from servicios.expedientes e
       join servicios.personas p on p.id = e.persona_id
       left join public.notarias n on n.idint = e.notaria_id
      where e.id = $1`,
    [id],
  );
  const actos = await db.query<Record<string, unknown>>(
    `select id, expediente_id as "expedienteId", titulo, status, fecha, definicion_acto_id as "definicionActoId",
            datos_formulario as "datosFormulario", nombre_acto, url_acto, retirado_at as "retiradoEn",
            devolucion_comentario as "devolucionComentario", devuelto_at as "devueltoEn"
       from servicios.actos where expediente_id = $1 order by fecha, created_at, id limit 200`,
    [id],
  );
  const historial = await db.query<Record<string, unknown>>(
    `select estado_anterior as "estadoAnterior", estado, motivo, created_at as "fecha"
       from servicios.expediente_estados where expediente_id = $1 order by created_at desc, id desc limit 50`,
    [id],
  );
  const e = rows[0];
  return {
    ...e,
    notariaId: Number(e.notariaId),
    fechaAlta: new Date(e.fechaAlta as string).toISOString(),
    actos: actos.rows.map((a) => ({ ...a, definicionActoId: a.definicionActoId === null ? null : Number(a.definicionActoId) })),
    historial: historial.rows,
  };
}

/**
 * PUT /expediente/{id}/estado: staff of the case's notaría move it forward (Pendiente → En trámite
 * → Finalizado or Completado) or back with a reason. One transaction (the services router's):
 * the change, its history row and the client's e-mail in the queue.
 */
export async function cambiarEstado(db: Queryable, user: SessionUser, id: string, body: CambioEstado) {
  const exp = await requireStaffOf(db, user, id);
  // the row is locked so two offices' clicks cannot both move it from the same estado
  const { rows } = await db.query<{ estado: string }>('select estado from servicios.expedientes where id = $1 for update', [id]);
  const de = rows[0].estado;
  const sentido = transicion(de, body.estado);
  if (!sentido) throw new HttpError(409, MENSAJES_DESPACHO.transicionNoValida(de, body.estado));
  if (sentido === 'atras' && !body.motivo) throw new HttpError(400, MENSAJES_DESPACHO.motivoObligatorio, { motivo: MENSAJES_DESPACHO.motivoObligatorio });
  await db.query('update servicios.expedientes set estado = $2, updated_at = now() where id = $1', [id, body.estado]);
  await db.query(
    'insert into servicios.expediente_estados (expediente_id, estado_anterior, estado, motivo, persona_id) values ($1, $2, $3, $4, $5)',
    [id, de, body.estado, body.motivo, user.id],
  );
  await notificar(db, { tipo: 'expediente-estado', expedienteId: exp.id, estado: body.estado, motivo: body.motivo });
  avisarCambio({ expedienteId: exp.id, recursos: ['expedientes', 'despacho-expedientes'], tipo: 'updated' });
  return { id, estado: body.estado, estadoAnterior: de, motivo: body.motivo };
}

/**
 * PUT /acto/{id}/devolver: staff of the case's notaría return a sent act to BORRADOR with a
 * comment the client reads in their case; the client is e-mailed.
 */
export async function devolverActo(db: Queryable, user: SessionUser, actoId: string, comentario: string) {
  if (!isUuid(actoId)) throw new HttpError(404, ACTO_NO_ENCONTRADO);
  const { rows } = await db.query<{ expediente_id: string; status: string }>(
    'select expediente_id, status from servicios.actos where id = $1 for update',
    [actoId],
  );
  if (!rows[0]) throw new HttpError(404, ACTO_NO_ENCONTRADO);
  await requireStaffOf(db, user, rows[0].expediente_id, ACTO_NO_ENCONTRADO);
  if (rows[0].status !== 'ENVIADO') throw new HttpError(409, MENSAJES_DESPACHO.actoNoEnviado);
  const updated = await db.query<Record<string, unknown>>(
    `update servicios.actos
        set status = 'BORRADOR', devolucion_comentario = $2, devuelto_at = now(), devuelto_por = $3, updated_at = now()
      where id = $1
      returning id, expediente_id as "expedienteId", titulo, status, devolucion_comentario as "devolucionComentario", devuelto_at as "devueltoEn"`,
    [actoId, comentario, user.id],
  );
  await notificar(db, { tipo: 'acto-devuelto', actoId, comentario });
  avisarCambio({ expedienteId: rows[0].expediente_id, recursos: ['actos', 'expedientes', 'despacho-expedientes'], tipo: 'updated' });
  return updated.rows[0];
}
