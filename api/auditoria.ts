import { z } from 'zod';
import { doors, endpoint } from './endpoint';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../domain/auditoria';

const pageNumber = (max: number, message: string) => z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);

export const auditoriaQuerySchema = z.object({
  page: pageNumber(1_000_000, 'La página debe ser un número entero positivo').default(1),
  pageSize: pageNumber(100, 'El tamaño de página debe estar entre 1 y 100').default(20),
  entity: z.enum(AUDIT_ENTITIES, { error: `La entidad debe ser ${AUDIT_ENTITIES.slice(0, -1).join(', ')} o ${AUDIT_ENTITIES.at(-1)}` }).optional(),
  actor: z.uuid({ error: 'El actor debe ser un identificador de persona' }).optional(),
});

/** One row of the audit log (servicios.audit_log) as the API answers it. */
export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string().nullable(),
  status: z.number(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The audit log (server/audit.ts): admins only; to anyone else the path does not exist (404). */
export const auditoria = {
  list: endpoint({
    method: 'GET',
    path: '/auditoria',
    summary: 'El registro de auditoría, lo más reciente primero',
    description: 'Una página cada vez, filtrada por entidad o por quien actuó.',
    tag: 'Auditoría',
    query: auditoriaQuerySchema,
    answer: z.object({ data: z.array(auditEntrySchema), total: z.number(), page: z.number(), pageSize: z.number() }),
    access: doors.admin,
  }),
};
