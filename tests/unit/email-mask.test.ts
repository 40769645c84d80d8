import { describe, expect, it } from 'vitest';
import { maskEmail } from '../../domain/email-mask';

describe('masked registration e-mail', () => {
  it('keeps the first two characters and the domain', () => {
    expect(maskEmail('ana.garcia@example.com')).toBe('an***@example.com');
    expect(maskEmail('  jo@notaria.es ')).toBe('jo***@notaria.es');
  });
  it('never shows more than two characters of a short local part', () => {
    expect(maskEmail('a@x.es')).toBe('a***@x.es');
  });
  it('masks the domain part from the last @ on', () => {
    expect(maskEmail('"a@b"@dominio.es')).toBe('"a***@dominio.es');
  });
  it('masks a text without @ after two characters', () => {
    expect(maskEmail('sinarroba')).toBe('si***');
  });
});
