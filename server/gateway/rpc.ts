import { GatewayError } from './errors.js';
import type { Builder } from './sql.js';
import { SchemaMiss, functionRef, ident } from './sql.js';
import type { DbFunction, Relation, Schema } from './schema-cache.js';

/**
 * /rpc/<fn>: which function of schema `public` a call names, and the SQL that calls it, as
 * PostgREST does. Arguments come from the JSON body (POST) or the query string (GET); with
 * `Prefer: params=single-object`, or for a function of one unnamed json/jsonb argument, the whole
 * body is that argument.
 */

export interface RpcCall {
  fn: DbFunction;
  /** The arguments' values by name (JSON), or the whole body for a single json argument. */
  args: Record<string, unknown> | { single: unknown };
}

const isJson = (type: string) => type === 'json' || type === 'jsonb';

const notFound = (schema: string, name: string, keys: string[]) =>
  new SchemaMiss(
    404,
    'PGRST202',
    `Could not find the function ${schema}.${name}${keys.length ? `(${keys.join(', ')})` : ''} in the schema cache`,
    `Searched for the function ${schema}.${name} ${keys.length ? `with parameters ${keys.join(', ')}` : 'without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
  );

/**
 * The overload a call names: every key is an argument and every argument without a default is
 * given. `candidateKeys` (GET) are the query parameters; those that are no argument are filters.
 */
export function resolveFunction(
  schema: Schema,
  name: string,
  body: { keys: string[]; values: Record<string, unknown>; raw: unknown },
  opts: { singleObject: boolean; get: boolean; exposed: readonly string[] },
): RpcCall {
  // only the functions declared for the API exist for a caller (not the policies' helpers); an
  // undeclared name is answered at once, without the schema reload an unknown name triggers
  if (!opts.exposed.includes(name)) {
    const miss = notFound(schema.name, name, body.keys);
    throw new GatewayError(miss.status, miss.code, miss.message, miss.details, miss.hint);
  }
  const overloads = schema.functions.get(name) ?? [];
  const oneJson = (f: DbFunction) => f.args.length === 1 && isJson(f.args[0].type);
  if (opts.singleObject) {
    const fn = overloads.find(oneJson);
    if (fn) return { fn, args: { single: body.raw ?? {} } };
  }
  const matches = overloads.filter((f) => {
    const names = f.args.map((a) => a.name);
    const given = opts.get ? body.keys.filter((k) => names.includes(k)) : body.keys;
    if (!given.every((k) => names.includes(k) && k !== '')) return false;
    return f.args.every((a, i) => i >= f.args.length - f.defaults || given.includes(a.name));
  });
  if (matches.length === 1) return { fn: matches[0], args: body.values };
  if (matches.length > 1) {
    // the overload that uses the most of the given keys, as Postgres would need them
    const best = [...matches].sort((a, b) => a.args.length - b.args.length);
    return { fn: best[0], args: body.values };
  }
  // a POST body to a function of one unnamed json/jsonb argument is that argument
  if (!opts.get) {
    const fn = overloads.find((f) => oneJson(f) && f.args[0].name === '');
    if (fn) return { fn, args: { single: body.raw ?? {} } };
  }
  throw notFound(schema.name, name, body.keys);
}

/** The call's arguments as SQL: `a := _args.a, …` with FROM items giving _args, all bound parameters. */
function callSql(b: Builder, call: RpcCall): { call: string; from: string } {
  const fnRef = functionRef(call.fn);
  if ('single' in call.args) return { call: `${fnRef}(${b.param(JSON.stringify(call.args.single), call.fn.args[0].type)})`, from: '' };
  const values = call.args as Record<string, unknown>;
  const given = call.fn.args.filter((a) => a.name !== '' && a.name in values);
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

/** A scalar (or set of scalars, or void) call: one row, body its JSON text. */
export function scalarStatement(b: Builder, call: RpcCall): { sql: string; params: string[] } {
  const { call: sql, from } = callSql(b, call);
  const fromSql = from ? ` FROM ${from}` : '';
  if (call.fn.retset) {
    const inner = from ? `${from} CROSS JOIN LATERAL ${sql} AS _v(v)` : `${sql} AS _v(v)`;
    return {
      sql: `SELECT NULL::int8 AS total, count(*)::int AS page, coalesce(json_agg(_v.v), '[]')::text AS body FROM ${inner}`,
      params: b.params,
    };
  }
  const value = call.fn.returnType === 'void' ? `(${sql})::text` : `to_json(${sql})::text`;
  return { sql: `SELECT NULL::int8 AS total, 1 AS page, ${value} AS body${fromSql}`, params: b.params };
}

export const rpcMethodNotAllowed = (method: string) =>
  new GatewayError(405, 'PGRST101', 'Only GET, HEAD and POST are allowed for functions', `${method} was used`);
