import { dispositivoDe, guardarDispositivo } from './dispositivo';

/** The actions of the hosted auth-proxy function. */
export type AuthProxyBody =
  | { action: 'unifiedLogin'; username: string; tipoDocumento?: string }
  | { action: 'loginWithPincode'; username: string; pincode: string; externalIdNotaria: string }
  | { action: 'registerUser'; username: string; tipoDocumento: string; canal: string; tipoCanal: 'EMAIL' }
  | { action: 'registerUserPincode'; username: string; tipoDocumento: string; canal: string; tipoCanal: 'EMAIL'; pincode: string };

/** A refused auth-proxy call: the function's Spanish message and HTTP status (0 = network). */
export class AuthProxyError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'AuthProxyError';
  }
}

/** Reads `{message}` of a failed answer; an empty or non-JSON body is tolerated. */
async function messageOf(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body?.message === 'string') return body.message;
  } catch {
    /* plain text is the message itself */
  }
  return text;
}

/**
 * Calls auth-proxy with supabase-js' functions client, as anon (no session exists yet). Answers its JSON body (an empty object when the answer
 * is empty or not JSON); a refusal throws AuthProxyError with the function's message.
 */
export async function callAuthProxy(body: AuthProxyBody, fallbackMessage = 'Error al procesar la solicitud'): Promise<Record<string, unknown>> {
  // a browser that signed in with this document before says so (providers/dispositivo.ts)
  const sent = body.action === 'unifiedLogin' || body.action === 'loginWithPincode' ? withDevice(body) : body;
  // the functions client loads with the first call: the login's first screen does without it
  const { publicFunctions } = await import('./supabase-public-functions');
  const { data, error } = await publicFunctions.invoke('auth-proxy', { body: sent });
  if (error) {
    // FunctionsHttpError carries the Response in `context`; fetch/relay errors do not.
    const context = (error as { context?: unknown }).context;
    if (context instanceof Response) {
      throw new AuthProxyError((await messageOf(context)) || fallbackMessage, context.status);
    }
    throw new AuthProxyError(fallbackMessage, 0);
  }
  const answer = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  if (body.action === 'loginWithPincode') guardarDispositivo(body.username, answer.dispositivo);
  return answer;
}

function withDevice<T extends { username: string }>(body: T): T & { dispositivo?: string } {
  const dispositivo = dispositivoDe(body.username);
  return dispositivo ? { ...body, dispositivo } : body;
}
