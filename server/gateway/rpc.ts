import { GatewayError } from './errors.js';
import type { Builder } from './sql.js';
import { SchemaMiss, functionRef, ident } from './sql.js';
import { closest } from './fuzzy.js';
import { OPERATORS } from './parser.js';
import { parseJsonValue } from './protocol.js';
import type { DbFunction, Relation, Schema } from './schema-cache.js';

/**
 * /rpc/<fn>: which function of the schema a call names, and the SQL that calls it, as PostgREST
 * 12 does (Plan.hs findProc, callPlan). Arguments come from the JSON body's keys (POST) or the
 * query parameters that are no filter (GET). A function of one unnamed argument, or with
 * `Prefer: params=single-object` of one json argument, receives the raw body.
 */

/** The body's media type, as findProc tells them apart. */
export type BodyType = 'json' | 'text' | 'xml' | 'octet' | 'form';

export function bodyType(contentType: string | undefined): BodyType {
  const t = (contentType ?? 'application/json').split(';')[0].trim().toLowerCase();
  if (t === 'text/plain') return 'text';
  if (t === 'text/xml') return 'xml';
  if (t === 'application/octet-stream') return 'octet';
  if (t === 'application/x-www-form-urlencoded') return 'form';
  return 'json';
}

export interface RpcRequest {
  /** The argument names given: the JSON body's keys, the form's, or the query's non-filter parameters. */
  keys: string[];
  /** The arguments' values by name (JSON, or text from a query or form). */
  values: Record<string, unknown>;
  /** The body as sent (POST), or for GET the arguments as a JSON object: what a raw-body argument receives. */
  raw: string;
  /** The body's bytes, for a bytea argument. */
  bytes?: Uint8Array;
  post: boolean;
  bodyType: BodyType;
  singleObject: boolean;
}

export interface RpcCall {
  fn: DbFunction;
  req: RpcRequest;
}

/** The one-argument type a raw body of each media type may go to (findProc's hasSingleUnnamedParam). */
const RAW_TYPE: Record<BodyType, string[]> = { json: ['json', 'jsonb'], text: ['text'], xml: ['xml'], octet: ['bytea'], form: [] };

const signature = (f: DbFunction) => `${f.schema}.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`;

export const ambiguousFunction = (fns: DbFunction[]) =>
  new GatewayError(300, 'PGRST203', `Could not choose the best candidate function between: ${fns.map(signature).join(', ')}`, null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved');

/** PGRST202, worded as PostgREST 12 words it (Error.hs, NoRpc). */
function notFound(schema: Schema, name: string, req: RpcRequest, overloads: DbFunction[]) {
  const fn = `${schema.name}.${name}`;
  // PostgREST holds the keys in a set: they are named in order
  const keys = [...req.keys].sort();
  const list = keys.join(', ');
  const withKeys = (text: string) => (keys.length ? text : ' without parameters');
  const onlyRaw = req.singleObject || (req.post && (req.bodyType === 'text' || req.bodyType === 'xml' || req.bodyType === 'octet'));
  const searched = req.singleObject
    ? ' with a single json/jsonb parameter'
    : req.post && req.bodyType === 'text'
      ? ' with a single unnamed text parameter'
      : req.post && req.bodyType === 'xml'
        ? ' with a single unnamed xml parameter'
        : req.post && req.bodyType === 'octet'
          ? ' with a single unnamed bytea parameter'
          : withKeys(` with parameter${keys.length > 1 ? 's' : ''} ${list}`) + (req.post && req.bodyType === 'json' ? ' or with a single unnamed json/jsonb parameter' : '');
  let hint: string | null = null;
  if (!onlyRaw) {
    const sorted = (names: string[]) => `(${[...names].sort().join(', ')})`;
    const close = overloads.length
      ? closest(overloads.map((f) => sorted(f.args.map((a) => a.name))), sorted(keys))
      : closest([...schema.functions.values()].filter((fs) => fs.some((f) => f.callable && !f.private)).map((fs) => fs[0].name), name, 0.75);
    if (close !== undefined) hint = `Perhaps you meant to call the function ${schema.name}.${overloads.length ? name : ''}${close}`;
  }
  return new SchemaMiss(
    404,
    'PGRST202',
    `Could not find the function ${fn}${onlyRaw ? '' : withKeys(`(${list})`)} in the schema cache`,
    `Searched for the function ${fn}${searched}, but no matches were found in the schema cache.`,
    hint,
  );
}

/** The overloads of a name /rpc may call, newest first (the order PostgREST's schema cache lists them in). */
export const callableOverloads = (schema: Schema, name: string) =>
  (schema.functions.get(name) ?? []).filter((f) => f.callable && !f.private).sort((a, b) => a.args.length - b.args.length || b.oid - a.oid);

/**
 * The overload a call names (findProc): the one whose arguments the keys match (every required
 * argument given, every key an argument); else the one of a single argument of the type the
 * body's media type goes to. Two that match: 300 PGRST203, never Postgres's 42725.
 */
export function resolveFunction(schema: Schema, name: string, req: RpcRequest): RpcCall {
  const overloads = callableOverloads(schema, name);
  // the portal's own helpers answer as unknown names, without the reload an unknown name starts
  if (schema.functions.get(name)?.every((f) => f.private)) {
    const { status, code, message, details, hint } = notFound(schema, name, req, []);
    throw new GatewayError(status, code, message, details, hint);
  }
  const keys = new Set(req.keys);
  const matchesKeys = (f: DbFunction) => {
    if (req.singleObject) return f.args.length === 1 && (f.args[0].type === 'json' || f.args[0].type === 'jsonb');
    if (!f.args.length) return keys.size === 0 && !(req.post && ['octet', 'text', 'xml'].includes(req.bodyType));
    const required = f.args.slice(0, f.args.length - f.defaults).map((a) => a.name);
    const optional = f.args.slice(f.args.length - f.defaults).map((a) => a.name);
    return required.every((n) => keys.has(n)) && [...keys].every((k) => required.includes(k) || optional.includes(k));
  };
  const takesRawBody = (f: DbFunction) => req.post && f.args.length === 1 && RAW_TYPE[req.bodyType].includes(f.args[0].type);
  const matches = overloads.filter(matchesKeys);
  const fallbacks = overloads.filter((f) => !matchesKeys(f) && takesRawBody(f));
  const found = matches.length ? matches : fallbacks;
  if (found.length === 1) return { fn: found[0], req };
  if (found.length > 1) throw ambiguousFunction(found);
  throw notFound(schema, name, req, overloads);
}

/** A single argument that takes the raw body (callPlan's OnePosParam). */
const rawArgument = (call: RpcCall) => call.fn.args.length === 1 && (call.req.singleObject || call.fn.args[0].name === '');

/** The call's arguments as SQL: `a := _args.a, …` with FROM items giving _args, all bound parameters. */
function callSql(b: Builder, call: RpcCall): { call: string; from: string } {
  const fnRef = functionRef(call.fn);
  if (rawArgument(call)) {
    const type = call.fn.args[0].type;
    // bytea's text input reads backslashes as escapes: the bytes go as hex
    const value = type === 'bytea' ? `\\x${Buffer.from(call.req.bytes ?? Buffer.from(call.req.raw)).toString('hex')}` : call.req.raw;
    return { call: `${fnRef}(${b.param(value, type)})`, from: '' };
  }
  const values = call.req.values;
  const given = call.fn.args.filter((a) => a.name !== '' && call.req.keys.includes(a.name));
  if (!given.length) return { call: `${fnRef}()`, from: '' };
  const columns = given.map((a) => `${ident(a.name)} ${a.type}`).join(', ');
  const record = Object.fromEntries(given.map((a) => [a.name, values[a.name]]));
  const named = given.map((a) => `${a.variadic ? 'VARIADIC ' : ''}${ident(a.name)} := _args.${ident(a.name)}`).join(', ');
  return {
    call: `${fnRef}(${named})`,
    from: `json_to_record(${b.param(JSON.stringify(record), 'json')}) AS _args(${columns})`,
  };
}

/** What a function returns: rows of a relation (filterable like a table), or a scalar value. */
export function resultRelation(schema: Schema, fn: DbFunction): Relation | null {
  if (fn.returnRel) return schema.relations.get(fn.returnRel) ?? null;
  if (fn.returnType === 'record' && fn.outColumns.length) {
    return {
      schema: fn.schema,
      name: fn.name,
      isView: false,
      columns: new Map(fn.outColumns.map((c) => [c.name, c])),
      primaryKey: [],
      uniques: [],
    };
  }
  return null;
}

/** The FROM items of a relation-returning call, named t0 (for readStatement's source). */
export function rowsSource(call: RpcCall) {
  return (b: Builder) => {
    const { call: sql, from } = callSql(b, call);
    return from ? `${from} CROSS JOIN LATERAL ${sql} AS t0` : `${sql} AS t0`;
  };
}

/**
 * A scalar (or set of scalars, or void) call: one row, body its JSON text. A set is paged by the
 * read's range (limit, offset, Range) and counted whole when a count is asked, as rows are.
 */
export function scalarStatement(
  b: Builder, call: RpcCall, range: { offset: number; limit?: number }, count: boolean,
): { sql: string; params: string[] } {
  const { call: sql, from } = callSql(b, call);
  const fromSql = from ? ` FROM ${from}` : '';
  if (call.fn.retset) {
    const inner = from ? `${from} CROSS JOIN LATERAL ${sql} AS _v(v)` : `${sql} AS _v(v)`;
    const total = count ? `(SELECT count(*) FROM ${inner})` : 'NULL';
    return {
      sql: `SELECT ${total}::int8 AS total, count(*)::int AS page, coalesce(json_agg(_p.v), '[]')::text AS body FROM (SELECT _v.v FROM ${inner}${b.paging(range)}) _p`,
      params: b.params,
    };
  }
  const value = call.fn.returnType === 'void' ? `(${sql})::text` : `to_json(${sql})::text`;
  return { sql: `SELECT 1::int8 AS total, 1 AS page, ${value} AS body${fromSql}`, params: b.params };
}

export const rpcMethodNotAllowed = (method: string) =>
  new GatewayError(405, 'PGRST101', 'Only GET, HEAD and POST are allowed for functions', `${method} was used`);

/** Query parameters that are never a function's argument. */
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'and', 'or']);
/** `[not.]op[(modifier)].value`: a filter of the result, not an argument (QueryParams.hs). */
const FILTER_VALUE = new RegExp(`^(?:not\\.)?(?:${OPERATORS.join('|')})(?:\\([^)]*\\))?\\.`);

/** What a call gives: its argument names and values, its raw body, its media type. */
export async function rpcRequest(
  req: { method: string; header: (name: string) => string | undefined; text: () => Promise<string>; bytes?: () => Promise<Uint8Array> },
  params: URLSearchParams,
  singleObject: boolean,
): Promise<RpcRequest> {
  const post = req.method === 'POST';
  if (!post) {
    const values: Record<string, unknown> = {};
    for (const [k, v] of params) {
      if (RESERVED.has(k) || k.includes('.') || FILTER_VALUE.test(v)) continue;
      // a repeated parameter is a variadic argument's array
      values[k] = k in values ? [...(Array.isArray(values[k]) ? (values[k] as unknown[]) : [values[k]]), v] : v;
    }
    return { keys: Object.keys(values), values, raw: JSON.stringify(values), post, bodyType: 'json', singleObject };
  }
  const type = bodyType(req.header('Content-Type'));
  if (type === 'octet' && req.bytes) {
    const bytes = await req.bytes();
    return { keys: [], values: {}, raw: '', bytes, post, bodyType: type, singleObject };
  }
  const text = await req.text();
  if (type === 'text' || type === 'xml' || type === 'octet') return { keys: [], values: {}, raw: text, post, bodyType: type, singleObject };
  if (type === 'form') {
    const values = Object.fromEntries(new URLSearchParams(text));
    return { keys: Object.keys(values), values, raw: JSON.stringify(values), post, bodyType: type, singleObject };
  }
  const raw = text.trim() === '' ? '{}' : text;
  const body = parseJsonValue(raw);
  // an array of objects calls with the keys of its objects
  const objects = (Array.isArray(body) ? body : [body]).filter((o): o is Record<string, unknown> => typeof o === 'object' && o !== null && !Array.isArray(o));
  const values = objects[0] ?? {};
  return { keys: [...new Set(objects.flatMap((o) => Object.keys(o)))], values, raw, post, bodyType: type, singleObject };
}
