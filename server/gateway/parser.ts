import { GatewayError, parseError } from './errors.js';
import { MAX_REQUEST_REGEX_SIZE, assertPatternNotTooLong, assertRegexNotTooComplex } from './regex-guard.js';

/** The regular expressions of the request being parsed (parsing is synchronous: one at a time). */
const regexBudget = {
  left: MAX_REQUEST_REGEX_SIZE,
  spend(size: number) {
    this.left -= size;
    if (this.left < 0) throw new GatewayError(400, '2201B', 'invalid regular expression: regular expression is too complex', 'The regular expressions of one request are too large together.');
  },
};

/**
 * The PostgREST query language, parsed into plain data. Nothing here knows the catalog:
 * names are checked (and quoted) later, by the SQL builder.
 */
export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}
export interface Field {
  name: string;
  json: JsonStep[];
}

export const AGGREGATES = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

/**
 * One item of `select`. A column may be aggregated (`amount.sum()`, `count()` without a column:
 * field null), with a cast of its input (`amount::int.sum()`) and of its result (`count()::text`).
 */
export type SelectItem =
  | { type: 'star' }
  | { type: 'column'; field: Field | null; alias?: string; cast?: string; aggregate?: Aggregate; resultCast?: string }
  | { type: 'embed'; name: string; alias?: string; hint?: string; inner: boolean; spread: boolean; select: SelectItem[] };

export const OPERATORS = [
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'is', 'isdistinct', 'in',
  'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'fts', 'plfts', 'phfts', 'wfts',
] as const;
export type Operator = (typeof OPERATORS)[number];
const QUANTIFIABLE = new Set<string>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const FTS = new Set<string>(['fts', 'plfts', 'phfts', 'wfts']);

export interface Condition {
  type: 'cond';
  field: Field;
  negate: boolean;
  op: Operator;
  /** `eq(any).{a,b}`: the value is a list compared with ANY/ALL. */
  quantifier?: 'any' | 'all';
  ftsConfig?: string;
  value: string;
  /** Elements of `in.(…)` and of quantified `{…}` lists. */
  list?: string[];
}
export interface Logic {
  type: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Filter[];
}
export type Filter = Condition | Logic;

export interface OrderTerm {
  field: Field;
  desc: boolean;
  nulls?: 'first' | 'last';
}

/** Filters, order and paging that apply at one level: '' is the main relation, 'a.b' an embed. */
export interface LevelOptions {
  filters: Filter[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface ParsedQuery {
  select: SelectItem[];
  levels: Map<string, LevelOptions>;
  /** `columns=` of POST: which body keys are inserted. */
  columns?: string[];
  onConflict?: string[];
}

const RESERVED_CHARS = new Set([',', ':', '(', ')', '!', '.', '"', '\0']);
/** Nesting of embeds and of and(…)/or(…): deeper requests are refused rather than sent to Postgres. */
const MAX_DEPTH = 16;

/** A cursor over one parameter value; errors name the parameter as PostgREST does. */
class Scanner {
  pos = 0;
  depth = 0;
  constructor(
    readonly text: string,
    readonly what: string,
  ) {}

  get done() {
    return this.pos >= this.text.length;
  }
  peek(n = 0) {
    return this.text[this.pos + n];
  }
  startsWith(s: string) {
    return this.text.startsWith(s, this.pos);
  }
  /** Enters one level of nesting (embed or logic group). */
  nest() {
    if (++this.depth > MAX_DEPTH) this.fail(`nesting deeper than ${MAX_DEPTH} levels`);
  }
  fail(message?: string): never {
    throw parseError(
      `${this.what} (${this.text})`,
      message ?? (this.done ? 'unexpected end of input' : `unexpected "${this.peek()}" at position ${this.pos}`),
    );
  }
  expect(ch: string) {
    if (this.peek() !== ch) this.fail(this.done ? undefined : `unexpected "${this.peek()}" expecting "${ch}"`);
    this.pos++;
  }

  /** A double-quoted string with \" and \\ escapes (PostgREST's quoting of values and names). */
  quoted(): string {
    this.expect('"');
    let out = '';
    while (!this.done && this.peek() !== '"') {
      if (this.peek() === '\0') this.fail('NUL characters are not allowed');
      if (this.peek() === '\\' && this.pos + 1 < this.text.length) this.pos++;
      out += this.text[this.pos++];
    }
    this.expect('"');
    return out;
  }

  /** An identifier: quoted, or up to a reserved character, `->` or `::`. */
  name(): string {
    if (this.peek() === '"') return this.quoted();
    const start = this.pos;
    while (!this.done && !RESERVED_CHARS.has(this.peek()) && !this.startsWith('->')) this.pos++;
    if (this.pos === start) this.fail();
    return this.text.slice(start, this.pos);
  }

  /** Text up to the bracket closing the one at the cursor, respecting quotes; brackets included. */
  balanced(open: string, close: string): string {
    const start = this.pos;
    let depth = 0;
    let inQuotes = false;
    while (!this.done) {
      const ch = this.text[this.pos++];
      if (inQuotes) {
        if (ch === '\\') this.pos++;
        else if (ch === '"') inQuotes = false;
      } else if (ch === '"') inQuotes = true;
      else if (ch === open) depth++;
      else if (ch === close && --depth === 0) return this.text.slice(start, this.pos);
    }
    return this.fail();
  }
}

/** `name`, `data->a->>b`, `data->0`. */
function parseFieldAt(s: Scanner): Field {
  const name = s.name();
  const json: JsonStep[] = [];
  while (s.startsWith('->')) {
    const arrow = s.startsWith('->>') ? '->>' : '->';
    s.pos += arrow.length;
    json.push({ arrow, key: s.name() });
  }
  return { name, json };
}

export function parseField(text: string, what: string): Field {
  const s = new Scanner(text, what);
  const field = parseFieldAt(s);
  if (!s.done) s.fail();
  return field;
}

// ---------------------------------------------------------------- select

function parseSelectItems(s: Scanner, nested: boolean): SelectItem[] {
  const items: SelectItem[] = [];
  if (s.done && !nested) return [{ type: 'star' }];
  for (;;) {
    if (nested && s.peek() === ')' && items.length === 0) break; // `rel()` selects nothing
    items.push(parseSelectItem(s));
    if (s.peek() === ',') {
      s.pos++;
      continue;
    }
    if (nested ? s.peek() === ')' : s.done) break;
    s.fail();
  }
  return items;
}

function parseCast(s: Scanner): string | undefined {
  if (!s.startsWith('::')) return undefined;
  s.pos += 2;
  const m = /^[A-Za-z_][A-Za-z0-9_]*(\[\])?/.exec(s.text.slice(s.pos));
  if (!m) s.fail();
  s.pos += m[0].length;
  return m[0];
}

function parseSelectItem(s: Scanner): SelectItem {
  if (s.peek() === '*') {
    s.pos++;
    return { type: 'star' };
  }
  // `...rel(cols)`: the embed's columns spread into its parent (to-one only)
  const spread = s.startsWith('...');
  if (spread) s.pos += 3;
  let alias: string | undefined;
  let field = parseFieldAt(s);
  if (!spread && s.peek() === ':' && s.peek(1) !== ':') {
    if (field.json.length) s.fail();
    s.pos++;
    alias = field.name;
    field = parseFieldAt(s);
  }
  // `count()`: the number of rows (of the group)
  if (!spread && field.name === 'count' && field.json.length === 0 && s.startsWith('()')) {
    s.pos += 2;
    return { type: 'column', field: null, alias, aggregate: 'count', resultCast: parseCast(s) };
  }
  if ((s.peek() === '!' || s.peek() === '(') && field.json.length === 0) {
    let hint: string | undefined;
    let inner = false;
    while (s.peek() === '!') {
      s.pos++;
      const word = s.name();
      if (word === 'inner') inner = true;
      else if (word !== 'left') hint = word;
    }
    s.expect('(');
    s.nest();
    const select = parseSelectItems(s, true);
    s.depth--;
    s.expect(')');
    return { type: 'embed', name: field.name, alias, hint, inner, spread, select };
  }
  if (spread) s.fail('expected an embedded resource after "..."');
  const cast = parseCast(s);
  if (s.peek() === '.') {
    s.pos++;
    const fn = s.name();
    if (!(AGGREGATES as readonly string[]).includes(fn) || !s.startsWith('()')) s.fail(`unknown aggregate function "${fn}"`);
    s.pos += 2;
    return { type: 'column', field, alias, cast, aggregate: fn as Aggregate, resultCast: parseCast(s) };
  }
  return { type: 'column', field, alias, cast };
}

export function parseSelect(text: string): SelectItem[] {
  const s = new Scanner(text, 'select parameter');
  return parseSelectItems(s, false);
}

// ---------------------------------------------------------------- filters

/** `a,"b,c",d` inside (…) or {…}: elements split at top-level commas, quotes removed. */
function parseList(body: string, what: string): string[] {
  if (body === '') return [];
  const s = new Scanner(body, what);
  const items: string[] = [];
  for (;;) {
    if (s.peek() === '"') items.push(s.quoted());
    else {
      const start = s.pos;
      while (!s.done && s.peek() !== ',') s.pos++;
      items.push(body.slice(start, s.pos));
    }
    if (s.done) return items;
    s.expect(',');
  }
}

/**
 * `[not.]op[(modifier)].value` — the right-hand side of `col=…` and of a condition in or=(…).
 * `value` is raw; in logic trees the caller has already cut it out.
 */
function parseOperation(field: Field, text: string): Condition {
  let rest = text;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const m = /^([a-z]+)(?:\(([^)]*)\))?\./.exec(rest);
  if (!m || !(OPERATORS as readonly string[]).includes(m[1])) {
    throw parseError(`filter (${text})`, `unknown or malformed operator in "${text}"`);
  }
  const op = m[1] as Operator;
  const modifier = m[2];
  const value = rest.slice(m[0].length);
  const cond: Condition = { type: 'cond', field, negate, op, value };

  if (modifier !== undefined) {
    if (FTS.has(op)) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(modifier)) throw parseError(`filter (${text})`, 'invalid text search configuration');
      cond.ftsConfig = modifier;
    } else if (QUANTIFIABLE.has(op) && (modifier === 'any' || modifier === 'all')) {
      if (!value.startsWith('{') || !value.endsWith('}')) throw parseError(`filter (${text})`, 'expected a list in {…}');
      cond.quantifier = modifier;
      cond.list = parseList(value.slice(1, -1), `filter (${text})`);
    } else {
      throw parseError(`filter (${text})`, `unexpected modifier "${modifier}"`);
    }
  }
  if (op === 'in') {
    if (!value.startsWith('(') || !value.endsWith(')')) throw parseError(`filter (${text})`, 'expected a list in (…)');
    cond.list = parseList(value.slice(1, -1), `filter (${text})`);
  }
  if (op === 'is' && !/^(null|not_null|true|false|unknown)$/i.test(value)) {
    throw parseError(`filter (${text})`, 'is accepts null, not_null, true, false or unknown');
  }
  for (const pattern of cond.list ?? [value]) {
    if (op === 'match' || op === 'imatch') regexBudget.spend(assertRegexNotTooComplex(pattern));
    else if (op === 'like' || op === 'ilike' || FTS.has(op)) assertPatternNotTooLong(op, pattern);
  }
  return cond;
}

/** `(cond,or(cond,cond),not.and(…))` — the value of or= / and=. */
function parseLogicList(s: Scanner): Filter[] {
  s.expect('(');
  s.nest();
  const children: Filter[] = [];
  for (;;) {
    children.push(parseLogicItem(s));
    if (s.peek() === ',') {
      s.pos++;
      continue;
    }
    s.expect(')');
    s.depth--;
    return children;
  }
}

function parseLogicItem(s: Scanner): Filter {
  const nested = /^(not\.)?(and|or)\(/.exec(s.text.slice(s.pos));
  if (nested) {
    s.pos += nested[0].length - 1;
    return { type: 'logic', negate: !!nested[1], op: nested[2] as 'and' | 'or', children: parseLogicList(s) };
  }
  const field = parseFieldAt(s);
  s.expect('.');
  const opStart = s.pos;
  const head = /^(not\.)?[a-z]+(\([^)]*\))?\./.exec(s.text.slice(s.pos));
  if (!head) s.fail();
  s.pos += head[0].length;
  let value: string;
  if (s.peek() === '(' && /^(not\.)?in\./.test(head[0])) value = s.balanced('(', ')');
  else if (s.peek() === '{') value = s.balanced('{', '}');
  else if (s.peek() === '"') value = s.quoted();
  else {
    const start = s.pos;
    while (!s.done && s.peek() !== ',' && s.peek() !== ')') s.pos++;
    value = s.text.slice(start, s.pos);
  }
  return parseOperation(field, s.text.slice(opStart, opStart + head[0].length) + value);
}

export function parseLogic(op: 'and' | 'or', negate: boolean, text: string): Logic {
  const s = new Scanner(text, 'logic tree');
  const children = parseLogicList(s);
  if (!s.done) s.fail();
  return { type: 'logic', op, negate, children };
}

// ---------------------------------------------------------------- order, paging, lists

export function parseOrder(text: string): OrderTerm[] {
  return text.split(',').map((term) => {
    const s = new Scanner(term, 'order parameter');
    const field = parseFieldAt(s);
    const result: OrderTerm = { field, desc: false };
    while (!s.done) {
      s.expect('.');
      const word = s.name();
      if (word === 'asc' || word === 'desc') result.desc = word === 'desc';
      else if (word === 'nullsfirst' || word === 'nullslast') result.nulls = word === 'nullsfirst' ? 'first' : 'last';
      else s.fail(`unexpected "${word}" expecting asc, desc, nullsfirst or nullslast`);
    }
    return result;
  });
}

function parseCount(text: string, what: string): number {
  if (!/^\d{1,15}$/.test(text)) throw parseError(`${what} parameter (${text})`, 'expected a non-negative integer');
  return Number(text);
}

/** `"a","b"` or `a,b` (columns=, on_conflict=). */
function parseNameList(text: string, what: string): string[] {
  const s = new Scanner(text, what);
  const names: string[] = [];
  for (;;) {
    names.push(s.name());
    if (s.done) return names;
    s.expect(',');
  }
}

/** Every query parameter of a request, sorted by the level (embed path) it applies to. */
export function parseQuery(params: URLSearchParams): ParsedQuery {
  const query: ParsedQuery = { select: [{ type: 'star' }], levels: new Map() };
  regexBudget.left = MAX_REQUEST_REGEX_SIZE;
  const level = (path: string[]) => {
    const key = path.join('.');
    let options = query.levels.get(key);
    if (!options) query.levels.set(key, (options = { filters: [], order: [] }));
    return options;
  };

  for (const [key, value] of params) {
    if (key === 'select') {
      query.select = parseSelect(value);
      continue;
    }
    if (key === 'columns') {
      query.columns = parseNameList(value, 'columns parameter');
      continue;
    }
    if (key === 'on_conflict') {
      query.onConflict = parseNameList(value, 'on_conflict parameter');
      continue;
    }
    const segments = key.split('.');
    const last = segments[segments.length - 1];
    if (last === 'order' || last === 'limit' || last === 'offset') {
      const options = level(segments.slice(0, -1));
      if (last === 'order') options.order.push(...parseOrder(value));
      else options[last] = parseCount(value, last);
    } else if (last === 'or' || last === 'and') {
      const negate = segments[segments.length - 2] === 'not';
      const path = segments.slice(0, negate ? -2 : -1);
      level(path).filters.push(parseLogic(last, negate, value));
    } else {
      const field = parseField(last, `filter (${key})`);
      level(segments.slice(0, -1)).filters.push(parseOperation(field, value));
    }
  }
  return query;
}

// ---------------------------------------------------------------- headers

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missingDefault: boolean;
  rollback: boolean;
  maxAffected?: number;
  strict: boolean;
  /** `handling=` as sent (echoed in Preference-Applied). */
  handling?: 'strict' | 'lenient';
  /** `params=single-object`: the body is a function's one json argument. */
  singleObject: boolean;
}

/** The Prefer header(s); supabase-js appends several values separated by commas. */
export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = { return: 'minimal', missingDefault: false, rollback: false, strict: false, singleObject: false };
  for (const part of (header ?? '').split(/[,;]/)) {
    const [k, v] = part.trim().split('=').map((x) => x.trim());
    if (k === 'return' && (v === 'minimal' || v === 'representation' || v === 'headers-only')) prefs.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) prefs.count = v;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) prefs.resolution = v;
    else if (k === 'missing') prefs.missingDefault = v === 'default';
    else if (k === 'tx') prefs.rollback = v === 'rollback';
    else if (k === 'handling') {
      prefs.strict = v === 'strict';
      if (v === 'strict' || v === 'lenient') prefs.handling = v;
    }
    else if (k === 'params') prefs.singleObject = v === 'single-object';
    else if (k === 'max-affected' && /^\d+$/.test(v ?? '')) prefs.maxAffected = Number(v);
  }
  return prefs;
}

/** `Range: 0-9` (items, inclusive); an open end `10-` is allowed. */
export function parseRange(header: string | undefined): { from: number; to?: number } | null {
  if (!header) return null;
  const m = /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(header);
  if (!m) return null;
  const from = Number(m[1]);
  const to = m[2] === '' ? undefined : Number(m[2]);
  if (to !== undefined && to < from) return null;
  return { from, to };
}
