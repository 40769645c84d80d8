import type { Queryable } from '../db/db.js';

/** What the gateway knows about one exposed schema: relations, their columns and foreign keys, functions. */
export interface Column {
  name: string;
  /** Type as `regtype` prints it, without modifiers (safe to use in a cast: it comes from the catalog). */
  type: string;
  /** pg_type.typcategory: 'S' string, 'N' numeric, 'A' array, 'U' user (json, uuid)... */
  category: string;
  /**
   * The default's SQL expression, as PostgREST's schema cache reads it (a domain's, an identity's
   * `nextval(…)`, else pg_get_expr): what `missing=default` evaluates for a row that leaves it out.
   */
  default?: string | null;
}

export interface Relation {
  /** The schema it belongs to. */
  schema: string;
  name: string;
  isView: boolean;
  columns: Map<string, Column>;
  primaryKey: string[];
  /** Column sets with a unique index (primary key included), to tell one-to-one from one-to-many. */
  uniques: string[][];
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

/** A function of an exposed schema, callable as /rpc/<name>. */
export interface DbFunction {
  schema: string;
  name: string;
  /** Input arguments in order ('' for an unnamed one); the last `defaults` have defaults. */
  args: { name: string; type: string; variadic: boolean }[];
  defaults: number;
  /** Columns of a RETURNS TABLE / OUT-parameter function. */
  outColumns: Column[];
  returnType: string;
  /** The table or view whose row type it returns, if any. */
  returnRel: string | null;
  retset: boolean;
  /** pg_proc.provolatile: i, s or v. */
  volatility: string;
  /** pg_proc.prorows: the rows a set-returning function is declared to return (ROWS 1: a to-one computed relationship). */
  rows: number;
  /** pg_proc.oid: overloads are listed newest first, as PostgREST lists them in PGRST203. */
  oid: number;
  /**
   * Callable as /rpc/<name>, by PostgREST's rule: every input argument named, or exactly one
   * unnamed of type bytea, json, jsonb, text or xml (the raw body). A function of an unnamed row
   * (a computed field or relationship) is not.
   */
  callable: boolean;
  /** One of the portal's own helpers or an extension's function: no /rpc endpoint (0070_funciones_privadas.sql). */
  private: boolean;
}

export interface Schema {
  /** The schema's name (`public`, or another of GATEWAY_SCHEMAS). */
  name: string;
  generation: number;
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  functions: Map<string, DbFunction[]>;
  /** The schema of PostGIS's st_asgeojson(record), quoted, when PostGIS is installed: GeoJSON is offered. */
  postgis: string | null;
}

interface FunctionRow {
  oid: number;
  name: string;
  private: boolean;
  retset: boolean;
  volatility: string;
  rows: number;
  returnType: string;
  returnRel: string | null;
  ndefaults: number;
  argNames: string[] | null;
  argModes: string[] | null;
  argTypes: string[] | null;
  argCategories: string[] | null;
}

interface CatalogRow {
  relations: { name: string; kind: string; columns: Column[]; primaryKey: string[]; uniques: string[][] }[];
  foreignKeys: ForeignKey[];
  views: { name: string; action: string }[];
  oids: Record<string, { name: string; columns: Record<string, string> | null }>;
  functions: FunctionRow[];
  postgis: string | null;
}

// One round trip; every identifier the gateway will ever put in SQL comes from here.
const CATALOG_SQL = `
with rels as (
  select c.oid, c.relname, c.relkind
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = $1::text and c.relkind in ('r', 'p', 'v', 'm', 'f')
)
select json_build_object(
  'relations', (select coalesce(json_agg(json_build_object(
      'name', r.relname,
      'kind', r.relkind,
      'columns', (select coalesce(json_agg(json_build_object(
                      'name', a.attname, 'category', t.typcategory,
                      'default', case when t.typbasetype <> 0 and ad.adbin is null then pg_get_expr(t.typdefaultbin, 0)
                                      when a.attidentity = 'd' then format('nextval(%L)', pg_get_serial_sequence(format('%I.%I', $1::text, r.relname), a.attname))
                                      when a.attgenerated <> '' then null
                                      else pg_get_expr(ad.adbin, ad.adrelid) end,
                      -- a bare "character" would mean char(1) in a cast: use the unbounded bpchar
                      'type', case t.typname when 'bpchar' then 'bpchar' when '_bpchar' then 'bpchar[]'
                                             else a.atttypid::regtype::text end) order by a.attnum), '[]')
                  from pg_attribute a join pg_type t on t.oid = a.atttypid
                  left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
                  where a.attrelid = r.oid and a.attnum > 0 and not a.attisdropped),
      'primaryKey', (select coalesce(json_agg(a.attname order by k.ord), '[]')
                     from pg_index i, unnest(i.indkey) with ordinality k(attnum, ord)
                     join pg_attribute a on a.attrelid = r.oid and a.attnum = k.attnum
                     where i.indrelid = r.oid and i.indisprimary),
      'uniques', (select coalesce(json_agg(u.cols), '[]') from (
                    select (select json_agg(a.attname) from unnest(i.indkey) k(attnum)
                            join pg_attribute a on a.attrelid = r.oid and a.attnum = k.attnum) as cols
                    from pg_index i
                    where i.indrelid = r.oid and i.indisunique and i.indpred is null and i.indexprs is null) u)
    )), '[]') from rels r),
  -- by name: the order of ambiguous candidates (PGRST201) must not depend on the join's plan
  'foreignKeys', (select coalesce(json_agg(json_build_object(
      'name', con.conname, 'table', c1.relname, 'refTable', c2.relname,
      'columns', (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
                  join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum),
      'refColumns', (select json_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
                     join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum)) order by con.conname), '[]')
    from pg_constraint con join rels c1 on c1.oid = con.conrelid join rels c2 on c2.oid = con.confrelid
    where con.contype = 'f'),
  -- each view's query tree: which of its columns are a base table's column as it is (see viewOrigins)
  'views', (select coalesce(json_agg(json_build_object('name', v.relname, 'action', rw.ev_action::text)), '[]')
    from rels v join pg_rewrite rw on rw.ev_class = v.oid and rw.rulename = '_RETURN'
    where v.relkind in ('v', 'm')),
  'oids', (select coalesce(json_object_agg(r.oid::text, json_build_object('name', r.relname,
      'columns', (select json_object_agg(a.attnum::text, a.attname) from pg_attribute a
                  where a.attrelid = r.oid and a.attnum > 0 and not a.attisdropped))), '{}') from rels r),
  'postgis', (select quote_ident(n.nspname) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
              where p.proname = 'st_asgeojson' and p.pronargs >= 1 and p.proargtypes[0] = 'record'::regtype limit 1),
  'functions', (select coalesce(json_agg(json_build_object(
      'oid', p.oid, 'name', p.proname, 'retset', p.proretset,
      -- the portal's own helpers, and the functions of the extensions it installs (pg_trgm's in
      -- public), are no API (0070_funciones_privadas.sql)
      'private', exists (select 1 from app_meta.funciones_privadas f where f.esquema = $1::text and f.nombre = p.proname)
        or exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e'), 'volatility', p.provolatile, 'rows', p.prorows,
      'returnType', p.prorettype::regtype::text,
      'returnRel', (select c.relname from rels c where c.oid = t.typrelid),
      'ndefaults', p.pronargdefaults,
      'argNames', p.proargnames, 'argModes', p.proargmodes::text[],
      'argTypes', (select json_agg(x::regtype::text order by o) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, o)),
      'argCategories', (select json_agg(ty.typcategory order by o) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, o) join pg_type ty on ty.oid = u.x)
    )), '[]')
    from pg_proc p join pg_type t on t.oid = p.prorettype
    where p.pronamespace = (select oid from pg_namespace where nspname = $1::text) and p.prokind = 'f'
      -- trigger functions cannot be called
      and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
)
)::text as catalog`;

/**
 * The columns of a view that are a base column as it is: from the view's query tree (pg_rewrite),
 * the top-level target list's entries whose origin (resorigtbl, resorigcol) Postgres recorded, as
 * PostgREST reads them. A computed column has no origin. Answers [view column, relation oid, attnum].
 */
export function viewOrigins(action: string): [string, string, string][] {
  const out: [string, string, string][] = [];
  let depth = 0;
  let inTargetList = false;
  let entry: { name?: string; tbl?: string; col?: string } = {};
  for (let i = 0; i < action.length; i++) {
    const ch = action[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '(' || ch === '{') {
      depth++;
      if (inTargetList && depth === 4) entry = {};
      continue;
    }
    if (ch === ')' || ch === '}') {
      if (inTargetList && depth === 4 && entry.name && entry.tbl && entry.tbl !== '0') out.push([entry.name, entry.tbl, entry.col ?? '0']);
      if (inTargetList && depth === 3) inTargetList = false;
      depth--;
      continue;
    }
    if (ch !== ':') continue;
    const m = /^:([A-Za-z]+) ((?:\\.|[^\s(){}])*)/.exec(action.slice(i, i + 200));
    if (!m) continue;
    if (depth === 2 && m[1] === 'targetList') inTargetList = true;
    else if (inTargetList && depth === 4) {
      const value = m[2].replace(/\\(.)/g, '$1');
      if (m[1] === 'resname') entry.name = value;
      else if (m[1] === 'resorigtbl') entry.tbl = value;
      else if (m[1] === 'resorigcol') entry.col = value;
    }
    i += m[0].length - 1;
  }
  return out;
}

/**
 * A view inherits the foreign keys of its base tables through the key columns it selects as
 * they are (renamed or not), as PostgREST infers them: `citas_ocupadas?select=*,personal(name)`
 * embeds. A column the view computes (`upper(username)`) carries no key.
 */
function viewForeignKeys(row: CatalogRow): ForeignKey[] {
  // base "table.column" → the view columns that expose it, per view
  const exposedBy = new Map<string, { view: string; column: string }[]>();
  for (const { name, action } of row.views) {
    for (const [column, oid, attnum] of viewOrigins(action)) {
      const base = row.oids[oid];
      const baseColumn = base?.columns?.[attnum];
      if (!base || !baseColumn) continue;
      const key = `${base.name}.${baseColumn}`;
      exposedBy.set(key, [...(exposedBy.get(key) ?? []), { view: name, column }]);
    }
  }
  /** The relations exposing all these columns of `table` (views of views too), with their names there. */
  const exposing = (table: string, columns: string[], seen = new Set<string>()): { rel: string; columns: string[] }[] => {
    const result = [{ rel: table, columns }];
    seen.add(table);
    const views = new Set((exposedBy.get(`${table}.${columns[0]}`) ?? []).map((e) => e.view));
    for (const view of views) {
      if (seen.has(view)) continue;
      const mapped = columns.map((c) => exposedBy.get(`${table}.${c}`)?.find((e) => e.view === view)?.column);
      if (mapped.every((c): c is string => c !== undefined)) result.push(...exposing(view, mapped, seen));
    }
    return result;
  };
  const result: ForeignKey[] = [];
  for (const fk of row.foreignKeys) {
    for (const from of exposing(fk.table, fk.columns)) {
      for (const to of exposing(fk.refTable, fk.refColumns)) {
        if (from.rel !== fk.table || to.rel !== fk.refTable) {
          result.push({ ...fk, table: from.rel, columns: from.columns, refTable: to.rel, refColumns: to.columns });
        }
      }
    }
  }
  return result;
}

/** The types of an unnamed argument that takes the raw body (PostgREST's callable functions). */
export const RAW_BODY_TYPES = ['bytea', 'json', 'jsonb', 'text', 'xml'];

async function loadSchema(db: Queryable, name: string, generation: number): Promise<Schema> {
  const { rows } = await db.query<{ catalog: string }>(CATALOG_SQL, [name]);
  const row = JSON.parse(rows[0].catalog) as CatalogRow;
  const relations = new Map<string, Relation>();
  for (const r of row.relations) {
    relations.set(r.name, {
      schema: name,
      name: r.name,
      isView: r.kind === 'v' || r.kind === 'm',
      columns: new Map(r.columns.map((c) => [c.name, c])),
      primaryKey: r.primaryKey,
      uniques: r.uniques,
    });
  }
  const functions = new Map<string, DbFunction[]>();
  for (const f of row.functions) {
    const types = f.argTypes ?? [];
    const modes = f.argModes ?? types.map(() => 'i');
    const args: DbFunction['args'] = [];
    const outColumns: Column[] = [];
    types.forEach((type, i) => {
      const name = f.argNames?.[i] ?? '';
      if (modes[i] === 'i' || modes[i] === 'b' || modes[i] === 'v') args.push({ name, type, variadic: modes[i] === 'v' });
      if (modes[i] === 'o' || modes[i] === 'b' || modes[i] === 't') outColumns.push({ name, type, category: f.argCategories?.[i] ?? 'U' });
    });
    const unnamed = args.filter((a) => a.name === '');
    const fn: DbFunction = {
      schema: name,
      name: f.name, args, defaults: f.ndefaults, outColumns, returnType: f.returnType, returnRel: f.returnRel,
      retset: f.retset, volatility: f.volatility, rows: Number(f.rows), oid: Number(f.oid),
      callable: unnamed.length === 0 || (unnamed.length === 1 && RAW_BODY_TYPES.includes(unnamed[0].type)),
      private: f.private,
    };
    functions.set(f.name, [...(functions.get(f.name) ?? []), fn]);
  }
  return { name, generation, relations, foreignKeys: [...row.foreignKeys, ...viewForeignKeys(row)], functions, postgis: row.postgis };
}

/** Reloads start at most this often, so a flood of requests for unknown names stays cheap. */
const MIN_RELOAD_INTERVAL_MS = 200;

/**
 * Loaded lazily on the first request, reloaded when a request names something unknown
 * (tables created after start). Concurrent misses share one reload.
 */
export class SchemaCatalog {
  private current: Promise<Schema> | null = null;
  private generation = 0;
  private nextReloadAt = 0;

  constructor(
    private readonly db: Queryable,
    readonly schemaName = 'public',
  ) {}

  get(): Promise<Schema> {
    return (this.current ??= this.load(0));
  }

  /** A newer schema than `stale`: reuses a reload already started after it, else starts one. */
  refresh(stale: Schema): Promise<Schema> {
    if (this.current && this.generation > stale.generation) return this.current;
    return (this.current = this.load(Math.max(0, this.nextReloadAt - Date.now())));
  }

  /** Forget the schema (the database reported a missing table or column). */
  invalidate() {
    this.current = null;
  }

  private load(delayMs: number): Promise<Schema> {
    const generation = ++this.generation;
    this.nextReloadAt = Date.now() + delayMs + MIN_RELOAD_INTERVAL_MS;
    const loading = (delayMs ? new Promise((r) => setTimeout(r, delayMs)) : Promise.resolve()).then(() =>
      loadSchema(this.db, this.schemaName, generation),
    );
    loading.catch(() => {
      if (this.current === loading) this.current = null;
    });
    return loading;
  }
}
