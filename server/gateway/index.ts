import type { IncomingMessage } from 'node:http';
import { Hono, type Context } from 'hono';
import type { StatusCode } from 'hono/utils/http-status';
import type { AppContext } from '../context.js';
import { isPgError, type SqlStatement } from '../db/db.js';
import { answer } from '../http.js';
import { authenticator, checkSession, type RequestAuth } from './auth.js';
import { GatewayError, singularityError, toGatewayError } from './errors.js';
import { parsePrefer, parseQuery, parseSelect, type ParsedQuery, type Preferences } from './parser.js';
import {
  CSV_TYPE, GEOJSON_TYPE, JSON_TYPE, OBJECT_TYPE, checkProfile, notAcceptable, type PlanRequest, contentRange, negotiate, parseObject, parseRows, requestedRange,
} from './protocol.js';
import { SchemaCatalog, type Schema } from './schema-cache.js';
import { resolveFunction, resultRelation, rowsSource, rpcMethodNotAllowed, rpcRequest, scalarStatement } from './rpc.js';
import { Builder, SchemaMiss, tooCostly, deleteStatement, insertStatement, readStatement, updateStatement, type Statement } from './sql.js';
import { AUDITED_SCHEMA, ID_COLUMN, auditRows, auditedTables, gatewayAuditLog, trailOf, type TableAudit, type Trail } from './audit.js';
import { callerAddress } from '../auth/pins.js';

/**
 * /rest/v1: a PostgREST-compatible gateway. Each request is one SQL statement run in a
 * transaction as role anon or authenticated with the verified JWT claims set, so the RLS
 * policies of the migrations decide, as on a hosted Supabase.
 *
 * The gateway answers a plain description of the request (GatewayHttpRequest), not a Hono
 * context: Hono's app hands it its requests (gatewayRoutes), and Node's HTTP server hands it most
 * reads directly (direct.ts), past the cost of Hono's request and response objects.
 */

// The role and the verified JWT claims of the request, as PostgREST sets them: the RLS policies read
// the claims (public.jwt_claims(), Supabase's auth.jwt()). PostgREST also sets request.method and
// request.path; no policy here reads them, and each setting costs the database thread (measured:
// 4 settings instead of 2 took 4 % more of its time per request). The statement answers no
// column: nothing reads the values back (7 % more of these batches a second).
const SET_REQUEST = `select from (select set_config('role', $1::text, true), set_config('request.jwt.claims', $2::text, true)) settings`;

/** The statement that makes the rest of a request's transaction run as its role, with its claims. */
export const requestSettings = (auth: RequestAuth): SqlStatement => ({ sql: SET_REQUEST, params: [auth.role, auth.claims] });

interface Result {
  total: number | null;
  /** Rows returned (reads) or affected (writes). */
  page: number;
  body: string | null;
  /** The rows of the statement run before it (see run's `prior`). */
  prior?: Record<string, unknown>[];
}

/** `Prefer: tx=rollback`: the result is answered, the changes are not kept. */
class Rollback extends Error {
  constructor(readonly result: Result) {
    super('rollback');
  }
}

/** A request to the gateway, as the HTTP layer that received it describes it. */
export interface GatewayHttpRequest {
  method: string;
  /** The table the path names. */
  table: string;
  /** The query string, without its '?'. */
  search: string;
  header: (name: string) => string | undefined;
  /** /rpc/<fn>: the function called (then `table` is unused). */
  rpc?: string;
  /** The body, as text (writes only). */
  text: () => Promise<string>;
  /** The body's bytes (a function's bytea argument), where the HTTP layer has them. */
  bytes?: () => Promise<Uint8Array>;
  /** The connection the request came on (its address goes to the audit log of audited tables). */
  peer?: { remoteAddress?: string };
}

/** What the HTTP layer writes back: the whole body even for HEAD, which sends only its length. */
export interface GatewayAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/** What every handler needs to know about one request. */
interface Call {
  req: GatewayHttpRequest;
  auth: RequestAuth;
  prefs: Preferences;
  query: ParsedQuery;
  single: boolean;
  nullsStripped: boolean;
  /** `Accept: text/csv`. */
  csv?: boolean;
  /** `Accept: application/geo+json`. */
  geo?: boolean;
  /** `Accept: application/vnd.pgrst.plan…`: explain. */
  plan?: PlanRequest;
  /** The media types asked, for the 406 of a representation not offered here. */
  refused?: string[];
  /** GET of a function: run in a read-only transaction, as PostgREST does. */
  readOnly?: boolean;
  /** The schema cache of the schema the request names (Accept-Profile / Content-Profile). */
  catalog: SchemaCatalog;
  /** A write on an audited table by a signed-in person (see audit.ts). */
  trail?: Trail;
}

/** What a table read takes from its request, and its statements (see planRead). */
interface PlannedRead {
  prefs: Preferences;
  query: ParsedQuery;
  accept: ReturnType<typeof negotiate>;
  offset: number;
  built: ReturnType<typeof readStatement>;
}

/** Read plans kept per schema, the oldest dropped first; a longer request is planned each time. */
const MAX_READ_PLANS = 500;
const MAX_READ_PLAN_KEY = 2048;

const errorAnswer = (error: GatewayError): GatewayAnswer => ({
  status: error.status,
  headers: { 'Content-Type': JSON_TYPE, ...error.headers },
  body: JSON.stringify(error.body()),
});

/** The body of a result: the JSON array, or its only element for `.single()`. */
const bodyOf = (call: Call, r: Result) => (call.single ? (r.body ?? '[]').slice(1, -1) : r.body);

const checkSingle = (call: Call, r: Result) => {
  if (call.single && r.page !== 1) throw singularityError(r.page);
};

export type Gateway = ReturnType<typeof createGateway>;

export function createGateway(ctx: AppContext) {
  const limits = ctx.config.gateway;
  // one schema cache per exposed schema (PostgREST's db-schemas); the first is the default
  const schemas = limits.schemas.length ? limits.schemas : ['public'];
  const catalogs = new Map(schemas.map((name) => [name, new SchemaCatalog(ctx.db, name)]));
  const authenticate = authenticator(ctx.config.jwtSecret);
  /** planRead's plans, by schema: a schema loaded again (a reload, a dropped table) has none. */
  const readPlans = new WeakMap<Schema, Map<string, PlannedRead>>();
  /** The tables whose rows are about a person (resources/, `audit`), and the audit log's writer. */
  const audited = auditedTables();
  const recordAudit = gatewayAuditLog(ctx.db, ctx.log);

  /** Plans against the cached schema; a name it does not know triggers one reload and retry. */
  async function plan<T>(catalog: SchemaCatalog, build: (schema: Schema) => T): Promise<T> {
    const schema = await catalog.get();
    try {
      return build(schema);
    } catch (e) {
      if (!(e instanceof SchemaMiss)) throw e;
      return build(await catalog.refresh(schema));
    }
  }

  /**
   * Runs the statement as the request's role, with SET_REQUEST first in the same transaction.
   * `check` may throw to roll the statement back. With nothing to decide after the statement
   * (no check, no `tx=rollback`), both go as one batch: on PGlite one round trip, committed
   * unless a statement fails (then both roll back); else a transaction that can still roll back.
   * `prior` runs just before the statement, in its transaction: its rows are the result's `prior`.
   */
  async function run(call: Call, statement: Statement, check?: (r: Result) => void, prior?: Statement): Promise<Result> {
    const setRequest = requestSettings(call.auth);
    const toResult = (rows: Record<string, unknown>[]): Result => {
      if (statement.perRow) return { total: null, page: rows.length, body: `[${rows.map((r) => r.json).join(',')}]` };
      const row = rows[0];
      return { body: row.body as string | null, total: row.total === null ? null : Number(row.total), page: Number(row.page) };
    };
    try {
      if (!check && !call.prefs.rollback && !call.readOnly) {
        if (prior) {
          const [, before, { rows }] = await ctx.db.batch([setRequest, prior, statement]);
          return { ...toResult(rows), prior: before.rows };
        }
        const [, { rows }] = await ctx.db.batch([setRequest, statement]);
        return toResult(rows);
      }
      return await ctx.db.transaction(async (tx) => {
        // a function called with GET may not write (25006 → 405)
        if (call.readOnly) await tx.query('set transaction read only');
        await tx.query(setRequest.sql, setRequest.params);
        const before = prior ? (await tx.query<Record<string, unknown>>(prior.sql, prior.params)).rows : undefined;
        const { rows } = await tx.query<Record<string, unknown>>(statement.sql, statement.params);
        const result = toResult(rows);
        if (before) result.prior = before;
        check?.(result);
        if (call.prefs.rollback) throw new Rollback(result);
        return result;
      });
    } catch (e) {
      if (e instanceof Rollback) return e.result;
      // a table or column dropped since the cache was loaded
      if (isPgError(e) && (e.code === '42P01' || e.code === '42703')) call.catalog.invalidate();
      throw e;
    }
  }

  /**
   * Refuses a read whose embeds would fan out past the budget, before it runs: the count runs as
   * the caller (RLS applies) and stops one row past the budget (see fanOutStatement).
   */
  async function checkFanOut(call: Call, fanOut: Statement) {
    const [, { rows }] = await ctx.db.batch([requestSettings(call.auth), fanOut]);
    const row = rows[0] as { total: string | number; body: string };
    if (Number(row.total) > limits.maxEmbeddedRows) throw tooCostly('embedded rows', limits.maxEmbeddedRows);
    if (Number(row.body) > limits.maxAnswerBytes) throw tooCostly('bytes', limits.maxAnswerBytes);
  }

  /** An answer past maxAnswerBytes is not sent (a read without to-many embeds is not measured before it runs). */
  function checkAnswerSize(r: Result) {
    if (r.body !== null && r.body.length > limits.maxAnswerBytes) throw tooCostly('bytes', limits.maxAnswerBytes);
  }

  /**
   * A table read's plan: what it takes from the request (its query, Prefer, Accept, Range) and its
   * statements, all decided by the request's text and the schema, so kept per schema for the
   * requests that come again (a schema loaded again starts with none). The single-row GET of the
   * throughput bench spent most of the gateway's own time parsing and planning itself anew.
   */
  async function planRead(req: GatewayHttpRequest, catalog: SchemaCatalog): Promise<PlannedRead> {
    const current = await catalog.get();
    // only the table's name can hold a line break (percent-decoded from the path): read from the end, the key is unambiguous
    const key = `${req.table}\n${req.search}\n${req.header('Prefer') ?? ''}\n${req.header('Accept') ?? ''}\n${req.header('Range') ?? ''}`;
    const known = readPlans.get(current)?.get(key);
    if (known) return known;
    const prefs = parsePrefer(req.header('Prefer'));
    const query = parseQuery(new URLSearchParams(req.search));
    const accept = negotiate(req.header('Accept'));
    // GeoJSON where PostGIS is installed, explain with GATEWAY_PLAN: else 406, as PostgREST answers them disabled
    if ((accept.plan && !limits.plan) || (accept.geo && !current.postgis)) throw notAcceptable(accept.refused ?? []);
    const { offset, limit } = requestedRange(req.header('Range'), query.levels.get(''));
    let planned!: PlannedRead;
    await plan(catalog, (schema) => {
      const built = readStatement(schema, req.table, query, {
        count: prefs.count, range: { offset, limit }, nullsStripped: accept.nullsStripped, limits, budget: limits,
        format: accept.csv ? 'csv' : accept.geo ? { postgis: schema.postgis as string } : accept.plan ? 'json' : undefined,
      });
      planned = { prefs, query, accept, offset, built };
      if (key.length <= MAX_READ_PLAN_KEY) {
        const plans = readPlans.get(schema) ?? new Map<string, PlannedRead>();
        if (plans.size >= MAX_READ_PLANS) plans.delete(plans.keys().next().value as string);
        readPlans.set(schema, plans.set(key, planned));
      }
    });
    return planned;
  }

  async function read(req: GatewayHttpRequest, auth: RequestAuth, catalog: SchemaCatalog): Promise<GatewayAnswer> {
    const planned = await planRead(req, catalog);
    const call: Call = { req, auth, prefs: planned.prefs, query: planned.query, ...planned.accept, catalog };
    const { offset } = planned;
    const { statement, fanOut, plan: estimate, estimateAbove } = planned.built;
    if (fanOut) await checkFanOut(call, fanOut);
    if (call.plan) return explain(call, call.plan, statement);
    const result = await run(call, statement, call.single ? (r) => checkSingle(call, r) : undefined);
    checkAnswerSize(result);
    if (estimate && (estimateAbove === undefined || (result.total ?? 0) > estimateAbove)) result.total = await plannedRows(call, estimate);
    if (result.total !== null && result.total !== 0 && offset > result.total) {
      throw new GatewayError(416, 'PGRST103', 'Requested range not satisfiable',
        `An offset of ${offset} was requested, but there are only ${result.total} rows.`);
    }
    const partial = result.total !== null && result.page < result.total;
    const headers: Record<string, string> = {
      'Content-Range': contentRange(offset, result.page, result.total),
      'Content-Type': call.csv ? CSV_TYPE : call.geo ? GEOJSON_TYPE : call.single ? OBJECT_TYPE : JSON_TYPE,
    };
    if (call.prefs.count) headers['Preference-Applied'] = `count=${call.prefs.count}`;
    return { status: partial ? 206 : 200, headers, body: call.csv || call.geo ? result.body : bodyOf(call, result) };
  }

  /** The caller's address, as the services' audit records it. */
  const addressOf = (req: GatewayHttpRequest) => callerAddress(req.header('X-Forwarded-For'), req.peer?.remoteAddress, ctx.config.trustProxy);

  /** A read of an audited table: answered as any other, then recorded (see audit.ts). */
  async function auditedRead(req: GatewayHttpRequest, auth: RequestAuth, catalog: SchemaCatalog, table: TableAudit, profile: string): Promise<GatewayAnswer> {
    const answer = await read(req, auth, catalog);
    if (answer.status >= 300 || profile !== AUDITED_SCHEMA || answer.headers['Content-Type']?.startsWith('application/vnd.pgrst.plan')) return answer;
    const trail = trailOf(table, auth, () => addressOf(req));
    if (trail) await auditRead(req, auth, catalog, trail, answer.status);
    return answer;
  }

  /**
   * The rows a successful read answered: the same request with `select=id,<owner>` (its filters,
   * order, limit, offset and Range; Accept and Prefer left out: a JSON array), planned by planRead
   * and run as the caller, so RLS answers the same rows. A request that cannot be planned so
   * (filters or order on embedded resources) is recorded once without an id; never an error.
   */
  async function auditRead(req: GatewayHttpRequest, auth: RequestAuth, catalog: SchemaCatalog, trail: Trail, status: number) {
    let rows: Record<string, unknown>[] | null = null;
    const params = new URLSearchParams(req.search);
    params.set('select', `${ID_COLUMN},${trail.table.owner}`);
    const range = req.header('Range');
    const ids: GatewayHttpRequest = { method: req.method, table: req.table, search: params.toString(), header: (name) => (name === 'Range' ? range : undefined), text: req.text };
    let planned: PlannedRead | null = null;
    try {
      planned = await planRead(ids, catalog);
    } catch {
      // e.g. `notarias.id=eq.1` without `notarias` in the select: the rows cannot be told
    }
    if (planned) {
      try {
        const call: Call = { req: ids, auth, prefs: planned.prefs, query: planned.query, ...planned.accept, catalog };
        rows = JSON.parse((await run(call, planned.built.statement)).body ?? '[]') as Record<string, unknown>[];
      } catch (e) {
        ctx.log(`[audit] /rest/v1 GET ${req.table}: no se pudieron leer las filas leídas: ${(e as Error).message}`);
      }
    }
    recordAudit(auditRows(trail, 'read', status, rows), `GET ${req.table}`);
  }

  /**
   * `Accept: application/vnd.pgrst.plan`: the read's statement explained as the caller (RLS applies),
   * in JSON or text, with the options asked (ANALYZE runs it, read-only as every read).
   */
  async function explain(call: Call, request: PlanRequest, statement: Statement): Promise<GatewayAnswer> {
    const options = [`FORMAT ${request.format.toUpperCase()}`, ...request.options.map((o) => o.toUpperCase())].join(', ');
    const [, { rows }] = await ctx.db.batch([requestSettings(call.auth), { sql: `EXPLAIN (${options}) ${statement.sql}`, params: statement.params }]);
    const plans = rows.map((r) => (r as Record<string, unknown>)['QUERY PLAN']);
    const body = request.format === 'json' ? (typeof plans[0] === 'string' ? plans[0] : JSON.stringify(plans[0])) : plans.join('\n');
    const type = `application/vnd.pgrst.plan+${request.format}; for="${request.for}"; charset=utf-8`;
    return { status: 200, headers: { 'Content-Type': type }, body };
  }

  /** The planner's estimate of the rows a read's filters match (EXPLAIN as the caller: RLS applies). */
  async function plannedRows(call: Call, explain: Statement): Promise<number> {
    const [, { rows }] = await ctx.db.batch([requestSettings(call.auth), explain]);
    const raw = (rows[0] as Record<string, unknown>)['QUERY PLAN'];
    const planJson = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
    return Math.round(planJson[0]?.Plan?.['Plan Rows'] ?? 0);
  }

  async function write(call: Call): Promise<GatewayAnswer> {
    const { req, prefs, query } = call;
    const { method, table } = req;
    const representation = prefs.return === 'representation';
    const opts = { representation, nullsStripped: call.nullsStripped, resolution: prefs.resolution, missingDefault: prefs.missingDefault };
    let statement: Statement;
    if (method === 'POST') {
      const rows = parseRows(await req.text());
      statement = await plan(call.catalog, (schema) => insertStatement(schema, table, query, rows, opts));
    } else if (method === 'PATCH') {
      const values = parseObject(await req.text());
      statement = await plan(call.catalog, (schema) => updateStatement(schema, table, query, values, opts));
    } else {
      statement = await plan(call.catalog, (schema) => deleteStatement(schema, table, query, opts));
    }
    // audited: the id and owner of the rows the change's filters match, read before it in its transaction
    let prior: Statement | undefined;
    if (call.trail && method !== 'POST') {
      const select = parseSelect(`${ID_COLUMN},${call.trail.table.owner}`);
      const levels = new Map([['', { filters: query.levels.get('')?.filters ?? [], order: [] }]]);
      prior = await plan(call.catalog, (schema) => readStatement(schema, table, { select, levels }, { range: { offset: 0 }, nullsStripped: false }).statement).catch(() => undefined);
    }
    const singleRow = representation && call.single;
    const maxAffected = prefs.strict ? prefs.maxAffected : undefined;
    const check =
      singleRow || maxAffected !== undefined
        ? (r: Result) => {
            if (singleRow) checkSingle(call, r);
            if (maxAffected !== undefined && r.page > maxAffected) {
              throw new GatewayError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${r.page} rows`);
            }
          }
        : undefined;
    const result = await run(call, statement, check, prior);

    const total = prefs.count ? result.page : null;
    const applied = [`return=${prefs.return}`];
    if (prefs.count) applied.push(`count=${prefs.count}`);
    if (prefs.resolution && method === 'POST') applied.push(`resolution=${prefs.resolution}`);
    if (prefs.missingDefault && method !== 'DELETE') applied.push('missing=default');
    if (prefs.handling) applied.push(`handling=${prefs.handling}`);
    if (prefs.rollback) applied.push('tx=rollback');
    if (maxAffected !== undefined) applied.push(`max-affected=${maxAffected}`);
    const headers: Record<string, string> = {
      'Content-Range': method === 'POST' ? `*/${total ?? '*'}` : contentRange(0, result.page, total),
      'Preference-Applied': applied.join(', '),
    };
    // an upsert that only updated rows answers 200, as PostgREST does; one that inserted any, 201
    const upsertUpdatedOnly = method === 'POST' && prefs.resolution === 'merge-duplicates' && result.total === 0 && result.page > 0;
    const status = method === 'POST' ? (upsertUpdatedOnly ? 200 : 201) : representation ? 200 : 204;
    if (call.trail && !prefs.rollback && result.page > 0) auditWrite(call, call.trail, result, status);
    if (!representation) return { status, headers, body: null };
    headers['Content-Type'] = call.single ? OBJECT_TYPE : JSON_TYPE;
    return { status, headers, body: bodyOf(call, result) };
  }

  /**
   * A kept change of an audited table: PATCH and DELETE record the rows read before it (`prior`;
   * none planned: once without an id), POST the new rows of its representation that hold the id
   * and the owner (without a representation the new ids are unknown: nothing is recorded).
   */
  function auditWrite(call: Call, trail: Trail, result: Result, status: number) {
    const { method, table } = call.req;
    let rows: Record<string, unknown>[] | null = null;
    try {
      if (method === 'POST') {
        if (call.prefs.return !== 'representation' || result.body === null) return;
        const created = JSON.parse(result.body) as Record<string, unknown>[];
        rows = created.filter((r) => r[ID_COLUMN] !== undefined && r[trail.table.owner] !== undefined);
      } else if (result.prior) {
        rows = result.prior.map((r) => JSON.parse(r.json as string) as Record<string, unknown>);
      }
    } catch (e) {
      // the change is kept: its answer stands, the audit says what it can
      ctx.log(`[audit] /rest/v1 ${method} ${table}: filas sin leer: ${(e as Error).message}`);
      if (method === 'POST') return;
    }
    recordAudit(auditRows(trail, method === 'POST' ? 'create' : method === 'PATCH' ? 'update' : 'delete', status, rows), `${method} ${table}`);
  }

  /** /rpc/<fn>: a function of schema public, called as the request's role (see rpc.ts). */
  async function rpc(call: Call, name: string): Promise<GatewayAnswer> {
    const { req, prefs } = call;
    const get = req.method !== 'POST';
    const params = new URLSearchParams(req.search);
    const rpcReq = await rpcRequest(req, params, prefs.singleObject);
    const built = await plan(call.catalog, (schema) => {
      const target = resolveFunction(schema, name, rpcReq);
      // GET: the arguments are taken out of the query; what is left filters the result
      const filters = new URLSearchParams([...params].filter(([k]) => !(get && rpcReq.keys.includes(k))));
      const query = parseQuery(filters);
      const rel = resultRelation(schema, target.fn);
      const { offset, limit } = requestedRange(req.header('Range'), query.levels.get(''));
      if (!rel) {
        const b = new Builder(schema, query, limits);
        const range = { offset, limit: b.cappedLimit(limit) };
        return { kind: 'scalar' as const, fn: target.fn, offset, scalar: scalarStatement(b, target, range, !!prefs.count) as Statement };
      }
      const readPlan = readStatement(schema, '', query, {
        count: target.fn.retset && prefs.count ? 'exact' : undefined, range: { offset, limit }, nullsStripped: call.nullsStripped, limits,
        budget: target.fn.volatility === 'v' ? undefined : limits, source: { rel, from: rowsSource(target) },
      });
      return { kind: 'rows' as const, fn: target.fn, readPlan, offset };
    });
    const fn = built.fn;
    call.readOnly = get;
    const maxAffected = prefs.strict ? prefs.maxAffected : undefined;
    const check = (r: Result) => {
      if (call.single) checkSingle(call, r);
      if (maxAffected !== undefined && r.page > maxAffected) {
        throw new GatewayError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${r.page} rows`);
      }
    };
    const applied = [prefs.rollback && 'tx=rollback', prefs.singleObject && 'params=single-object', prefs.count && `count=${prefs.count}`].filter(Boolean);
    const headers: Record<string, string> = applied.length ? { 'Preference-Applied': applied.join(', ') } : {};
    if (built.kind === 'scalar') {
      const result = await run(call, built.scalar, call.single || maxAffected !== undefined ? check : undefined);
      if (fn.returnType === 'void') return { status: 204, headers, body: null };
      // a value, or a set of values, counted as rows are (count=exact: `0-0/1`)
      const total = prefs.count ? result.total : null;
      const range = contentRange(built.offset, result.page, total);
      const partial = total !== null && result.page < total;
      return { status: partial ? 206 : 200, headers: { ...headers, 'Content-Range': range, 'Content-Type': JSON_TYPE }, body: result.body };
    }
    const { readPlan, offset } = built;
    if (readPlan.fanOut) await checkFanOut(call, readPlan.fanOut);
    const result = await run(call, readPlan.statement, call.single || maxAffected !== undefined ? check : undefined);
    checkAnswerSize(result);
    if (!fn.retset) {
      // a function of one row answers the object itself (null when it answers no row)
      const body = result.page === 0 ? 'null' : (result.body ?? '[]').slice(1, -1);
      const range = contentRange(0, result.page, prefs.count ? result.page : null);
      return { status: 200, headers: { ...headers, 'Content-Range': range, 'Content-Type': JSON_TYPE }, body };
    }
    const partial = result.total !== null && result.page < result.total;
    return {
      status: partial ? 206 : 200,
      headers: { ...headers, 'Content-Range': contentRange(offset, result.page, result.total), 'Content-Type': call.single ? OBJECT_TYPE : JSON_TYPE },
      body: bodyOf(call, result),
    };
  }

  /** Answers one request; every error is an answer in PostgREST's shape. */
  async function handle(req: GatewayHttpRequest): Promise<GatewayAnswer> {
    let auth: RequestAuth | null = null;
    try {
      const method = req.method;
      if (req.rpc !== undefined && !['GET', 'HEAD', 'POST'].includes(method)) throw rpcMethodNotAllowed(method);
      if (!['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'].includes(method)) {
        throw new GatewayError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
      }
      const profile = checkProfile(req.header, schemas, method === 'GET' || method === 'HEAD');
      const authenticating = authenticate(req.header('Authorization'));
      auth = authenticating instanceof Promise ? await authenticating : authenticating;
      if (auth.token) {
        const checking = checkSession(ctx.db, auth.token, req.rpc === undefined && method !== 'GET' && method !== 'HEAD');
        if (checking) await checking;
      }
      const catalog = catalogs.get(profile) as SchemaCatalog;
      if (req.rpc === undefined && (method === 'GET' || method === 'HEAD')) {
        // the one cost of the audit on an unaudited table: this lookup
        const audit = audited.get(req.table);
        return await (audit === undefined ? read(req, auth, catalog) : auditedRead(req, auth, catalog, audit, profile));
      }
      const call: Call = {
        req,
        auth,
        prefs: parsePrefer(req.header('Prefer')),
        // a function's query also holds its arguments: rpc() parses what is left
        query: parseQuery(new URLSearchParams(req.rpc === undefined ? req.search : '')),
        ...negotiate(req.header('Accept')),
        catalog,
      };
      // GeoJSON and plans are offered on reads of tables and views
      if (call.geo || call.plan) throw notAcceptable(call.refused ?? []);
      if (req.rpc !== undefined) return await rpc(call, req.rpc);
      const audit = audited.get(req.table);
      if (audit !== undefined && profile === AUDITED_SCHEMA) call.trail = trailOf(audit, auth, () => addressOf(req)) ?? undefined;
      return await write(call);
    } catch (e) {
      return errorAnswer(toGatewayError(e, auth?.role === 'authenticated', ctx.log));
    }
  }

  return { handle };
}

/** The gateway's routes in Hono's app: what Node's HTTP server does not hand it directly (direct.ts). */
export function gatewayRoutes(gateway: Gateway) {
  const app = new Hono();
  const reply = (c: Context, a: GatewayAnswer) => answer(c, a.body, a.status as StatusCode, a.headers);

  app.all('/rpc/:fn', async (c) =>
    reply(c, await gateway.handle({
      method: c.req.method,
      table: '',
      rpc: c.req.param('fn'),
      search: new URL(c.req.url).search.slice(1),
      header: (name) => c.req.header(name),
      text: () => c.req.text(),
      bytes: async () => new Uint8Array(await c.req.arrayBuffer()),
    })),
  );
  app.all('/:table', async (c) =>
    reply(c, await gateway.handle({
      method: c.req.method,
      table: c.req.param('table'),
      search: new URL(c.req.url).search.slice(1),
      header: (name) => c.req.header(name),
      text: () => c.req.text(),
      peer: (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket,
    })),
  );
  // anything else under /rest/v1 must not fall through to the SPA
  app.all('*', (c) => reply(c, errorAnswer(new GatewayError(404, 'PGRST125', 'Invalid path specified in request URL'))));
  return app;
}
