import { GatewayError, unknownColumn, unknownTable } from './errors.js';
import { SchemaMiss, functionRef, ident, miss, tableRef } from './names.js';
import { computedField, resolveRelationship } from './relationships.js';
import type { Condition, Field, Filter, LevelOptions, OrderTerm, ParsedQuery, SelectItem } from './parser.js';
import type { Relation, Schema } from './schema-cache.js';

/**
 * Turns a parsed request into ONE SQL statement that returns the response body as JSON text,
 * as PostgREST does. Identifiers are quoted only after the catalog knows them; every value
 * from the request is a bound parameter, sent as text and cast to the column's type.
 */

export { SchemaMiss, functionRef, ident } from './names.js';

export const unknownBodyColumn = (table: string, column: string) =>
  new SchemaMiss(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);

export function relationOf(schema: Schema, name: string): Relation {
  const rel = schema.relations.get(name);
  if (!rel) throw miss(unknownTable(schema.name, name));
  return rel;
}

export function columnOf(rel: Relation, name: string) {
  const col = rel.columns.get(name);
  if (!col) throw miss(unknownColumn(rel.name, name));
  return col;
}

/** What one request may cost (server/config.ts, GatewaySettings). */
export interface Limits {
  maxRows: number;
  maxEmbedDepth: number;
}

/**
 * One relation of a read as the fan-out count sees it (see fanOutStatement): the rows it adds
 * for each row of its parent node, as a LATERAL subquery named by the alias the read uses.
 */
interface CostNode {
  parent: CostNode | null;
  alias: string;
  /** `(SELECT tN.* FROM … WHERE … LIMIT …) AS tN`, or for the root its FROM item. */
  source: string;
  toMany: boolean;
}

export class Builder {
  readonly params: string[] = [];
  private aliases = 0;
  private usedLevels = new Set<string>(['']);
  readonly nodes: CostNode[] = [];
  private parentNode: CostNode | null = null;

  constructor(
    readonly schema: Schema,
    readonly query: ParsedQuery,
    readonly limits: Limits = { maxRows: Number.MAX_SAFE_INTEGER, maxEmbedDepth: Number.MAX_SAFE_INTEGER },
  ) {}

  /** A level's limit capped by maxRows (PostgREST's db-max-rows: silently, the answer says how many). */
  cappedLimit(limit: number | undefined): number | undefined {
    const capped = Math.min(limit ?? Infinity, this.limits.maxRows);
    return capped === Infinity || capped === Number.MAX_SAFE_INTEGER ? undefined : capped;
  }

  /** A bound parameter, always sent as text, optionally cast to a catalog type. */
  param(value: string, type?: string): string {
    this.params.push(value);
    const p = `$${this.params.length}::text`;
    return type && type !== 'text' ? `${p}::${type}` : p;
  }

  nextAlias() {
    return `t${++this.aliases}`;
  }

  level(path: string[]): LevelOptions {
    const key = path.join('.');
    this.usedLevels.add(key);
    return this.query.levels.get(key) ?? { filters: [], order: [] };
  }

  /** Filters or order on an embed that is not in the select: PostgREST's PGRST108. */
  checkLevels() {
    for (const key of this.query.levels.keys()) {
      if (!this.usedLevels.has(key)) {
        throw new GatewayError(
          400,
          'PGRST108',
          `'${key.split('.').pop()}' is not an embedded resource in this request`,
          null,
          `Verify that '${key.split('.').pop()}' is included in the 'select' query parameter.`,
        );
      }
    }
  }

  // ------------------------------------------------------------ expressions

  /** How errors name the relation under `alias`: PostgREST names an embedded one `<table>_<depth>`. */
  private readonly levelNames = new Map<string, string>();

  /**
   * A column or a computed field (a function taking the row, `blurb(messages)`), possibly followed
   * by a JSON path, with the type its values compare as.
   */
  field(rel: Relation, alias: string, field: Field): { sql: string; type: string; textual: boolean } {
    const col = rel.columns.get(field.name);
    let sql: string;
    let colType: string;
    let category: string;
    if (col) {
      sql = `${alias}.${ident(col.name)}`;
      colType = col.type;
      category = col.category;
    } else {
      const fn = computedField(this.schema, rel, field.name);
      if (!fn) throw miss(unknownColumn(this.levelNames.get(alias) ?? rel.name, field.name));
      sql = `${functionRef(fn)}(${alias}::${tableRef(rel)})`;
      colType = fn.returnType;
      category = ['text', 'character varying', 'character'].includes(fn.returnType) ? 'S' : 'U';
    }
    for (const step of field.json) {
      const key = /^-?\d+$/.test(step.key) ? this.param(step.key, 'integer') : this.param(step.key);
      sql = `(${sql}${step.arrow}${key})`;
    }
    const last = field.json[field.json.length - 1];
    if (last?.arrow === '->>') return { sql, type: 'text', textual: true };
    return { sql, type: colType, textual: !last && category === 'S' };
  }

  condition(rel: Relation, alias: string, c: Condition, embeds: Map<string, EmbedPlan>): string {
    const embed = c.field.json.length === 0 && !rel.columns.has(c.field.name) ? embeds.get(c.field.name) : undefined;
    if (embed && !embed.spread) return this.embedNullFilter(embed, c);

    const { sql: col, type, textual } = this.field(rel, alias, c.field);
    const typed = (v: string) => this.param(v, type);
    let expr: string;
    switch (c.op) {
      case 'eq':
      case 'neq':
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte': {
        const op = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' }[c.op];
        expr = c.quantifier
          ? `${col} ${op} ${c.quantifier.toUpperCase()}(ARRAY[${(c.list ?? []).map(typed).join(', ')}]::${type}[])`
          : `${col} ${op} ${typed(c.value)}`;
        break;
      }
      case 'like':
      case 'ilike':
      case 'match':
      case 'imatch': {
        const op = { like: 'LIKE', ilike: 'ILIKE', match: '~', imatch: '~*' }[c.op];
        // PostgREST's `*` wildcard stands for `%` (a literal % cannot be sent in a URL comfortably)
        const pattern = (v: string) => this.param(c.op === 'like' || c.op === 'ilike' ? v.replace(/\*/g, '%') : v);
        const text = textual ? col : `${col}::text`;
        expr = c.quantifier
          ? `${text} ${op} ${c.quantifier.toUpperCase()}(ARRAY[${(c.list ?? []).map(pattern).join(', ')}]::text[])`
          : `${text} ${op} ${pattern(c.value)}`;
        break;
      }
      case 'is': {
        const v = c.value.toLowerCase();
        expr = `${col} ${v === 'not_null' ? 'IS NOT NULL' : `IS ${v.toUpperCase()}`}`;
        break;
      }
      case 'isdistinct':
        expr = `${col} IS DISTINCT FROM ${typed(c.value)}`;
        break;
      case 'in':
        expr = c.list && c.list.length ? `${col} IN (${c.list.map(typed).join(', ')})` : 'false';
        break;
      case 'cs':
      case 'cd':
      case 'ov':
      case 'sl':
      case 'sr':
      case 'nxr':
      case 'nxl':
      case 'adj': {
        const op = { cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-' }[c.op];
        expr = `${col} ${op} ${typed(c.value)}`;
        break;
      }
      case 'fts':
      case 'plfts':
      case 'phfts':
      case 'wfts': {
        const fn = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' }[c.op];
        const config = c.ftsConfig ? `${this.param(c.ftsConfig, 'regconfig')}, ` : '';
        const vector = type === 'tsvector' ? col : `to_tsvector(${config}${col}::text)`;
        expr = `${vector} @@ ${fn}(${config}${this.param(c.value)})`;
        break;
      }
    }
    return c.negate ? `NOT (${expr})` : expr;
  }

  /** `embed=is.null` / `embed=not.is.null`: rows without / with a related row (an anti-join / inner join). */
  private embedNullFilter(embed: EmbedPlan, c: Condition): string {
    const v = c.value.toLowerCase();
    if (c.op !== 'is' || (v !== 'null' && v !== 'not_null')) {
      throw new GatewayError(400, 'PGRST100', `"failed to parse filter (${c.op}.${c.value})"`, 'Only is.null or not.is.null can filter an embedded resource');
    }
    const wantsRows = (v === 'not_null') !== c.negate;
    return wantsRows ? embed.exists : `NOT ${embed.exists}`;
  }

  filter(rel: Relation, alias: string, f: Filter, embeds: Map<string, EmbedPlan>): string {
    if (f.type === 'cond') return this.condition(rel, alias, f, embeds);
    const parts = f.children.map((child) => this.filter(rel, alias, child, embeds));
    const joined = parts.length ? `(${parts.join(f.op === 'and' ? ' AND ' : ' OR ')})` : f.op === 'and' ? 'true' : 'false';
    return f.negate ? `NOT ${joined}` : joined;
  }

  order(rel: Relation, alias: string, terms: OrderTerm[]): string {
    if (!terms.length) return '';
    const parts = terms.map((t) => {
      const { sql } = this.field(rel, alias, t.field);
      return `${sql} ${t.desc ? 'DESC' : 'ASC'}${t.nulls ? ` NULLS ${t.nulls.toUpperCase()}` : ''}`;
    });
    return ` ORDER BY ${parts.join(', ')}`;
  }

  paging(options: { limit?: number; offset?: number }): string {
    let sql = '';
    // integers (parsed as at most 15 digits, or settings): written in the statement, which a parameter would cost more
    if (options.limit !== undefined) sql += ` LIMIT ${Math.trunc(options.limit)}`;
    if (options.offset) sql += ` OFFSET ${Math.trunc(options.offset)}`;
    return sql;
  }

  // ------------------------------------------------------------ select and embedding

  /**
   * One level of the select: its output columns (and their names), the LATERAL joins of its
   * spread embeds, its WHERE conditions (filters and !inner embeds), its GROUP BY (when it
   * aggregates: by every other selected column, as PostgREST does) and its ORDER BY, for the
   * relation `rel` under `alias`.
   */
  levelParts(rel: Relation, alias: string, items: SelectItem[], path: string[], withFilters = true, wantNames = false) {
    const options = this.level(path);
    const embeds = new Map<string, EmbedPlan>();
    const columns: string[] = [];
    const names: string[] = [];
    const groupBy: string[] = [];
    const joins: string[] = [];
    let aggregated = false;
    let star = false;
    // a name selected twice (`id,id`) is answered once
    const add = (sql: string, name: string, grouped: boolean) => {
      if (names.includes(name)) return;
      columns.push(`${sql} AS ${ident(name)}`);
      names.push(name);
      if (grouped) groupBy.push(sql);
    };
    for (const item of items) {
      if (item.type === 'star') {
        // `t0.*` itself, as the single-row GET has always sent it; its names only where needed (below)
        columns.push(`${alias}.*`);
        star = true;
      } else if (item.type === 'column') {
        const field = item.field;
        // `messages(count)`: a bare count is count() where the relation has no such column
        const bareCount = !item.aggregate && field?.name === 'count' && !field.json.length && !rel.columns.has('count') && !computedField(this.schema, rel, 'count');
        if (item.aggregate || bareCount || !field) {
          aggregated = true;
          const fn = item.aggregate ?? 'count';
          let arg = '*';
          if (field && !bareCount) {
            const { sql } = this.field(rel, alias, field);
            arg = item.cast ? `${sql}::${item.cast}` : sql;
          }
          add(`${fn}(${arg})${item.resultCast ? `::${item.resultCast}` : ''}`, item.alias ?? fn, false);
        } else {
          const { sql } = this.field(rel, alias, field);
          const name = item.alias ?? field.json[field.json.length - 1]?.key ?? field.name;
          add(`${sql}${item.cast ? `::${item.cast}` : ''}`, name, true);
        }
      } else {
        const name = item.alias ?? item.name;
        if (embeds.has(name)) {
          // PostgREST's joins of both would have the same alias: Postgres's own error
          throw new GatewayError(400, '42712', `table name "${rel.name}_${name}_${path.length + 1}" specified more than once`);
        }
        const plan = this.embed(rel, alias, item, [...path, name]);
        embeds.set(name, plan);
        if (plan.spread) {
          joins.push(plan.spread.join);
          for (const n of plan.spread.names) add(`${plan.spread.alias}.${ident(n)}`, n, true);
        } else if (item.select.length) {
          // an empty embed `rel()` only filters (`rel=not.is.null`): its key is left out
          columns.push(`${plan.value} AS ${ident(name)}`);
          names.push(name);
        }
      }
    }
    // the names `*` stands for: a spread's parent selects them, an aggregate groups by them
    if (star && (aggregated || wantNames)) {
      const starNames = [...rel.columns.keys()];
      names.splice(0, 0, ...starNames.filter((c) => !names.includes(c)));
      groupBy.push(...starNames.map((c) => `${alias}.${ident(c)}`));
    }
    // a mutation's representation: its rows are already the filtered ones
    const where = withFilters ? options.filters.map((f) => this.filter(rel, alias, f, embeds)) : [];
    for (const plan of embeds.values()) if (plan.inner) where.push(plan.exists);
    return {
      columns: columns.join(', ') || 'NULL AS "__empty"',
      names,
      joins: joins.join(''),
      where,
      group: aggregated && groupBy.length ? ` GROUP BY ${groupBy.join(', ')}` : '',
      order: this.order(rel, alias, options.order),
      options,
    };
  }

  private embed(parent: Relation, parentAlias: string, item: Extract<SelectItem, { type: 'embed' }>, path: string[]): EmbedPlan {
    if (path.length > this.limits.maxEmbedDepth) throw tooDeep(path.length, this.limits.maxEmbedDepth);
    const link = resolveRelationship(this.schema, parent, item.name, item.hint);
    const alias = this.nextAlias();
    this.levelNames.set(alias, `${link.target.name}_${path.length}`);
    const join = link.join(alias, parentAlias);
    const node: CostNode = { parent: this.parentNode, alias, source: '', toMany: !link.toOne };
    this.nodes.push(node);
    this.parentNode = node;
    const inner = this.levelParts(link.target, alias, item.select, path, true, item.spread);
    this.parentNode = node.parent;
    const conditions = [...join.on, ...inner.where];
    const where = conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
    const from = `FROM ${join.from}${inner.joins}${where}`;
    const paging = this.paging({ limit: link.toOne ? inner.options.limit : this.cappedLimit(inner.options.limit), offset: inner.options.offset });
    node.source = `(SELECT ${alias}.* FROM ${join.from}${where}${inner.order}${paging}) AS ${alias}`;
    const rows = `SELECT ${inner.columns} ${from}${inner.group}${inner.order}${paging}`;
    const exists = `EXISTS (SELECT 1 ${from})`;
    if (item.spread) {
      const spreadAlias = `s${alias}`;
      // to-many (PostgREST 13's spread, which the suite expects): each column an array of the related rows' values
      const spreadRows = link.toOne
        ? rows
        : `SELECT ${inner.names.map((n) => `COALESCE(json_agg(_${alias}.${ident(n)}), '[]') AS ${ident(n)}`).join(', ')} FROM (${rows}) _${alias}`;
      return {
        value: '', exists, inner: item.inner,
        spread: { alias: spreadAlias, names: inner.names, join: ` LEFT JOIN LATERAL (${spreadRows}) AS ${spreadAlias} ON true` },
      };
    }
    const value = link.toOne
      ? `(SELECT row_to_json(_${alias}) FROM (${rows}) _${alias})`
      : `COALESCE((SELECT json_agg(_${alias}) FROM (${rows}) _${alias}), '[]')`;
    return { value, exists, inner: item.inner };
  }
}

const tooDeep = (depth: number, max: number) =>
  new GatewayError(400, '54000', `The request embeds resources ${depth} levels deep; at most ${max} are allowed`, null,
    'Embed fewer levels, or read the deeper levels with another request.');

/** Above this, a read is refused before it runs: rows of its embeds, and bytes of all its rows. */
export interface FanOutBudget {
  maxEmbeddedRows: number;
  maxAnswerBytes: number;
}

/**
 * The statement that measures what a read with to-many embeds would produce, before it runs and
 * as the caller (RLS applies): one row per row of each level, each LATERAL level keeping the
 * read's own filters, order and per-parent limit, so a fan-out of embeds is counted as the read
 * would meet it. It stops one row past the budget: its own cost is bounded by the budget.
 * Answers null when the read cannot fan out (no to-many embed).
 */
function fanOutStatement(b: Builder, root: CostNode, budget: FanOutBudget): Statement | null {
  if (!b.nodes.some((n) => n.toMany)) return null;
  const chain = (n: CostNode): string[] => (n.parent ? [...chain(n.parent), n.source] : [root.source, n.source]);
  const parts = [`SELECT 0 AS embedded, pg_column_size(${root.alias}.*) AS w FROM ${root.source}`];
  for (const n of b.nodes) parts.push(`SELECT 1, pg_column_size(${n.alias}.*) FROM ${chain(n).join(' CROSS JOIN LATERAL ')}`);
  const stop = budget.maxEmbeddedRows + b.limits.maxRows + 1;
  // every parameter of the read is named once, so that Postgres knows its type even where the count leaves its use out
  const named = b.params.length ? `WITH _params AS (SELECT ${b.params.map((_, i) => `$${i + 1}::text`).join(', ')}) ` : '';
  const sql =
    named +
    `SELECT count(*) FILTER (WHERE embedded = 1)::int8 AS total, count(*)::int AS page, coalesce(sum(w), 0)::int8::text AS body ` +
    `FROM (${parts.join(' UNION ALL ')} LIMIT ${stop}) _n`;
  return { sql, params: b.params };
}

export const tooCostly = (what: string, max: number) =>
  new GatewayError(400, '54000', `The request would answer more than ${max} ${what}`, null,
    'Select fewer rows (filters, limit, or a limit on each embedded resource, e.g. rel.limit=10).');

interface EmbedPlan {
  /** The JSON value: an object (to-one) or an array (to-many). */
  value: string;
  /** True when a related row passes the embed's own filters. */
  exists: string;
  inner: boolean;
  /** `...rel(cols)`: its row joined LATERAL to the parent's as `alias`, its columns the parent's. */
  spread?: { alias: string; names: string[]; join: string };
}

// ------------------------------------------------------------------ statements

export interface Statement {
  sql: string;
  params: string[];
  /**
   * The statement answers a row per result row, column `json` its JSON text, and the caller
   * makes the array. Otherwise it answers one row: total (or null), page (rows returned or
   * affected), body (the JSON array as text, or null).
   */
  perRow?: true;
}

/** The one-row answer of a statement (see Statement.perRow). */
const aggregate = (nullsStripped: boolean) =>
  `count(*)::int AS page, ${nullsStripped ? 'json_strip_nulls' : ''}(coalesce(json_agg(_src), '[]'))::text AS body`;

export interface ReadPlan {
  statement: Statement;
  /** Run first, as the caller: what the read would produce (see fanOutStatement). */
  fanOut: Statement | null;
  /**
   * `count=planned` / `count=estimated`: the planner's estimate of the rows the filters match
   * (EXPLAIN (FORMAT JSON), as PostgREST reads it). For `estimated` the statement's own total is an
   * exact count stopped one row past `estimateAbove`; only past that is the plan asked.
   */
  plan?: Statement;
  estimateAbove?: number;
}

export function readStatement(
  schema: Schema,
  table: string,
  query: ParsedQuery,
  opts: {
    count?: 'exact' | 'planned' | 'estimated'; range: { offset: number; limit?: number }; nullsStripped: boolean; limits?: Limits; budget?: FanOutBudget;
    /**
     * The body as one aggregate: PostgREST's CSV of the rows, its GeoJSON (with PostGIS's schema),
     * or the JSON array (the statement an explain shows, PostgREST's own shape).
     */
    format?: 'csv' | 'json' | { postgis: string };
    /** A function's result instead of a table (/rpc): its row type, and the FROM items that call it as t0. */
    source?: { rel: Relation; from: (b: Builder) => string };
  },
): ReadPlan {
  const rel = opts.source?.rel ?? relationOf(schema, table);
  const b = new Builder(schema, query, opts.limits);
  const fromItem = opts.source ? opts.source.from(b) : `${tableRef(rel)} AS t0`;
  const root = b.levelParts(rel, 't0', query.select, []);
  b.checkLevels();
  const where = root.where.length ? ` WHERE ${root.where.join(' AND ')}` : '';
  const from = `FROM ${fromItem}${root.joins}${where}`;
  const paging = b.paging({ offset: opts.range.offset, limit: opts.limits ? b.cappedLimit(opts.range.limit) : opts.range.limit });
  const rows = `SELECT ${root.columns} ${from}${root.group}${root.order}${paging}`;
  const source = `(${rows}) _src`;
  const fanOut = opts.budget ? fanOutStatement(b, { parent: null, alias: 't0', toMany: false, source: `(SELECT t0.* ${from}${root.order}${paging}) AS t0` }, opts.budget) : null;
  const planned = opts.count === 'planned' || opts.count === 'estimated';
  const plan = planned ? { sql: `EXPLAIN (FORMAT JSON) SELECT 1 ${from}`, params: b.params } : undefined;
  if (opts.format) {
    const total =
      opts.count === 'exact' ? `(SELECT count(*) ${from})`
      : opts.count === 'estimated' ? `(SELECT count(*) FROM (SELECT 1 ${from} LIMIT ${(opts.limits?.maxRows ?? 1000) + 1}) _c)`
      : 'NULL';
    let body: string;
    if (opts.format === 'csv') {
      // PostgREST's CSV (asCsvF): a header of the first row's keys, then each row's record text
      // without its parentheses, as Postgres writes a record: every type in its own text form,
      // quoted where needed ("[1,2)", "'cat' 'fat'"), an empty text as "", NULL as nothing
      const header = `(SELECT coalesce(string_agg(_k, ','), '') FROM (SELECT row_to_json(_h) AS _r FROM _src _h LIMIT 1) _f, json_object_keys(_f._r) _k)`;
      body = `${header} || chr(10) || coalesce(string_agg(substring(_src::text, 2, length(_src::text) - 2), chr(10)), '')`;
    } else if (opts.format === 'json') {
      body = `${opts.nullsStripped ? 'json_strip_nulls' : ''}(coalesce(json_agg(_src), '[]'))::text`;
    } else {
      // PostgREST's GeoJSON: each row a Feature (PostGIS makes its first geometry the geometry, the rest its properties)
      body = `json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(${opts.format.postgis}.st_asgeojson(_src)::json), '[]'))::text`;
    }
    const sql = `WITH _src AS (${rows}) SELECT ${total}::int8 AS total, count(*)::int AS page, ${body} AS body FROM _src`;
    return { statement: { sql, params: b.params }, fanOut, plan, estimateAbove: opts.count === 'estimated' ? (opts.limits?.maxRows ?? 1000) : undefined };
  }
  if (!opts.count || opts.count === 'planned') {
    // without a total, no aggregate: json_agg made a single-row read's statement cost 52 µs instead of 44
    const json = opts.nullsStripped ? 'json_strip_nulls(row_to_json(_src))' : 'row_to_json(_src)';
    return { statement: { sql: `SELECT ${json}::text AS json FROM ${source}`, params: b.params, perRow: true }, fanOut, plan };
  }
  if (opts.count === 'estimated') {
    const above = opts.limits?.maxRows ?? 1000;
    const sql = `SELECT (SELECT count(*) FROM (SELECT 1 ${from} LIMIT ${above + 1}) _c)::int8 AS total, ${aggregate(opts.nullsStripped)} FROM ${source}`;
    return { statement: { sql, params: b.params }, fanOut, plan, estimateAbove: above };
  }
  const sql = `SELECT (SELECT count(*) ${from})::int8 AS total, ${aggregate(opts.nullsStripped)} FROM ${source}`;
  return { statement: { sql, params: b.params }, fanOut };
}

export interface WriteOptions {
  representation: boolean;
  nullsStripped: boolean;
  /** Body rows for POST (array) or the object for PATCH. */
  body?: Record<string, unknown>[] | Record<string, unknown>;
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  /** `Prefer: missing=default`. */
  missingDefault?: boolean;
}

/** Marks the rows an upsert inserted (xmax = 0) rather than updated: the answer is 201 or 200. */
const INSERTED = '"__gateway_inserted"';

/**
 * WITH _mut AS (INSERT/UPDATE/DELETE … RETURNING) SELECT the representation (or just the count).
 * Several mutations are each a CTE, `_mut` their union. `flagInserts`: the total column counts the rows inserted.
 */
function finishWrite(b: Builder, rel: Relation, mutations: ((returning: string) => string)[], opts: WriteOptions, flagInserts = false): Statement {
  const returning = `${opts.representation ? 't0.*' : '1 AS "__one"'}${flagInserts ? `, (t0.xmax = 0) AS ${INSERTED}` : ''}`;
  const parts = mutations.map((_, i) => `_m${i}`);
  // the flag is kept out of the rows the representation selects
  const rowColumns = flagInserts && opts.representation ? [...rel.columns.keys()].map(ident).join(', ') : '*';
  const ctes =
    mutations.length === 1 && !flagInserts
      ? `_mut AS (${mutations[0](returning)})`
      : `${mutations.map((m, i) => `${parts[i]} AS (${m(returning)})`).join(', ')}, ` +
        `_mut AS (${parts.map((p) => `SELECT ${rowColumns} FROM ${p}`).join(' UNION ALL ')})`;
  const total = flagInserts
    ? `(SELECT count(*) FILTER (WHERE ${INSERTED}) FROM (${parts.map((p) => `SELECT ${INSERTED} FROM ${p}`).join(' UNION ALL ')}) _f)`
    : 'NULL';
  if (!opts.representation) {
    return { sql: `WITH ${ctes} SELECT ${total}::int8 AS total, count(*)::int AS page, NULL::text AS body FROM _mut`, params: b.params };
  }
  const shape = b.levelParts(rel, 't0', b.query.select, [], false);
  b.checkLevels();
  const sql =
    `WITH ${ctes} SELECT ${total}::int8 AS total, ${aggregate(opts.nullsStripped)} ` +
    `FROM (SELECT ${shape.columns} FROM _mut AS t0${shape.joins}${shape.group}${shape.order}) _src`;
  return { sql, params: b.params };
}

/** Root filters of PATCH/DELETE (no embeds there). */
function mutationWhere(b: Builder, rel: Relation): string {
  const options = b.level([]);
  if (options.limit !== undefined || options.offset) {
    throw new GatewayError(400, 'PGRST100', 'limit and offset are not supported on PATCH and DELETE');
  }
  const parts = options.filters.map((f) => b.filter(rel, 't0', f, new Map()));
  return parts.length ? ` WHERE ${parts.join(' AND ')}` : '';
}

export function insertStatement(schema: Schema, table: string, query: ParsedQuery, rows: Record<string, unknown>[], opts: WriteOptions): Statement {
  const rel = relationOf(schema, table);
  const b = new Builder(schema, query);
  const names = query.columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
  for (const n of names) if (!rel.columns.has(n)) throw unknownBodyColumn(rel.name, n);

  const conflictFor = (groupNames: string[]) => {
    if (!opts.resolution) return '';
    const target = query.onConflict ?? rel.primaryKey;
    for (const n of target) columnOf(rel, n);
    // a body of key columns only still updates (PostgREST sets them to themselves): the row is answered, not skipped
    const nonKey = groupNames.filter((n) => !target.includes(n));
    const updates = nonKey.length ? nonKey : groupNames;
    const targetSql = target.length ? ` (${target.map(ident).join(', ')})` : '';
    const conflict =
      opts.resolution === 'ignore-duplicates' || updates.length === 0
        ? ` ON CONFLICT${targetSql} DO NOTHING`
        : ` ON CONFLICT${targetSql} DO UPDATE SET ${updates.map((n) => `${ident(n)} = EXCLUDED.${ident(n)}`).join(', ')}`;
    if (!targetSql && conflict.includes('DO UPDATE')) {
      throw new GatewayError(400, 'PGRST100', `"failed to parse on_conflict parameter"`, `${rel.name} has no primary key: name the conflict columns with on_conflict`);
    }
    return conflict;
  };
  const cols = names.map(ident).join(', ');
  let source: string;
  if (!names.length) {
    source = `SELECT FROM generate_series(1, ${b.param(String(rows.length), 'integer')})`;
  } else if (opts.missingDefault) {
    // `missing=default`, as PostgREST does it: each row is the object of its columns' defaults
    // (evaluated for every row, in order: a sequence advances once per row) overlaid with the
    // row's own keys; a column without a default that the row leaves out is NULL, also on upsert
    const defaults = names.flatMap((n) => {
      const def = rel.columns.get(n)?.default;
      return def ? [`${b.param(n)}, ${def}`] : [];
    });
    const withDefaults = defaults.length ? `jsonb_build_object(${defaults.join(', ')}) || _e` : '_e';
    const body = `(SELECT jsonb_agg(${withDefaults} ORDER BY _o) FROM jsonb_array_elements(${b.param(JSON.stringify(rows), 'jsonb')}) WITH ORDINALITY _a(_e, _o))`;
    source = `SELECT ${cols} FROM jsonb_populate_recordset(NULL::${tableRef(rel)}, ${body}) _body`;
  } else {
    // json_populate_recordset converts JSON values to the column types (arrays, jsonb, dates…), as PostgREST does
    source = `SELECT ${cols} FROM json_populate_recordset(NULL::${tableRef(rel)}, ${b.param(JSON.stringify(rows), 'json')}) _body`;
  }
  const conflict = conflictFor(names);
  const mutation = (returning: string) =>
    `INSERT INTO ${tableRef(rel)} AS t0${names.length ? ` (${cols})` : ''} ${source}${conflict} RETURNING ${returning}`;
  return finishWrite(b, rel, [mutation], opts, opts.resolution === 'merge-duplicates');
}

export function updateStatement(schema: Schema, table: string, query: ParsedQuery, body: Record<string, unknown>, opts: WriteOptions): Statement {
  const rel = relationOf(schema, table);
  const b = new Builder(schema, query);
  const names = query.columns ?? Object.keys(body);
  for (const n of names) if (!rel.columns.has(n)) throw unknownBodyColumn(rel.name, n);
  const bodyParam = b.param(JSON.stringify(body), 'json');
  const where = mutationWhere(b, rel);
  if (!names.length) {
    // PostgREST answers an empty PATCH without touching any row
    return { sql: `SELECT NULL::int8 AS total, 0 AS page, ${opts.representation ? `'[]'` : 'NULL'}::text AS body`, params: [] };
  }
  const set = names.map((n) => `${ident(n)} = _body.${ident(n)}`).join(', ');
  const mutation = (returning: string) =>
    `UPDATE ${tableRef(rel)} AS t0 SET ${set} FROM json_populate_record(NULL::${tableRef(rel)}, ${bodyParam}) _body${where} RETURNING ${returning}`;
  return finishWrite(b, rel, [mutation], opts);
}

export function deleteStatement(schema: Schema, table: string, query: ParsedQuery, opts: WriteOptions): Statement {
  const rel = relationOf(schema, table);
  const b = new Builder(schema, query);
  const where = mutationWhere(b, rel);
  const mutation = (returning: string) => `DELETE FROM ${tableRef(rel)} AS t0${where} RETURNING ${returning}`;
  return finishWrite(b, rel, [mutation], opts);
}
