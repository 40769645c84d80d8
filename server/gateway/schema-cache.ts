import type { Queryable } from '../db/db.js';

/** What the gateway knows about schema `public`: relations, their columns and foreign keys. */
export interface Column {
  name: string;
  /** Type as `regtype` prints it, without modifiers (safe to use in a cast: it comes from the catalog). */
  type: string;
  /** pg_type.typcategory: 'S' string, 'N' numeric, 'A' array, 'U' user (json, uuid)... */
  category: string;
}

export interface Relation {
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

/** A function of schema `public`, callable as /rpc/<name>. */
export interface DbFunction {
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
}

export interface Schema {
  generation: number;
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  functions: Map<string, DbFunction[]>;
}

interface FunctionRow {
  name: string;
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
  viewColumns: { view: string; table: string; column: string }[];
  functions: FunctionRow[];
}

// One round trip; every identifier the gateway will ever put in SQL comes from here.
const CATALOG_SQL = `
with rels as (
  select c.oid, c.relname, c.relkind
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
)
select json_build_object(
  'relations', (select coalesce(json_agg(json_build_object(
      'name', r.relname,
      'kind', r.relkind,
      'columns', (select coalesce(json_agg(json_build_object(
                      'name', a.attname, 'category', t.typcategory,
                      -- a bare "character" would mean char(1) in a cast: use the unbounded bpchar
                      'type', case t.typname when 'bpchar' then 'bpchar' when '_bpchar' then 'bpchar[]'
                                             else a.atttypid::regtype::text end) order by a.attnum), '[]')
                  from pg_attribute a join pg_type t on t.oid = a.atttypid
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
  'foreignKeys', (select coalesce(json_agg(json_build_object(
      'name', con.conname, 'table', c1.relname, 'refTable', c2.relname,
      'columns', (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
                  join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum),
      'refColumns', (select json_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
                     join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum))), '[]')
    from pg_constraint con join rels c1 on c1.oid = con.conrelid join rels c2 on c2.oid = con.confrelid
    where con.contype = 'f'),
  'viewColumns', (select coalesce(json_agg(distinct jsonb_build_object('view', v.relname, 'table', t.relname, 'column', a.attname)), '[]')
    from rels v
    join pg_rewrite rw on rw.ev_class = v.oid
    join pg_depend d on d.objid = rw.oid and d.classid = 'pg_rewrite'::regclass
                    and d.refclassid = 'pg_class'::regclass and d.refobjsubid > 0
    join rels t on t.oid = d.refobjid and t.oid <> v.oid and t.relkind in ('r', 'p', 'f')
    join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
    where v.relkind in ('v', 'm')),
  'functions', (select coalesce(json_agg(json_build_object(
      'name', p.proname, 'retset', p.proretset, 'volatility', p.provolatile, 'rows', p.prorows,
      'returnType', p.prorettype::regtype::text,
      'returnRel', (select c.relname from rels c where c.oid = t.typrelid),
      'ndefaults', p.pronargdefaults,
      'argNames', p.proargnames, 'argModes', p.proargmodes::text[],
      'argTypes', (select json_agg(x::regtype::text order by o) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, o)),
      'argCategories', (select json_agg(ty.typcategory order by o) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, o) join pg_type ty on ty.oid = u.x)
    )), '[]')
    from pg_proc p join pg_type t on t.oid = p.prorettype
    where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'
      -- trigger functions cannot be called
      and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype))
)::text as catalog`;

/**
 * A view inherits the foreign keys of its base tables when it exposes their columns under
 * the same names (as PostgREST does), so `citas_ocupadas?select=*,personal(name)` embeds.
 */
function viewForeignKeys(row: CatalogRow, relations: Map<string, Relation>): ForeignKey[] {
  const viewsOf = new Map<string, { view: string; columns: Set<string> }[]>();
  for (const { view, table, column } of row.viewColumns) {
    const list = viewsOf.get(table) ?? [];
    let entry = list.find((e) => e.view === view);
    if (!entry) list.push((entry = { view, columns: new Set() }));
    // only a view column of the same name is taken as the base column
    if (relations.get(view)?.columns.has(column)) entry.columns.add(column);
    viewsOf.set(table, list);
  }
  const exposing = (table: string, columns: string[]) => [
    table,
    ...(viewsOf.get(table) ?? []).filter((e) => columns.every((c) => e.columns.has(c))).map((e) => e.view),
  ];
  const result: ForeignKey[] = [];
  for (const fk of row.foreignKeys) {
    for (const table of exposing(fk.table, fk.columns)) {
      for (const refTable of exposing(fk.refTable, fk.refColumns)) {
        if (table !== fk.table || refTable !== fk.refTable) result.push({ ...fk, table, refTable });
      }
    }
  }
  return result;
}

async function loadSchema(db: Queryable, generation: number): Promise<Schema> {
  const { rows } = await db.query<{ catalog: string }>(CATALOG_SQL);
  const row = JSON.parse(rows[0].catalog) as CatalogRow;
  const relations = new Map<string, Relation>();
  for (const r of row.relations) {
    relations.set(r.name, {
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
    const fn: DbFunction = {
      name: f.name, args, defaults: f.ndefaults, outColumns, returnType: f.returnType, returnRel: f.returnRel,
      retset: f.retset, volatility: f.volatility, rows: Number(f.rows),
    };
    functions.set(f.name, [...(functions.get(f.name) ?? []), fn]);
  }
  return { generation, relations, foreignKeys: [...row.foreignKeys, ...viewForeignKeys(row, relations)], functions };
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

  constructor(private readonly db: Queryable) {}

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
      loadSchema(this.db, generation),
    );
    loading.catch(() => {
      if (this.current === loading) this.current = null;
    });
    return loading;
  }
}
