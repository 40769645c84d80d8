import type { Queryable } from '../db/db.js';

/**
 * How an account was proven to belong to the person of its document (CLAIMS.md of issue 30).
 * PLACEHOLDER of the branch "certificados": the helper "identidad" owns this module (the binding
 * table and its rules); this minimal body records the proof in the audit log only, so the
 * certificate routes can call the agreed signature. The coordinator keeps identidad's version.
 */
export type MetodoIdentidad = 'invitacion' | 'certificado' | 'oficina';

export async function bindDocumento(tx: Queryable, usuarioId: string, metodo: MetodoIdentidad, porUsuarioId?: string): Promise<void> {
  void metodo;
  await tx.query(
    `insert into servicios.audit_log (actor, action, entity, entity_id, status)
     select coalesce((select persona_id from servicios.usuarios where id = $2), u.persona_id), 'update', 'persona', u.persona_id::text, 200
       from servicios.usuarios u where u.id = $1`,
    [usuarioId, porUsuarioId ?? null],
  );
}
