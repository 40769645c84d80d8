import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  clientIp,
  generatePin,
  hashPin,
  hashRefreshToken,
  lockedMessage,
  maskEmail,
  newRefreshToken,
  sameHash,
} from '../../server/auth/pins';
import { accesoConPinSchema, registroSchema, solicitudAccesoSchema } from '../../domain/acceso';

describe('PIN generation and hashing', () => {
  it('always gives six digits, leading zeros included', () => {
    const pins = Array.from({ length: 2000 }, generatePin);
    expect(pins.every((p) => /^\d{6}$/.test(p))).toBe(true);
    expect(new Set(pins).size).toBeGreaterThan(1900);
  });

  it('hashes per secret and per document, and compares exactly', () => {
    const h = hashPin('secret-a', 'NIF:12345678Z', '012345');
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(h).not.toContain('012345');
    expect(sameHash(h, hashPin('secret-a', 'NIF:12345678Z', '012345'))).toBe(true);
    expect(sameHash(h, hashPin('secret-b', 'NIF:12345678Z', '012345'))).toBe(false);
    expect(sameHash(h, hashPin('secret-a', 'NIE:X1234567L', '012345'))).toBe(false);
    expect(sameHash(h, hashPin('secret-a', 'NIF:12345678Z', '012346'))).toBe(false);
    expect(sameHash(h, 'short')).toBe(false);
  });

  it('makes long random refresh tokens whose stored form is not the token', () => {
    const t = newRefreshToken();
    expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newRefreshToken()).not.toBe(t);
    expect(hashRefreshToken('s', t)).not.toContain(t);
    expect(hashRefreshToken('s', t)).toBe(hashRefreshToken('s', t));
  });
});

describe('client address', () => {
  it('takes the first hop of X-Forwarded-For, else the socket', () => {
    expect(clientIp('203.0.113.7, 10.0.0.1', '127.0.0.1')).toBe('203.0.113.7');
    expect(clientIp(' 2001:db8::1 ', '127.0.0.1')).toBe('2001:db8::1');
    expect(clientIp(undefined, '::ffff:192.0.2.4')).toBe('192.0.2.4');
    expect(clientIp('', '::1')).toBe('::1');
    expect(clientIp(null, undefined)).toBe('desconocida');
    expect(clientIp('x'.repeat(500), '198.51.100.2')).toBe('198.51.100.2');
  });
});

describe('messages', () => {
  it('says how many minutes the lock lasts, at least one', () => {
    const now = new Date('2026-01-01T10:00:00Z');
    expect(lockedMessage(new Date('2026-01-01T10:15:00Z'), now)).toBe(
      'Demasiados intentos fallidos. Inténtelo de nuevo en 15 minutos.',
    );
    expect(lockedMessage(new Date('2026-01-01T10:00:20Z'), now)).toBe(
      'Demasiados intentos fallidos. Inténtelo de nuevo en 1 minuto.',
    );
  });

  it('masks e-mails for the development log', () => {
    expect(maskEmail('ana.garcia@example.com')).toBe('an***@example.com');
    expect(maskEmail('a@b.es')).toBe('a***@b.es');
    expect(maskEmail('nonsense')).toBe('***');
  });
});

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0].message;

describe('sign-in bodies', () => {
  it('normalises the document and accepts no type when asking for a login PIN', () => {
    expect(solicitudAccesoSchema.parse({ username: ' 12345678-z ' })).toEqual({ username: '12345678Z' });
    expect(solicitudAccesoSchema.parse({ username: 'x1234567l', tipoDocumento: 'nie' })).toEqual({
      username: 'X1234567L',
      tipoDocumento: 'NIE',
    });
  });

  it('answers Spanish messages for missing, wrong-typed or oversized fields', () => {
    expect(firstMessage(solicitudAccesoSchema.safeParse({}))).toBe('El número de documento es obligatorio');
    expect(firstMessage(solicitudAccesoSchema.safeParse([]))).toBe('Cuerpo JSON inválido');
    expect(firstMessage(solicitudAccesoSchema.safeParse({ username: 12345678 }))).toBe('El número de documento es obligatorio');
    expect(firstMessage(solicitudAccesoSchema.safeParse({ username: 'A'.repeat(100_000) }))).toBe('Documento inválido');
    expect(firstMessage(solicitudAccesoSchema.safeParse({ username: "1' or 1=1" }))).toBe('Documento inválido');
    expect(firstMessage(accesoConPinSchema.safeParse({ username: '12345678Z', externalIdNotaria: 'NOT001' }))).toBe(
      'El código PIN es obligatorio',
    );
    expect(firstMessage(accesoConPinSchema.safeParse({ username: '12345678Z', pincode: '  ', externalIdNotaria: 'NOT001' }))).toBe(
      'El código PIN es obligatorio',
    );
  });

  it('never lets an arbitrary body through unchecked', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const r = accesoConPinSchema.safeParse(value);
        if (r.success) {
          expect(r.data.username).toMatch(/^[A-Z0-9]{1,20}$/);
          expect(r.data.pincode.length).toBeLessThanOrEqual(12);
        } else {
          expect(r.error.issues[0].message).toMatch(/^[A-ZÁÉÍÓÚ]/);
        }
      }),
    );
  });

  it('registers natural persons only, with a valid e-mail', () => {
    const ok = registroSchema.parse({ username: '12345678Z', canal: ' ana@example.com ', tipoCanal: 'EMAIL' });
    expect(ok).toEqual({ username: '12345678Z', tipoDocumento: 'NIF', canal: 'ana@example.com', tipoCanal: 'EMAIL' });
    expect(firstMessage(registroSchema.safeParse({ username: 'B12345674', tipoDocumento: 'NIF', canal: 'a@b.es' }))).toBe(
      'El registro inicial es solo para personas físicas.',
    );
    expect(firstMessage(registroSchema.safeParse({ username: '12345678A', tipoDocumento: 'NIF', canal: 'a@b.es' }))).toBe(
      'El NIF introducido no es válido',
    );
    expect(firstMessage(registroSchema.safeParse({ username: 'X1234567A', tipoDocumento: 'NIE', canal: 'a@b.es' }))).toBe(
      'El NIE introducido no es válido',
    );
    expect(registroSchema.safeParse({ username: 'PAB123456', tipoDocumento: 'PASAPORTE', canal: 'a@b.es' }).success).toBe(true);
    expect(firstMessage(registroSchema.safeParse({ username: '12345678Z', canal: 'ana@' }))).toBe('Email inválido');
    expect(firstMessage(registroSchema.safeParse({ username: '12345678Z', canal: '' }))).toBe('El email es obligatorio');
    expect(firstMessage(registroSchema.safeParse({ username: '12345678Z', canal: 'a@b.es', tipoCanal: 'SMS' }))).toBe(
      'Solo se admite el canal EMAIL',
    );
  });
});
