/** What the audit log (servicios.audit_log) records: the entities a request touches and how. */
export const AUDIT_ENTITIES = ['persona', 'privilegio', 'expediente', 'acto', 'cita', 'documento', 'copia', 'mensaje', 'borrador', 'verificacion', 'identidad', 'llave', 'sesion'] as const;
export const AUDIT_ACTIONS = ['read', 'create', 'update', 'delete'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
