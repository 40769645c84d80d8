import { tienePermiso, type Permiso } from './permisos.js';
import type { Queryable } from '../db/db.js';
import { HttpError, SIN_PAGINA } from '../http.js';
import type { ExpedienteDto } from '../../domain/expediente.js';
import type { SORTABLE_EXPEDIENTE } from '../../domain/expediente-rules.js';

/**
 * Case files in schema servicios. Every read and write goes through servicios.tiene_permiso on
 * the case's persona, the one visibility rule of the API (0001_personas.sql). What the caller may
 * not see answers 404, so ids cannot be probed.
 */

export type PermisoExpediente = Extract<Permiso, 'leer_expedientes' | 'crear_expedientes' | 'actualizar_expedientes' | 'leer_actos'>;

export const EXPEDIENTE_NO_ENCONTRADO = 'Expediente no encontrado';
export const PERSONA_NO_ENCONTRADA = 'Persona no encontrada';

/** The client's display name and the notaría's name, computed in SQL so lists can sort and filter by them. */
const CLIENTE_NOMBRE = `case when p.tipo_persona = 'JURIDICA'
    then coalesce(nullif(btrim(p.razon_social), ''), 'Sin razón social')
    else coalesce(nullif(btrim(concat_ws(' ', p.nombre, p.primer_apellido, p.segundo_apellido)), ''), 'Sin nombre') end`;
const NOTARIA_NOMBRE = `coalesce(n.nombre, 'Notaría no encontrada')`;

const COLUMNS = `e.id, e.titulo, e.estado, e.fecha_alta, to_char(e.due_date, 'YYYY-MM-DD') as due_date,
         e.persona_id, e.notaria_id, e.links,
         ${NOTARIA_NOMBRE} as notaria_nombre, ${CLIENTE_NOMBRE} as cliente_nombre`;
const JOINS = `join servicios.personas p on p.id = e.persona_id
    left join public.notarias n on n.idint = e.notaria_id`;

const selectExpediente = () => `select ${COLUMNS} from servicios.expedientes e ${JOINS}`;

interface ExpedienteRow {
  id: string;
  titulo: string;
  estado: string;
  fecha_alta: Date | string;
  due_date: string | null;
  persona_id: string;
  notaria_id: number;
  links: unknown;
  notaria_nombre: string;
  cliente_nombre: string;
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

function toDto(r: ExpedienteRow): ExpedienteDto {
  return {
    id: r.id,
    titulo: r.titulo,
    estado: r.estado,
    fechaAlta: iso(r.fecha_alta),
    dueDate: r.due_date,
    personaId: r.persona_id,
    notariaId: Number(r.notaria_id),
    links: Array.isArray(r.links) ? (r.links as string[]) : [],
    notariaNombre: r.notaria_nombre,
    clienteNombre: r.cliente_nombre,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);

/**
 * Requires permiso on persona. Lacking it answers 404 — unless the caller can already see the
 * cases (leer_expedientes), then 403, which reveals nothing new.
 */
export async function exigirPermiso(db: Queryable, personaId: string, viewerId: string, permiso: PermisoExpediente, notFoundMessage: string) {
  if (await tienePermiso(db, { persona: personaId, viewer: viewerId, permiso })) return;
  if (permiso !== 'leer_expedientes' && (await tienePermiso(db, { persona: personaId, viewer: viewerId, permiso: 'leer_expedientes' }))) {
    throw new HttpError(403, 'No tiene permiso para esta operación sobre el expediente');
  }
  throw new HttpError(404, notFoundMessage);
}

/**
 * The personas whose cases viewer may list: themself, the personas they own, and those who
 * granted them leer_expedientes. Themself and the owned ones are visible by the first two clauses
 * of servicios.tiene_permiso (the person themself, the owner); a privilegio's otorgante only if
 * tiene_permiso says so (in force, with leer_expedientes). All three are indexed look-ups, and the
 * function runs for privilegios only, not once for each of a heavy client's thousand personas.
 */
async function personasVisibles(db: Queryable, viewerId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select $1::uuid as id
     union select id from servicios.personas where owner_id = $1::uuid and bloqueada_en is null
     union select persona_otorgante_id from servicios.privilegios
            where persona_receptora_id = $1::uuid and servicios.tiene_permiso(persona_otorgante_id, $1::uuid, 'leer_expedientes')`,
    [viewerId],
  );
  return rows.map((r) => r.id);
}

/**
 * Sort keys as SQL over e (expedientes), p (personas) and n (notarias) for the rows of a page, and
 * as read from the visible rows before paging, where the client's name comes from c (nombres:
 * computed once for each visible persona, not once for each case).
 */
const SORT_COLUMNS: Record<(typeof SORTABLE_EXPEDIENTE)[number], { sql: string; base: string }> = {
  notariaNombre: { sql: NOTARIA_NOMBRE, base: NOTARIA_NOMBRE },
  fechaAlta: { sql: 'e.fecha_alta', base: 'e.fecha_alta' },
  clienteNombre: { sql: CLIENTE_NOMBRE, base: 'c.nombre' },
  dueDate: { sql: 'e.due_date', base: 'e.due_date' },
  titulo: { sql: 'e.titulo', base: 'e.titulo' },
  estado: { sql: 'e.estado', base: 'e.estado' },
};

export interface ListaExpedientesOpts {
  page?: number;
  pageSize?: number;
  sort?: (typeof SORTABLE_EXPEDIENTE)[number];
  order?: 'asc' | 'desc';
  q?: string;
}

/**
 * GET /expediente/owner/{personaId}. For the caller themself: the cases of every persona they may
 * see; for another persona they may see: that persona's cases; otherwise 404.
 *
 * A page is one statement (one snapshot). Newest first, oldest first or by client name (no
 * filter): each visible persona's own first cases come from the index (persona_id, fecha_alta desc,
 * id), at most offset + size of them, and the page is sorted out of those; the total is the sum of
 * the visible personas' counts (servicios.expedientes_por_persona), so a page reads neither every
 * visible case nor every index entry (a client owning 1,000 personas sees ~100,000 cases). With a
 * filter or another sort key the visible cases are read once, with only the joins the filter or the
 * key needs, counted (with a filter) and sorted for the page. Only the page's rows are joined for
 * their columns and names. Personas are read for the visible ids only (by primary key).
 */
/** The text filter ($2, a LIKE pattern) against a column, ignoring accents and case on both sides. */
const contiene = (columna: string) => `servicios.sin_acentos(${columna}) like servicios.sin_acentos($2)`;

export async function listarExpedientes(db: Queryable, personaId: string, viewerId: string, opts: ListaExpedientesOpts) {
  let personas: string[];
  if (personaId === viewerId) personas = await personasVisibles(db, viewerId);
  else if (await tienePermiso(db, { persona: personaId, viewer: viewerId, permiso: 'leer_expedientes' })) personas = [personaId];
  else throw new HttpError(404, PERSONA_NO_ENCONTRADA);

  const params: unknown[] = [personas];
  const q = opts.q?.trim();
  if (q) params.push(`%${q.replace(/[\\%_]/g, '\\$&')}%`);
  const sort = opts.sort ? SORT_COLUMNS[opts.sort] : undefined;
  const dir = opts.order === 'desc' ? 'desc' : 'asc';
  const orderBy = sort ? `${sort.sql} ${dir} nulls last, e.fecha_alta desc, e.id` : 'e.fecha_alta desc, e.id';

  if (!opts.page) {
    const { rows } = await db.query<ExpedienteRow>(
      `select ${COLUMNS} from servicios.expedientes e
         join servicios.personas p on p.id = e.persona_id and p.id = any($1::uuid[])
         left join public.notarias n on n.idint = e.notaria_id
        where e.persona_id = any($1::uuid[]) ${q ? `and (${contiene('e.titulo')} or ${contiene(CLIENTE_NOMBRE)} or ${contiene('n.nombre')})` : ''}
        order by ${orderBy} limit ${SIN_PAGINA}`,
      params,
    );
    return rows.map(toDto);
  }

  const size = opts.pageSize ?? 10;
  const offset = (opts.page - 1) * size;
  const cliente = !!q || opts.sort === 'clienteNombre';
  const notaria = !!q || opts.sort === 'notariaNombre';
  // The visible personas as rows (unnest), never `= any($1)`: the planner estimates `= any` of a
  // thousand values one value at a time, 30 ms of planning before anything is read.
  const visibles = 'unnest($1::uuid[]) v(id)';
  const ctes: string[] = [];
  // the client's name once for each visible persona, not once for each case
  if (cliente) ctes.push(`nombres as materialized (select p.id, ${CLIENTE_NOMBRE} as nombre from ${visibles} join servicios.personas p on p.id = v.id)`);
  // Without a filter the total is the sum of the visible personas' counts (0035_expedientes_por_persona.sql),
  // one primary-key look-up each, instead of counting their cases
  const cuentaPorPersona = `select coalesce(sum((select c.n from servicios.expedientes_por_persona c where c.persona_id = v.id)), 0) from ${visibles}`;
  let pagina: string;
  let count: string;
  if (!q && (!opts.sort || opts.sort === 'fechaAlta' || opts.sort === 'clienteNombre')) {
    // each persona's own first cases from the index (persona_id, fecha_alta desc, id), in name
    // order or all at once, until the page is full: the page reads at most (offset + size) index
    // entries per persona instead of every visible case
    const porNombre = opts.sort === 'clienteNombre';
    const clave = porNombre ? `c.nombre ${dir} nulls last, ` : opts.sort === 'fechaAlta' ? `x.fecha_alta ${dir}, ` : '';
    const personas = porNombre ? `(select c.id, c.nombre from nombres c order by c.nombre ${dir} nulls last) c` : 'unnest($1::uuid[]) c(id)';
    // the index read forwards (or backwards for oldest first, each run of equal dates sorted by id)
    const porPersona = opts.sort === 'fechaAlta' ? `e.fecha_alta ${dir}, e.id` : 'e.fecha_alta desc, e.id';
    pagina = `select x.id from ${personas}
      cross join lateral (select e.id, e.fecha_alta from servicios.expedientes e where e.persona_id = c.id
                          order by ${porPersona} limit ${offset + size}) x
      order by ${clave}x.fecha_alta desc, x.id limit ${size} offset ${offset}`;
    count = cuentaPorPersona;
  } else {
    // the visible rows once, with only the columns the order needs and only the joins the filter or
    // the sort key reads: counted as they are (or from the counts without a filter), sorted for the page
    ctes.push(`base as materialized (
      select e.id, e.fecha_alta${sort ? `, ${sort.base} as clave` : ''} from ${visibles}
        join servicios.expedientes e on e.persona_id = v.id
        ${cliente ? 'join nombres c on c.id = e.persona_id' : ''}
        ${notaria ? 'left join public.notarias n on n.idint = e.notaria_id' : ''}
       ${q ? `where (${contiene('e.titulo')} or ${contiene('c.nombre')} or ${contiene('n.nombre')})` : ''})`);
    pagina = `select b.id from base b order by ${sort ? `b.clave ${dir} nulls last, ` : ''}b.fecha_alta desc, b.id limit ${size} offset ${offset}`;
    count = q ? 'select count(*) from base' : cuentaPorPersona;
  }
  const { rows } = await db.query<ExpedienteRow & { total: string | number }>(
    `with ${[...ctes, `pagina as (${pagina})`].join(', ')}
     select (${count}) as total, ${COLUMNS}
       from pagina join servicios.expedientes e on e.id = pagina.id ${JOINS}
      order by ${orderBy}`,
    params,
  );
  const data = rows.map(toDto);
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && opts.page > 1) {
    // past the last page: count separately so the table can move back
    const c = await db.query<{ n: string | number }>(`${ctes.length ? `with ${ctes.join(', ')} ` : ''}select (${count}) as n`, params);
    total = Number(c.rows[0].n);
  }
  return { data, total };
}

async function leerExpedienteRow(db: Queryable, id: string): Promise<ExpedienteDto | null> {
  if (!isUuid(id)) return null;
  const { rows } = await db.query<ExpedienteRow>(`${selectExpediente()} where e.id = $1`, [id]);
  return rows[0] ? toDto(rows[0]) : null;
}

/** The case if it exists and viewer holds permiso on its persona; 404 (or 403, see exigirPermiso) otherwise. */
export async function expedienteAutorizado(db: Queryable, id: string, viewerId: string, permiso: PermisoExpediente): Promise<ExpedienteDto> {
  const e = await leerExpedienteRow(db, id);
  if (!e) throw new HttpError(404, EXPEDIENTE_NO_ENCONTRADO);
  await exigirPermiso(db, e.personaId, viewerId, permiso, EXPEDIENTE_NO_ENCONTRADO);
  return e;
}

export async function crearExpediente(
  db: Queryable,
  viewerId: string,
  input: { titulo: string; dueDate: string; personaId: string; notariaId: number; links: string[] },
): Promise<ExpedienteDto> {
  await exigirPermiso(db, input.personaId, viewerId, 'crear_expedientes', PERSONA_NO_ENCONTRADA);
  const notaria = await db.query('select 1 from public.notarias where idint = $1', [input.notariaId]);
  if (!notaria.rows.length) throw new HttpError(400, 'Notaría no encontrada', { notariaId: 'Notaría no encontrada' });
  const { rows } = await db.query<{ id: string }>(
    `insert into servicios.expedientes (titulo, due_date, persona_id, notaria_id, links, created_by)
     values ($1, $2::date, $3, $4, $5::jsonb, $6) returning id`,
    [input.titulo, input.dueDate, input.personaId, input.notariaId, JSON.stringify(input.links), viewerId],
  );
  return (await leerExpedienteRow(db, rows[0].id))!;
}
