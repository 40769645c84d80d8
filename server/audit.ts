/**
 * The audit log of the services API (table servicios.audit_log, 0005_audit.sql): one row per
 * request on an endpoint that declares what it touches (api/, `audit`: personas, privilegios,
 * cases, acts, documents, copies, messages, drafts, appointments, verifications, identity,
 * passkeys, sessions), written by ONE middleware of the services router: a change's row in the
 * change's own transaction, a read's after the answer (see auditTrail). The route's own auth stays
 * authoritative; here the bearer token only names the actor. Request bodies are never stored.
 *
 * The /rest/v1 gateway writes to the same log, through the same group-committing writer
 * (auditWriter), for the tables whose declaration says they are about a person (resources/,
 * `audit`: citas): one row per row read, changed or created by someone other than that person,
 * with the person in `titular` (server/gateway/audit.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppContext } from './context.js';
import { CONNECTION_LOST, STATEMENT_TIMEOUT, isPgError, type Queryable } from './db/db.js';
import type { ScopedDb } from './db/request-transaction.js';
import { MENSAJE_BD_NO_DISPONIBLE, MENSAJE_ERROR_INTERNO, json } from './http.js';
import { verifyToken } from './auth/jwt.js';
import { callerAddress } from './auth/pins.js';
import { endpointOf } from './endpoints.js';
import { API_BASE, pathParams, type Endpoint } from '../api/endpoint.js';
import { ENDPOINTS } from '../api/index.js';
import { AUDIT_ENTITIES, type AuditAction, type AuditEntity } from '../domain/auditoria.js';

export { AUDIT_ENTITIES, type AuditAction, type AuditEntity };

const ACTION_OF: Record<string, AuditAction> = { GET: 'read', HEAD: 'read', POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_ID = 200;

/** Text Postgres can store, of bounded size: a probe's id may be huge or hold NUL characters. */
const storable = (v: string) => v.replace(/\0/g, '\uFFFD').slice(0, MAX_ID);

export interface AuditTarget {
  entity: AuditEntity;
  action: AuditAction;
  /** The last path segment that names a record; null for plain lists (/clientes). */
  entityId: string | null;
}

/**
 * What a request under the services base touches, or null when it is not audited: what its
 * endpoint declares (api/, `audit`). A request no endpoint answers is a probe, recorded under the
 * entity of the audited endpoints its path begins like (probeTarget).
 */
export function auditTarget(method: string, relativePath: string): AuditTarget | null {
  const hit = endpointOf(method, `${API_BASE}${relativePath}`);
  return hit ? declaredTarget(hit.endpoint, hit.params, method) : probeTarget(method, relativePath);
}

/**
 * A probe (DELETE on a persona, /persona/a/b/c): the audited endpoints whose fixed leading
 * segments the path begins with, the longest such beginning; if they name one entity, the probe
 * is a try at it, its record the path's last segment. Otherwise (no such endpoint, or several
 * entities) nothing is recorded.
 */
function probeTarget(method: string, relativePath: string): AuditTarget | null {
  const action = Object.hasOwn(ACTION_OF, method) ? ACTION_OF[method] : undefined;
  if (!action) return null;
  const segments = relativePath.split('/').filter(Boolean);
  let best: { length: number; entities: Set<AuditEntity> } = { length: 0, entities: new Set() };
  for (const { prefix, entity } of auditedPrefixes()) {
    if (prefix.length < best.length || prefix.length > segments.length || prefix.some((s, i) => s !== segments[i])) continue;
    if (prefix.length > best.length) best = { length: prefix.length, entities: new Set() };
    best.entities.add(entity);
  }
  if (best.length === 0 || best.entities.size !== 1) return null;
  const last = segments.length > best.length ? segments.at(-1) : undefined;
  return { entity: [...best.entities][0], action, entityId: last === undefined ? null : storable(last) };
}

/** Each audited endpoint of the services base: the fixed segments its path begins with, and its entity. */
let prefixes: { prefix: string[]; entity: AuditEntity }[] | null = null;
const auditedPrefixes = () =>
  (prefixes ??= ENDPOINTS.filter((e) => e.audit && (e.base ?? API_BASE) === API_BASE).map((e) => {
    const segments = e.path.split('/').filter(Boolean);
    const firstParam = segments.findIndex((s) => s.startsWith('{'));
    return { prefix: firstParam < 0 ? segments : segments.slice(0, firstParam), entity: e.audit!.entity };
  }));

/**
 * What a declared endpoint's `audit` says: its entity, its action (from the method unless given)
 * and the record the path names (the declared parameter, else the path's last one; none: a list).
 */
function declaredTarget(e: Endpoint, params: Record<string, string>, method: string): AuditTarget | null {
  if (!e.audit) return null;
  const action = e.audit.action ?? (Object.hasOwn(ACTION_OF, method) ? ACTION_OF[method] : undefined);
  if (!action) return null;
  const name = e.audit.id ?? pathParams(e.path).at(-1);
  const id = name === undefined ? undefined : params[name];
  return { entity: e.audit.entity, action, entityId: id === undefined ? null : storable(id) };
}

/** idPersona of a valid access token, else null (an invalid token is still worth recording as a null actor). */
async function actorOf(secret: string, authorization: string | undefined): Promise<string | null> {
  const token = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1].trim();
  if (!token) return null;
  const result = await verifyToken(secret, token);
  if (!result.ok || result.claims.role !== 'authenticated') return null;
  const sub = result.claims.sub;
  return typeof sub === 'string' && UUID.test(sub) ? sub : null;
}

/** The id of a record just created: the `id` of the JSON answer, read from a copy. */
async function createdId(c: Context): Promise<string | null> {
  if (!(c.res.headers.get('Content-Type') ?? '').includes('json')) return null;
  try {
    const body = (await c.res.clone().json()) as { id?: unknown };
    return typeof body?.id === 'string' || typeof body?.id === 'number' ? storable(String(body.id)) : null;
  } catch {
    return null;
  }
}

/** One row of servicios.audit_log, as the middleware and the gateway (gateway/audit.ts) build it. */
export interface AuditRow {
  at: string;
  actor: string | null;
  action: AuditAction;
  entity: AuditEntity;
  entity_id: string | null;
  status: number;
  ip: string | null;
  /** The persona the record is about, where the writer knows it (the gateway: a cita's client). */
  titular?: string | null;
}

const INSERT_ROWS = `insert into servicios.audit_log (at, actor, action, entity, entity_id, status, ip, titular)
  select at, actor, action, entity, entity_id, status, ip, titular from jsonb_to_recordset($1::text::jsonb)
    as r(at timestamptz, actor uuid, action text, entity text, entity_id text, status integer, ip text, titular uuid)`;

/**
 * Group commit: the rows of requests that finish while an insert runs wait for it and go
 * together in the next one, so under load one statement (and one write to disk) records many
 * requests instead of one each. write() settles once its row is stored. A group that fails is
 * retried row by row, so one bad row cannot lose the others.
 */
export function auditWriter(db: Queryable) {
  type Waiting = { row: AuditRow; settle(error?: unknown): void };
  let waiting: Waiting[] | null = null;
  let previous = Promise.resolve();
  const insert = (rows: AuditRow[]) => db.query(INSERT_ROWS, [JSON.stringify(rows)]);

  /** Stores a group and settles each of its rows; never rejects. */
  const store = async (group: Waiting[]) => {
    if (waiting === group) waiting = null; // rows from now on start the next group
    try {
      await insert(group.map((w) => w.row));
      for (const w of group) w.settle();
    } catch (e) {
      if (group.length === 1) return group[0].settle(e);
      await Promise.all(group.map((w) => insert([w.row]).then(() => w.settle(), (error: unknown) => w.settle(error))));
    }
  };

  return (row: AuditRow) =>
    new Promise<void>((resolve, reject) => {
      const entry: Waiting = { row, settle: (error) => (error === undefined ? resolve() : reject(error)) };
      if (waiting) return void waiting.push(entry);
      const group = [entry];
      waiting = group;
      previous = previous.then(() => store(group));
    });
}

/** An answer that keeps what the request changed. */
const kept = (status: number) => status < 400;

/** Thrown inside the request's transaction to roll back a request that was refused. */
const REFUSED = Symbol('refused');

/**
 * The middleware, for the services router mounted at `base`.
 *
 * A change (POST, PUT, PATCH, DELETE) runs in ONE transaction with its audit row: the route's
 * calls of ctx.db join it (server/db/request-transaction.ts), the row is inserted after the route
 * has answered, and both commit together. If the row or the commit fails, nothing of the change is
 * kept and the answer is an error, never the route's success: an acknowledged change always has
 * its row (before, PostgreSQL faults left 14 of 17,556 acknowledged acto creates without one). A
 * refused change (4xx, 5xx) is rolled back and recorded afterwards on its own. The body is read
 * before the transaction begins: a slow client never holds the database.
 *
 * A read changes nothing: its row is written after the answer, group-committed with the rows of
 * concurrent requests, and awaited so it exists when the answer leaves; a failed insert is logged
 * and never fails the read.
 */
export function auditTrail(ctx: AppContext & { db: ScopedDb }, base: string): MiddlewareHandler {
  const write = auditWriter(ctx.db);
  const rowOf = async (c: Context, target: AuditTarget, status: number): Promise<AuditRow> => {
    const entityId = target.action === 'create' && status >= 200 && status < 300 ? ((await createdId(c)) ?? target.entityId) : target.entityId;
    const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress;
    return {
      at: new Date().toISOString(),
      actor: await actorOf(ctx.config.jwtSecret, c.req.header('Authorization')),
      action: target.action,
      entity: target.entity,
      entity_id: entityId,
      status,
      ip: callerAddress(c.req.header('x-forwarded-for'), socket, ctx.config.trustProxy),
    };
  };
  const recordApart = async (c: Context, target: AuditTarget, status: number) => {
    try {
      await write(await rowOf(c, target, status));
    } catch (e) {
      ctx.log(`[audit] no se pudo registrar ${c.req.method} ${target.entity}: ${(e as Error).message}`);
    }
  };

  return async (c, next) => {
    const path = c.req.path.startsWith(base) ? c.req.path.slice(base.length) : c.req.path;
    const target = auditTarget(c.req.method, path);
    if (!target) return next();
    if (target.action === 'read') {
      await next();
      return recordApart(c, target, c.res.status);
    }
    // read now, into Hono's cache of the body, where the route's readJson() finds it
    await c.req.arrayBuffer().catch(() => undefined);
    try {
      await ctx.db.withinTransaction(async () => {
        await next();
        if (!kept(c.res.status)) throw REFUSED;
        await ctx.db.query(INSERT_ROWS, [JSON.stringify([await rowOf(c, target, c.res.status)])]);
      });
    } catch (e) {
      if (e === REFUSED) return recordApart(c, target, c.res.status);
      // the change is rolled back (or its commit failed): it is not acknowledged
      const unavailable = isPgError(e) && (e.code === CONNECTION_LOST || e.code === STATEMENT_TIMEOUT);
      ctx.log(`[audit] ${c.req.method} ${target.entity} no se confirma: ${isPgError(e) ? `Postgres ${e.code}` : (e as Error).message}`);
      const answer = unavailable ? json(c, { message: MENSAJE_BD_NO_DISPONIBLE }, 503) : json(c, { message: MENSAJE_ERROR_INTERNO }, 500);
      // Hono copies the headers of the answer it replaces (the route's Content-Length too): none here
      c.res = undefined as unknown as Response;
      c.res = answer;
      await recordApart(c, target, c.res.status);
    }
  };
}
