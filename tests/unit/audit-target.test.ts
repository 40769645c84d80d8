import { describe, expect, it } from 'vitest';
import { auditTarget } from '../../server/audit';

describe('what the audit log records for a services path', () => {
  it('names the entity, the action and the record', () => {
    expect(auditTarget('GET', '/persona/abc')).toEqual({ entity: 'persona', action: 'read', entityId: 'abc' });
    expect(auditTarget('PUT', '/acto/42')).toEqual({ entity: 'acto', action: 'update', entityId: '42' });
    expect(auditTarget('GET', '/clientes')).toEqual({ entity: 'persona', action: 'read', entityId: null });
  });
  it("records the account's security changes under /auth", () => {
    expect(auditTarget('POST', '/auth/passkey/alta')).toEqual({ entity: 'llave', action: 'create', entityId: null });
    expect(auditTarget('DELETE', '/auth/llaves/k1')).toEqual({ entity: 'llave', action: 'delete', entityId: 'k1' });
    expect(auditTarget('DELETE', '/auth/sesiones/s1')).toEqual({ entity: 'sesion', action: 'delete', entityId: 's1' });
    expect(auditTarget('POST', '/auth/sesiones/cerrar-otras')).toEqual({ entity: 'sesion', action: 'delete', entityId: null });
    expect(auditTarget('DELETE', '/auth/usuarios/p1/sesiones')).toEqual({ entity: 'sesion', action: 'delete', entityId: 'p1' });
    expect(auditTarget('DELETE', '/auth/personal/8/sesiones')).toEqual({ entity: 'sesion', action: 'delete', entityId: '8' });
  });
  it('skips the words of list paths', () => {
    expect(auditTarget('GET', '/persona/owner/p1')).toEqual({ entity: 'persona', action: 'read', entityId: 'p1' });
    expect(auditTarget('GET', '/acto/expediente/e1')).toEqual({ entity: 'acto', action: 'read', entityId: 'e1' });
    expect(auditTarget('GET', '/clients/individuals')).toEqual({ entity: 'persona', action: 'read', entityId: null });
    expect(auditTarget('DELETE', '/clients/p2')).toEqual({ entity: 'persona', action: 'delete', entityId: 'p2' });
  });
  it('records a probe under the entity its path begins like, with its last segment', () => {
    expect(auditTarget('DELETE', '/persona/p1')).toEqual({ entity: 'persona', action: 'delete', entityId: 'p1' });
    expect(auditTarget('GET', '/persona/a/b/c/d')).toEqual({ entity: 'persona', action: 'read', entityId: 'd' });
    expect(auditTarget('PATCH', '/auth/llaves/k1/x')).toEqual({ entity: 'llave', action: 'update', entityId: 'x' });
    expect(auditTarget('GET', '/nada/p1')).toBeNull();
    expect(auditTarget('OPTIONS', '/persona/p1')).toBeNull();
  });
  it('ignores what is not audited, including names of Object.prototype', () => {
    expect(auditTarget('GET', '/auth/refresh')).toBeNull();
    expect(auditTarget('GET', '/auth/sesiones')).toBeNull();
    expect(auditTarget('POST', '/auth/passkey/alta/opciones')).toBeNull();
    expect(auditTarget('GET', '/constructor/x')).toBeNull();
    expect(auditTarget('GET', '/__proto__')).toBeNull();
    expect(auditTarget('toString', '/persona/x')).toBeNull();
  });
});
