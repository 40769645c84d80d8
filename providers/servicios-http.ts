import { endpointPath, endpointUrl, SERVICES_URL } from './config';
import { routes } from '../api/routes';
import type { Route } from '../domain/route';
import { SESION_RENOVADA, session } from './session';
import { pasoAdicional } from './llave-acceso';
import { CABECERA_IDEMPOTENCIA, conClave } from './idempotencia';

/** An error of the services API: its Spanish message plus the HTTP status and field messages. */
export class ServiciosError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors?: Record<string, string>,
    /** The server's machine-readable reason (e.g. 'persona_exists'), when it gives one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

let refreshing: Promise<boolean> | null = null;

export { SESION_RENOVADA } from './session';

/**
 * Runs fn while holding a lock shared by every tab of the portal. Refresh tokens are single use:
 * two tabs refreshing with the same one would look like a replay and end the session.
 */
function acrossTabs<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request('notaria-refresh-session', fn) as Promise<T>) : fn();
}

/**
 * POST /auth/refresh once (shared by concurrent 401s, in this tab and across tabs); a failed
 * refresh is silent and yields false. When another tab refreshed while this one waited for the
 * lock, the token it stored is used instead of spending the refresh token again.
 */
export function refreshSession(): Promise<boolean> {
  const staleToken = session.get().token;
  refreshing ??= acrossTabs(async () => {
    const { token, refreshToken } = session.get();
    if (token && token !== staleToken) return true;
    if (!refreshToken) return false;
    try {
      const res = await fetch(endpointUrl(routes.acceso.refresh), {
        method: routes.acceso.refresh.method,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
      if (!res.ok) return false;
      const body = (await res.json()) as { access_token?: string; refresh_token?: string };
      if (!body.access_token) return false;
      session.setToken(body.access_token, body.refresh_token);
      if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(SESION_RENOVADA, { detail: token ?? null }));
      return true;
    } catch {
      return false;
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * A 403 with code 'paso_adicional': the server wants a recent passkey (server/auth/paso-adicional.ts).
 * The passkey is asked (providers/llave-acceso.ts) and true means: send it again.
 */
export async function pasoAdicionalPedido(res: Response): Promise<boolean> {
  if (res.status !== 403) return false;
  const body = (await res.clone().json().catch(() => null)) as { code?: unknown } | null;
  if (body?.code !== 'paso_adicional') return false;
  return pasoAdicional();
}

async function toError(res: Response): Promise<ServiciosError> {
  const text = await res.text().catch(() => '');
  let message = text;
  let fieldErrors: Record<string, string> | undefined;
  let code: string | undefined;
  try {
    const body = JSON.parse(text) as { message?: string; fieldErrors?: Record<string, string>; code?: unknown };
    if (body && typeof body.message === 'string') message = body.message;
    fieldErrors = body?.fieldErrors;
    if (typeof body?.code === 'string') code = body.code;
  } catch {
    /* a plain-text body is the message itself */
  }
  // Spanish, and no HTTP status on screen: the status stays on the error for callers
  return new ServiciosError(message || 'Error en la solicitud', res.status, fieldErrors, code);
}

/**
 * Calls the services API with the bearer token and JSON; on 401 refreshes once and retries.
 * Non-OK answers throw the body's message or 'Error en la solicitud'.
 */
export async function serviciosFetch<T = unknown>(
  path: string,
  init: { method?: string; body?: unknown; query?: Record<string, string> } = {},
): Promise<T> {
  const url = `${SERVICES_URL}${path}${init.query ? `?${new URLSearchParams(init.query)}` : ''}`;
  // a file upload (FormData) goes as multipart, with the boundary the browser writes
  const multipart = typeof FormData !== 'undefined' && init.body instanceof FormData;
  const method = init.method ?? 'GET';
  const body = init.body === undefined ? undefined : multipart ? (init.body as FormData) : JSON.stringify(init.body);
  // one submission, one Idempotency-Key: the retry after a refresh and a repeat in flight share it
  const res = await conClave(method, url, body, async (clave) => {
    const send = () =>
      fetch(url, {
        method,
        headers: {
          ...(multipart ? {} : { 'Content-Type': 'application/json' }),
          Accept: 'application/json',
          ...(session.get().token ? { Authorization: `Bearer ${session.get().token}` } : {}),
          ...(clave ? { [CABECERA_IDEMPOTENCIA]: clave } : {}),
        },
        body,
      });
    let answer = await send();
    if (answer.status === 401 && (await refreshSession())) answer = await send();
    // a change that asks for a recent passkey (403 'paso_adicional'): asked, then sent again
    if (await pasoAdicionalPedido(answer)) answer = await send();
    return answer;
  });
  if (!res.ok) throw await toError(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * serviciosFetch of an endpoint (routes.<group>.<name> of api/routes.ts): its path filled from
 * `values`, its method; a missing value rejects like a failed call.
 */
export async function serviciosCall<T = unknown>(
  route: Route,
  values: Record<string, unknown> = {},
  init: { body?: unknown; query?: Record<string, string> } = {},
): Promise<T> {
  return serviciosFetch<T>(endpointPath(route, values), { ...init, method: route.method });
}

/** A file of the services API (with the session) as an object URL, e.g. to show a PDF in the page; the caller revokes it. */
export async function serviciosArchivoUrl(path: string): Promise<string> {
  const send = () =>
    fetch(`${SERVICES_URL}${path}`, { headers: session.get().token ? { Authorization: `Bearer ${session.get().token}` } : {} });
  let res = await send();
  if (res.status === 401 && (await refreshSession())) res = await send();
  if (await pasoAdicionalPedido(res)) res = await send();
  if (!res.ok) throw await toError(res);
  return URL.createObjectURL(await res.blob());
}

/**
 * Downloads a file of the services API (a document, a delivered copy) with the session's token and
 * hands it to the browser as a download under its own name; on 401 refreshes once and retries.
 */
export async function serviciosDescarga(path: string, nombre: string): Promise<void> {
  const url = await serviciosArchivoUrl(path);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = nombre;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
