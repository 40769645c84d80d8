import { resourceConfigs } from '../../resources/index.js';
import type { ResourceConfig } from '../../domain/resource.js';
import type { AuditAction, AuditEntity } from '../../domain/auditoria.js';
import { auditWriter, type AuditRow } from '../audit.js';
import type { Queryable } from '../db/db.js';
import type { RequestAuth } from './auth.js';

/**
 * The audit of /rest/v1 (issue 33, RGPD art. 15: who has seen or changed my data). A table whose
 * declaration says whose rows they are (resources/, `audit`: citas, by client_id) has each row an
 * authenticated caller reads, changes or creates recorded in servicios.audit_log, unless the row
 * is the caller's own: action, the declared entity, the row's id, the answer's status, the caller's
 * idPersona, the address, and the person the row is about (`titular`, so a deleted row's trail
 * still reaches them in /privacidad/accesos). The gateway (index.ts) finds the rows:
 *
 * - a read (GET, HEAD, 2xx): a second statement planned from the same request with
 *   `select=id,<owner>` (same filters, order, limit, offset and Range), run as the caller, so RLS
 *   answers the same rows; a request that cannot be planned so (filters or order on embedded
 *   resources) is recorded once with no id.
 * - PATCH, DELETE: `id,<owner>` of the rows the same filters match, read as the caller in the
 *   change's own transaction before the change (the SELECT, UPDATE and DELETE policies of citas
 *   are the same rule), recorded once the change is kept.
 * - POST: the new rows of the representation that hold the id and the owner column; without
 *   `return=representation` (or a selection without them) the new ids are unknown: not recorded.
 *
 * Rows are handed to the services' group-committing writer (auditWriter) and not awaited: the
 * answer waits only for the extra statement of a read; a failed insert is logged. A request on
 * any other table pays one Map lookup.
 */

export interface TableAudit {
  entity: AuditEntity;
  /** The column naming the person the row is about. */
  owner: string;
}

/** The schema of the tables the registry declares (Accept-Profile / Content-Profile may name another). */
export const AUDITED_SCHEMA = 'public';
/** The primary key of an audited table. */
export const ID_COLUMN = 'id';

const declaredAudit = (r: ResourceConfig) => (r.dataProvider === 'supabase' && 'views' in r ? r.audit : undefined);

/** The audited tables, by name, as the registry declares them. */
export function auditedTables(resources: readonly ResourceConfig[] = resourceConfigs): ReadonlyMap<string, TableAudit> {
  const tables = new Map<string, TableAudit>();
  for (const r of resources) {
    const audit = declaredAudit(r);
    if (audit) tables.set(r.name, audit);
  }
  return tables;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_ID = 200;

/** What one audited request records with: the table's declaration, who asks and from where. */
export interface Trail {
  table: TableAudit;
  actor: string;
  ip: string | null;
}

/** The trail of a request by a signed-in person (role authenticated, sub an idPersona); else none. */
export function trailOf(table: TableAudit, auth: RequestAuth, ip: () => string | null): Trail | null {
  if (auth.role !== 'authenticated') return null;
  const sub = auth.token?.sub;
  return typeof sub === 'string' && UUID.test(sub) ? { table, actor: sub.toLowerCase(), ip: ip() } : null;
}

/**
 * The audit rows of the rows a request touched (each with the id and owner columns), leaving out
 * the caller's own. `rows` null: the rows could not be told, one row without an id.
 */
export function auditRows(trail: Trail, action: AuditAction, status: number, rows: readonly Record<string, unknown>[] | null): AuditRow[] {
  const at = new Date().toISOString();
  const row = (id: unknown, owner: unknown): AuditRow => ({
    at,
    actor: trail.actor,
    action,
    entity: trail.table.entity,
    entity_id: id === null || id === undefined ? null : String(id).replace(/\0/g, '\uFFFD').slice(0, MAX_ID),
    status,
    ip: trail.ip,
    titular: typeof owner === 'string' && UUID.test(owner) ? owner : null,
  });
  if (rows === null) return [row(null, null)];
  const out: AuditRow[] = [];
  for (const r of rows) {
    const owner = r[trail.table.owner];
    if (typeof owner === 'string' && owner.toLowerCase() === trail.actor) continue;
    out.push(row(r[ID_COLUMN], owner));
  }
  return out;
}

/** Hands rows to the group-committing writer without waiting; a failure is logged once per request. */
export function gatewayAuditLog(db: Queryable, log: (message: string) => void) {
  const write = auditWriter(db);
  return (rows: AuditRow[], what: string) => {
    if (!rows.length) return;
    void Promise.allSettled(rows.map(write)).then((results) => {
      const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed.length) {
        log(`[audit] /rest/v1 ${what}: ${failed.length} de ${rows.length} filas sin registrar: ${(failed[0].reason as Error)?.message ?? String(failed[0].reason)}`);
      }
    });
  };
}
