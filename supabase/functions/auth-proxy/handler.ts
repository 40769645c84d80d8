import { json, type FunctionHandler } from '../_shared/handler.ts';

/** The four sign-in actions of the portal, each a route of the services API's user store. */
const ROUTES: Record<string, string> = {
  unifiedLogin: '/auth/unified-login',
  loginWithPincode: '/auth/pin-login',
  registerUser: '/auth/register',
  registerUserPincode: '/auth/register-confirm',
};

/**
 * The authentication proxy: POST {action, ...fields}. Forwards the fields to the services API
 * and answers with its status and JSON ({message, ...}). The caller's address goes along in
 * X-Forwarded-For, because the services API caps PIN requests per address.
 */
const handler: FunctionHandler = async (req, env) => {
  if (req.method !== 'POST') return json({ message: 'Método no permitido' }, 405);
  const body = (await req.json().catch(() => null)) as unknown;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return json({ message: 'Cuerpo JSON inválido' }, 400);
  const { action, ...fields } = body as Record<string, unknown>;
  const route = typeof action === 'string' && Object.hasOwn(ROUTES, action) ? ROUTES[action] : undefined;
  if (!route) return json({ message: 'Acción no válida' }, 400);

  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const caller = req.headers.get('x-forwarded-for');
  if (caller) headers['X-Forwarded-For'] = caller;
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
