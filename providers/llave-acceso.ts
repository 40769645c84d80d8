import { endpointUrl } from './config';
import { routes } from '../api/routes';
import type { Route } from '../domain/route';
import { SESION_RENOVADA, session } from './session';

/**
 * Passkeys in the portal (server: server/routes/factores.ts). @simplewebauthn/browser is loaded
 * only when a passkey is used, so no page pays for it before.
 */

/** What the server asks of an office account after the PIN (sessionStorage, this tab). */
export type SegundoFactor = 'confirmar' | 'alta';
const SEGUNDO_FACTOR_KEY = 'segundo_factor';
export const segundoFactor = {
  set(v: SegundoFactor | undefined) {
    if (v) sessionStorage.setItem(SEGUNDO_FACTOR_KEY, v);
    else sessionStorage.removeItem(SEGUNDO_FACTOR_KEY);
  },
  get(): SegundoFactor | undefined {
    const v = sessionStorage.getItem(SEGUNDO_FACTOR_KEY);
    return v === 'confirmar' || v === 'alta' ? v : undefined;
  },
};

const navegador = () => import('@simplewebauthn/browser');

/** A refused or cancelled passkey, with the Spanish message to show. */
export class LlaveError extends Error {}

async function post<T>(route: Route, body: unknown, conSesion: boolean): Promise<T> {
  const token = session.get().token;
  const res = await fetch(endpointUrl(route), {
    method: route.method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(conSesion && token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const data = (await res.json().catch(() => ({}))) as T & { message?: string };
  if (!res.ok) throw new LlaveError(data.message || 'No se pudo comprobar la llave de acceso. Inténtelo de nuevo.');
  return data;
}

/** The browser's own refusal (cancelled, timed out, no passkey here) in Spanish. */
function mensajeNavegador(e: unknown): LlaveError {
  if (e instanceof LlaveError) return e;
  const name = (e as { name?: string; cause?: { name?: string } })?.cause?.name ?? (e as { name?: string })?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return new LlaveError('Se canceló la llave de acceso o no respondió a tiempo.');
  if (name === 'InvalidStateError') return new LlaveError('Esta llave de acceso ya está registrada.');
  return new LlaveError('Este navegador no pudo usar la llave de acceso.');
}

function guardarToken(access: string | undefined) {
  if (!access) return;
  const previo = session.get().token ?? null;
  session.setToken(access);
  window.dispatchEvent(new CustomEvent(SESION_RENOVADA, { detail: previo }));
}

/** 'Acceder con llave de acceso': signs in with a passkey alone and stores the session. */
export async function accederConLlave(externalIdNotaria?: string): Promise<void> {
  const { startAuthentication } = await navegador();
  try {
    const optionsJSON = await post<Parameters<typeof startAuthentication>[0]['optionsJSON']>(routes.llaves.signInOptions, {}, false);
    const respuesta = await startAuthentication({ optionsJSON });
    const r = await post<{ access_token: string; refresh_token: string; idPersona: string }>(
      routes.llaves.signIn,
      { respuesta, ...(externalIdNotaria ? { externalIdNotaria } : {}) },
      false,
    );
    session.save({ token: r.access_token, refreshToken: r.refresh_token, idPersona: r.idPersona });
    segundoFactor.set(undefined);
  } catch (e) {
    throw mensajeNavegador(e);
  }
}

/** Proves one of the account's passkeys in this session (the office's second factor, the step-up). */
export async function confirmarConLlave(): Promise<void> {
  const { startAuthentication } = await navegador();
  try {
    const optionsJSON = await post<Parameters<typeof startAuthentication>[0]['optionsJSON']>(routes.llaves.confirmOptions, {}, true);
    const respuesta = await startAuthentication({ optionsJSON });
    const r = await post<{ access_token: string }>(routes.llaves.confirm, { respuesta }, true);
    guardarToken(r.access_token);
    segundoFactor.set(undefined);
  } catch (e) {
    throw mensajeNavegador(e);
  }
}

/** Adds a passkey under a name; the account's first one also proves this session. */
export async function anadirLlave(nombre: string): Promise<void> {
  const { startRegistration } = await navegador();
  try {
    const optionsJSON = await post<Parameters<typeof startRegistration>[0]['optionsJSON']>(routes.llaves.addOptions, {}, true);
    const respuesta = await startRegistration({ optionsJSON });
    const r = await post<{ access_token?: string }>(routes.llaves.add, { nombre, respuesta }, true);
    guardarToken(r.access_token);
    segundoFactor.set(undefined);
  } catch (e) {
    throw mensajeNavegador(e);
  }
}

/**
 * A step-up the server asked for (403, code paso_adicional): proves the passkey and answers true
 * when the request may be sent again. One prompt at a time for concurrent requests.
 */
let confirmando: Promise<boolean> | null = null;
export function pasoAdicional(): Promise<boolean> {
  confirmando ??= confirmarConLlave()
    .then(() => true)
    .catch(() => false)
    .finally(() => {
      confirmando = null;
    });
  return confirmando;
}
