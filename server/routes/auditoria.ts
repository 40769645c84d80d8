/**
 * GET /auditoria?page=&pageSize=&entity=&actor= : the audit log (server/audit.ts), newest first,
 * one page at a time. Admins only; to anyone else the route does not exist (404, its door).
 */
import type { AppContext } from '../context.js';
import { Endpoints } from '../endpoints.js';
import { auditoria, type AuditEntry } from '../../api/auditoria.js';

export function auditoriaRoutes(ctx: AppContext) {
  return new Endpoints(ctx).serve(auditoria.list, async (_c, { query: q }) => {
    const { rows } = await ctx.db.query<AuditEntry & { total: string | number; at: Date | string }>(
      `select id::int as id, at, actor, action, entity, entity_id as "entityId", status, ip, count(*) over () as total
         from servicios.audit_log
        where ($1::text is null or entity = $1) and ($2::uuid is null or actor = $2)
        order by at desc, id desc
        limit $3 offset $4`,
      [q.entity ?? null, q.actor ?? null, q.pageSize, (q.page - 1) * q.pageSize],
    );
    let total = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && q.page > 1) {
      // past the last page: still tell the table how many there are
      const count = await ctx.db.query<{ n: number }>(
        `select count(*)::int as n from servicios.audit_log where ($1::text is null or entity = $1) and ($2::uuid is null or actor = $2)`,
        [q.entity ?? null, q.actor ?? null],
      );
      total = count.rows[0].n;
    }
    const data: AuditEntry[] = rows.map(({ total: _total, at, ...r }) => ({ ...r, at: new Date(at).toISOString() }));
    return { data, total, page: q.page, pageSize: q.pageSize };
  }).app;
}
