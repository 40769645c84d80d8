import { parseLoginResponse } from '../domain/login-response';
import { AuthProxyError, callAuthProxy } from './auth-proxy';
import { session } from './session';

export interface LoginVariables {
  username: string;
  pincode: string;
  externalIdNotaria: string;
}

export type LoginResult = { success: true } | { success: false; error: { name: string; message: string } };

/**
 * The PIN sign-in (auth-proxy loginWithPincode): stores the session on success. Light on
 * purpose: the login page calls it without loading Refine; authProvider.login wraps it.
 */
export async function loginWithPin(variables: LoginVariables): Promise<LoginResult> {
  try {
    const body = await callAuthProxy({ action: 'loginWithPincode', ...variables }, 'Código PIN incorrecto');
    const data = parseLoginResponse(body);
    session.save({ token: data.accessToken, refreshToken: data.refreshToken, idPersona: data.idPersona });
    return { success: true };
  } catch (e) {
    // No answer at all is not a wrong PIN.
    const message = e instanceof AuthProxyError && e.status === 0 ? 'Error al iniciar sesión' : (e as Error).message;
    return { success: false, error: { name: 'Error de acceso', message: message || 'Código PIN incorrecto' } };
  }
}

/** The toast of a successful sign-in (spec part 1, section 4). */
export const LOGIN_OK = { message: 'Acceso correcto', description: 'Bienvenido al portal de la notaría' } as const;
