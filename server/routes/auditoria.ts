/**
 * GET /auditoria?page=&pageSize=&entity=&actor= : the audit log (server/audit.ts), newest first,
 * one page at a time. Admins only; to anyone else the route does not exist (404).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { requireUser, type AuthEnv } from '../auth/middleware.js';
import { notFound, parseWith, json } from '../http.js';
import { AUDIT_ENTITIES, type AuditAction, type AuditEntity } from '../audit.js';

const pageNumber = (max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);

export const auditoriaQuerySchema = z.object({
  page: pageNumber(1_000_000, 'La página debe ser un número entero positivo').default(1),
  pageSize: pageNumber(100, 'El tamaño de página debe estar entre 1 y 100').default(20),
  entity: z.enum(AUDIT_ENTITIES, { error: `La entidad debe ser ${AUDIT_ENTITIES.slice(0, -1).join(', ')} o ${AUDIT_ENTITIES.at(-1)}` }).optional(),
  actor: z.uuid({ error: 'El actor debe ser un identificador de persona' }).optional(),
});

export interface AuditEntry {
  id: number;
  at: string;
  actor: string | null;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string | null;
  status: number;
  ip: string | null;
}

export function auditoriaRoutes(ctx: AppContext) {
  const app = new Hono<AuthEnv>();

  app.get('/', requireUser(ctx), async (c) => {
    // the same answer as a path that does not exist (servicios.ts)
    if (c.get('user').appRole !== 'admin') throw notFound('Recurso no encontrado');
    const q = parseWith(auditoriaQuerySchema, c.req.query());
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
    return json(c, { data, total, page: q.page, pageSize: q.pageSize });
  });

  return app;
}
