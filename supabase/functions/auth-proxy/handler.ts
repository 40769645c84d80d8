import { json, type FunctionHandler } from '../_shared/handler.ts';
import { ACCIONES_ACCESO, CLIENT_ADDRESS_HEADER, MENSAJE_SOLO_JSON, PROXY_SECRET_HEADER, isJsonRequest } from './contract.ts';

/**
 * The authentication proxy: POST {action, ...fields} as JSON (anything else is 415: a form or
 * text/plain body is what another site can make a visitor's browser send). Forwards the fields
 * to the services API and answers with its status and JSON ({message, ...}). The caller's
 * address goes along in X-Portal-Client-Address with the secret shared with the server
 * (env.authProxySecret), because the services API caps and locks sign-in per address; without
 * the secret the server ignores the header and every caller would share the function's address.
 */
const handler: FunctionHandler = async (req, env) => {
  if (req.method !== 'POST') return json({ message: 'Método no permitido' }, 405);
  if (!isJsonRequest(req)) return json({ message: MENSAJE_SOLO_JSON }, 415);
  const body = (await req.json().catch(() => null)) as unknown;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return json({ message: 'Cuerpo JSON inválido' }, 400);
  const { action, ...fields } = body as Record<string, unknown>;
  const route = typeof action === 'string' && Object.hasOwn(ACCIONES_ACCESO, action) ? ACCIONES_ACCESO[action as keyof typeof ACCIONES_ACCESO] : undefined;
  if (!route) return json({ message: 'Acción no válida' }, 400);

  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  // the address the platform in front wrote first (in process: functions.ts, under TRUST_PROXY)
  const caller = (req.headers.get('x-forwarded-for') ?? '').split(',')[0].trim();
  // the browser's description, shown in the person's list of sessions (/perfil)
  const userAgent = req.headers.get('user-agent');
  if (userAgent) headers['User-Agent'] = userAgent.slice(0, 400);
  if (caller && env.authProxySecret) {
    headers[CLIENT_ADDRESS_HEADER] = caller;
    headers[PROXY_SECRET_HEADER] = env.authProxySecret;
  }
  let res: Response;
  try {
    res = await env.fetch(`${env.servicesUrl}${route}`, { method: 'POST', headers, body: JSON.stringify(fields) });
  } catch {
    return json({ message: 'El servicio de acceso no está disponible' }, 502);
  }
  const answer = (await res.json().catch(() => null)) as { message?: unknown } | null;
  if (!answer || typeof answer.message !== 'string') return json({ message: 'Respuesta inválida del servidor' }, 502);
  return json(answer, res.status);
};
export default handler;
