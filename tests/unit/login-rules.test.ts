import { describe, expect, it } from 'vitest';
import { LOGIN_MENSAJES, loginDocumentError } from '../../domain/login-rules';
import { registroEmailError } from '../../domain/registro-email';

describe('login document number', () => {
  it('accepts a valid NIF and NIE of a natural person', () => {
    expect(loginDocumentError('NIF', '12345678Z')).toBeNull();
    expect(loginDocumentError('NIE', 'x1234567l')).toBeNull();
  });
  it('gives the validator message for a wrong control letter', () => {
    expect(loginDocumentError('NIF', '12345678A')).toBe('El NIF introducido no es válido');
    expect(loginDocumentError('NIE', 'X1234567A')).toBe('El NIE introducido no es válido');
  });
  it('refuses a company NIF: only natural persons register', () => {
    expect(loginDocumentError('NIF', 'B12345674')).toBe(LOGIN_MENSAJES.soloPersonasFisicas);
  });
  it('never checks a passport and has no error for an empty field', () => {
    expect(loginDocumentError('PASAPORTE', 'AB-12')).toBeNull();
    expect(loginDocumentError('NIF', '  ')).toBeNull();
  });
});

describe('registration e-mail', () => {
  it('is required', () => {
    expect(registroEmailError('   ')).toBe('El email es obligatorio');
  });
  it('must be an address', () => {
    expect(registroEmailError('ana@')).toBe('Email inválido');
    expect(registroEmailError('ana garcia@example.com')).toBe('Email inválido');
  });
  it('accepts a trimmed address', () => {
    expect(registroEmailError(' ana.garcia@example.com ')).toBeNull();
  });
});
