import type { Queryable } from '../db/db.js';
import { HttpError } from '../http.js';
import { requireStaffOf, staffNotarias } from '../auth/staff.js';
import type { SessionUser } from '../auth/middleware.js';
import { notificar } from '../notificaciones/index.js';
import type { ActoDevuelto, ExpedienteDespachoDto, CambioEstado, DespachoExpediente, DespachoLista, DespachoQuery } from '../../domain/despacho.js';
import { FILTROS_ESTADO, MENSAJES_DESPACHO, VENTANA_BUSQUEDA, VENTANA_DESPACHO, transicion } from '../../domain/despacho-rules.js';
import { ACTO_NO_ENCONTRADO } from './expedientes-actos.js';
import type { ActoDto } from '../../domain/expediente.js';
import { isUuid } from './expedientes.js';
import { avisarCambio } from '../eventos.js';
import type { Wire } from '../../api/endpoint.js';

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

/** The client's search key (servicios.clave_cliente), stored and trigram-indexed by 0036_despacho_busqueda.sql. */
const CLAVE_CLIENTE = 'p.clave_busqueda';

/**
 * Up to this many matching cases a search is read client by client (their cases from the index
 * of 0036, sorted in memory); beyond it, matches are common enough that walking the notaría's
 * newest cases meets a page of them within about (page end × cases / LECTURA_CLIENTES) rows.
 */
const LECTURA_CLIENTES = 5_000;

const escaparLike = (v: string) => v.replace(/[\\%_]/g, '\\$&');

/** A case of a blocked persona (an accepted erasure, LOPDGDD art. 32) is no longer the office's to see. */
const NO_BLOQUEADO = 'not exists (select 1 from servicios.personas pb where pb.id = e.persona_id and pb.bloqueada_en is not null)';
/** The blocked personas' cases in my notarías by estado: taken off the counters (few rows, from the partial index of 0061). */
const bloqueadosPorEstado = (nots: string) => `select e.estado, count(*) as n from servicios.personas pb
  join servicios.expedientes e on e.persona_id = pb.id where pb.bloqueada_en is not null and e.notaria_id = any(${nots}) group by e.estado`;

/**
 * GET /despacho/expedientes. Without a search, a page is read notaría by notaría (and estado by
 * estado when filtered) from the indexes of 0016_despacho.sql and 0036, each walk stopping at the
 * page's end (at most VENTANA_DESPACHO cases in), and the total comes from
 * servicios.expedientes_por_estado. A client search finds the clients by the trigram index on
 * their key, then counts their cases in my notarías up to LECTURA_CLIENTES: that many or fewer are
 * read and sorted whole; more, and the page comes from the notaría's walk filtered by the key.
 */
export async function listarDespacho(db: Queryable, user: Pick<SessionUser, 'notarias'>, q: DespachoQuery): Promise<DespachoLista> {
  const notarias = staffNotarias(user);
  const vacio = { data: [], total: 0, totalAcotado: false, contadores: { PENDIENTE: 0, EN_TRAMITE: 0, FINALIZADO: 0 } };
  if (!notarias.length) return vacio;
  const params: unknown[] = [notarias];
  const p = (v: unknown) => (params.push(v), `$${params.length}`);
  const estados = q.estado ? estadosDe(q.estado) : null;
  const estadosRef = estados ? p(estados) : null;
  const porVencimiento = q.orden === 'vencimiento';
  const orden = porVencimiento ? `(x.estado in ${TERMINADOS}), x.due_date, x.fecha_alta desc, x.id` : 'x.fecha_alta desc, x.id';
  const ordenE = orden.replace(/x\./g, 'e.');
  // within one estado 'finished or not' is the same for every row: dropped, the order is the one
  // of the (notaria_id, estado, …) indexes, read from their start
  const ordenEstado = porVencimiento ? 'e.due_date, e.fecha_alta desc, e.id' : ordenE;
  const hasta = q.page * q.size;
  const offset = (q.page - 1) * q.size;
  const notsIdint = `array(select idint from public.notarias where id = any($1::bigint[]))`;

  /** The page read from fuente (rows x), with total and the counters, in one statement. */
  const leer = (fuente: string, total: string, previo = '') => db.query<{
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
    `with ${previo} pagina as materialized (select x.id, row_number() over (order by ${orden}) as pos from ${fuente} order by ${orden} limit ${q.size} offset ${offset})
     select e.id, e.titulo, e.estado, e.fecha_alta, to_char(e.due_date, 'YYYY-MM-DD') as due_date,
            coalesce(e.due_date < servicios.hoy() and e.estado not in ${TERMINADOS}, false) as vencido,
            e.notaria_id, coalesce(n.nombre, 'Notaría no encontrada') as notaria_nombre,
            ${CLIENTE_NOMBRE} as cliente_nombre, p.identificador_numero as cliente_documento,
            (select count(*) from servicios.actos a where a.expediente_id = e.id and a.status = 'ENVIADO') as actos_enviados,
            ${total} as total,
            (select jsonb_object_agg(estado, n) from (select u.estado, sum(u.n) as n from (
               select c.estado, c.total as n from servicios.expedientes_por_estado c where c.notaria_id = any(${notsIdint})
               union all select b.estado, -b.n from (${bloqueadosPorEstado(notsIdint)}) b) u group by u.estado) k) as contadores
       from (select 1) uno
       left join pagina on true
       left join servicios.expedientes e on e.id = pagina.id
       left join servicios.personas p on p.id = e.persona_id
       left join public.notarias n on n.idint = e.notaria_id
      order by pagina.pos`,
    params,
  );

  const deNotaria = (extra: string) => `(select idint from public.notarias where id = any($1::bigint[])) nots ${extra} cross join lateral (
       select e.id, e.estado, e.fecha_alta, e.due_date from servicios.expedientes e`;
  let rows;
  let totalAcotado = false;
  if (q.q) {
    // name as written (accents, case and spaces folded by the key) or document without separators
    const nombre = p(`%${escaparLike(q.q)}%`);
    const documento = p(`%${escaparLike(q.q.replace(/[\s.-]/g, ''))}%`);
    const coincide = `(${CLAVE_CLIENTE} like servicios.sin_acentos(${nombre}) or ${CLAVE_CLIENTE} like lower(${documento}))`;
    const estadoE = estadosRef ? `and e.estado = any(${estadosRef}::text[])` : '';
    // the matching clients' cases in my notarías, at most LECTURA_CLIENTES + 1; 'offset 0' keeps
    // each client's a look-up in the index of 0036 (merged into one join, the planner would hash
    // all of my notarías' cases instead)
    const casos = `casos as materialized (
         select x.* from servicios.personas p cross join lateral (
           select e.id, e.estado, e.fecha_alta, e.due_date from servicios.expedientes e
            where e.persona_id = p.id and e.notaria_id = any(${notsIdint}) ${estadoE} offset 0) x
          where ${coincide} and p.bloqueada_en is null limit ${LECTURA_CLIENTES + 1}),`;
    ({ rows } = await leer('casos x', '(select count(*) from casos)', casos));
    const n = Number(rows[0]?.total ?? 0);
    if (n > LECTURA_CLIENTES) {
      // common enough that the newest cases of my notarías soon hold a page of them
      ({ rows } = await leer(
        `${deNotaria('')} where e.notaria_id = nots.idint ${estadoE} and ${NO_BLOQUEADO}
            and exists (select 1 from servicios.personas p where p.id = e.persona_id and ${coincide})
          order by ${ordenE} limit ${hasta}) x`,
        String(n),
      ));
    }
    totalAcotado = n > VENTANA_BUSQUEDA;
  } else {
    ({ rows } = await leer(
      estadosRef
        ? `${deNotaria(`cross join unnest(${estadosRef}::text[]) est`)} where e.notaria_id = nots.idint and e.estado = est and ${NO_BLOQUEADO} order by ${ordenEstado} limit ${hasta}) x`
        : `${deNotaria('')} where e.notaria_id = nots.idint and ${NO_BLOQUEADO} order by ${ordenE} limit ${hasta}) x`,
      `((select coalesce(sum(c.total), 0) from servicios.expedientes_por_estado c
         where c.notaria_id = any(${notsIdint}) ${estadosRef ? `and c.estado = any(${estadosRef}::text[])` : ''})
        - (select coalesce(sum(b.n), 0) from (${bloqueadosPorEstado(notsIdint)}) b ${estadosRef ? `where b.estado = any(${estadosRef}::text[])` : ''}))`,
    ));
    totalAcotado = Number(rows[0]?.total ?? 0) > VENTANA_DESPACHO;
  }
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
  return { data, total: Math.min(num(rows[0]?.total), q.q ? VENTANA_BUSQUEDA : VENTANA_DESPACHO), totalAcotado, contadores };
}

/** The case as staff see it: the case, its client's data and its acts with their forms (read-only). */
export async function expedienteDeDespacho(db: Queryable, user: Pick<SessionUser, 'notarias' | 'id'>, id: string): Promise<Wire<ExpedienteDespachoDto>> {
  await requireStaffOf(db, user, id);
  type Caso = Omit<Wire<ExpedienteDespachoDto>, 'actos' | 'historial' | 'notariaId'> & { notariaId: number | string };
  const { rows } = await db.query<Caso>(
    `select e.id, e.titulo, e.estado, e.fecha_alta as "fechaAlta", to_char(e.due_date, 'YYYY-MM-DD') as "dueDate",
            e.notaria_id as "notariaId", coalesce(n.nombre, 'Notaría no encontrada') as "notariaNombre", e.links,
            coalesce(e.due_date < servicios.hoy() and e.estado not in ${TERMINADOS}, false) as vencido,
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
  const actos = await db.query<Omit<Wire<ActoDto>, 'definicionActoId'> & { definicionActoId: number | string | null }>(
    `select id, expediente_id as "expedienteId", titulo, status, fecha, definicion_acto_id as "definicionActoId",
            datos_formulario as "datosFormulario", nombre_acto, url_acto, retirado_at as "retiradoEn",
            devolucion_comentario as "devolucionComentario", devuelto_at as "devueltoEn"
       from servicios.actos where expediente_id = $1 order by fecha, created_at, id limit 200`,
    [id],
  );
  const historial = await db.query<Wire<ExpedienteDespachoDto['historial'][number]>>(
    `select estado_anterior as "estadoAnterior", estado, motivo, created_at as "fecha"
       from servicios.expediente_estados where expediente_id = $1 order by created_at desc, id desc limit 50`,
    [id],
  );
  const e = rows[0];
  return {
    ...e,
    notariaId: Number(e.notariaId),
    fechaAlta: new Date(e.fechaAlta).toISOString(),
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
  avisarCambio({ expedienteId: exp.id, tipo: 'updated' });
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
  const updated = await db.query<Wire<ActoDevuelto>>(
    `update servicios.actos
        set status = 'BORRADOR', devolucion_comentario = $2, devuelto_at = now(), devuelto_por = $3, updated_at = now()
      where id = $1
      returning id, expediente_id as "expedienteId", titulo, status, devolucion_comentario as "devolucionComentario", devuelto_at as "devueltoEn"`,
    [actoId, comentario, user.id],
  );
  await notificar(db, { tipo: 'acto-devuelto', actoId, comentario });
  avisarCambio({ expedienteId: rows[0].expediente_id, tipo: 'updated' });
  return updated.rows[0];
}
