import { describe, expect, it } from 'vitest';
import { LOGIN_INCOMPLETA, parseLoginResponse } from '../../domain/login-response';

const ID = '6f1d2c1e-8a54-4b47-9a55-3a3f9b1f2d10';

describe('login response', () => {
  it('reads the snake_case answer of the auth proxy', () => {
    expect(parseLoginResponse({ message: 'Acceso correcto', access_token: 'a', refresh_token: 'r', idPersona: ID })).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      idPersona: ID,
    });
  });
  it('accepts the other spellings: accessToken / token, refreshToken, id_persona', () => {
    expect(parseLoginResponse({ accessToken: 'a', refreshToken: 'r', id_persona: ID })).toEqual({ accessToken: 'a', refreshToken: 'r', idPersona: ID });
    expect(parseLoginResponse({ token: 't', refresh_token: 'r', idPersona: 42 })).toEqual({ accessToken: 't', refreshToken: 'r', idPersona: '42' });
  });
  it('prefers access_token over token when both come', () => {
    expect(parseLoginResponse({ access_token: 'a', token: 't', refresh_token: 'r', idPersona: ID }).accessToken).toBe('a');
  });
  it.each([
    ['no access token', { refresh_token: 'r', idPersona: ID }],
    ['no refresh token', { access_token: 'a', idPersona: ID }],
    ['no idPersona', { access_token: 'a', refresh_token: 'r' }],
    ['blank values', { access_token: ' ', refresh_token: 'r', idPersona: ID }],
    ['an empty answer', null],
    ['a text answer', 'Acceso correcto'],
  ])('rejects %s as incomplete', (_name, body) => {
    expect(() => parseLoginResponse(body)).toThrow(LOGIN_INCOMPLETA);
  });
});
