import type { AuthProvider } from '@refinedev/core';
import { displayName as displayNameOf } from '../domain/display-name';
import { parseLoginResponse } from '../domain/login-response';
import type { AppRole } from '../domain/resource';
import { currentRole, currentStaffNotarias, setLimitedSession, tokenClaims } from './viewer';
import { endpointUrl } from './config';
import { routes } from '../api/routes';
import { refreshSession, serviciosCall } from './servicios-http';
import { session, sessionExpiry } from './session';
import { segundoFactor } from './llave-acceso';
import { pageRoutes, publicPages } from '../resources/page-routes';

/** The fields of a persona the session needs (GET /persona/{id}); null reads as absent. */
interface PersonaSesion {
  tipoPersona?: 'FISICA' | 'JURIDICA';
  nombre?: string | null;
  primerApellido?: string | null;
  segundoApellido?: string | null;
  razonSocial?: string | null;
  email?: string | null;
  identificador?: { tipo?: string; numero?: string | null } | null;
}

export interface Identity {
  id: string;
  name: string;
  email?: string;
  role: AppRole;
  /** The notarías the user is staff of (the office's work, /despacho); [] for everyone else. */
  notarias: number[];
}

export interface LoginVariables {
  username: string;
  pincode: string;
  externalIdNotaria: string;
}

/** The toast of a successful sign-in. */
export const LOGIN_OK = { message: 'Acceso correcto', description: 'Bienvenido al portal de la notaría' } as const;

/** Where a new session starts, unless the login page was sent a ?to= target. */
export const DESPUES_DE_ACCEDER = pageRoutes['datos-personales'].path;

export type LoginResult =
  | { success: true; redirectTo: string; successNotification: typeof LOGIN_OK }
  | { success: false; error: { name: string; message: string } };

/**
 * Dispatched on window when a session is kept despite a failed check (a cross-origin problem):
 * the provider shows nothing itself (providers import no UI); the shell's AuthSync toasts it.
 */
export const SESION_LIMITADA = 'portal:sesion-limitada';

/** The display name of a person (domain/persona's displayName), null fields read as absent; also used by other pages. */
export function displayName(p: PersonaSesion | null | undefined): string {
  if (!p) return 'Sin identificar';
  const text = (v: string | null | undefined) => v ?? undefined;
  return displayNameOf({
    tipoPersona: p.tipoPersona ?? 'FISICA',
    nombre: text(p.nombre),
    primerApellido: text(p.primerApellido),
    segundoApellido: text(p.segundoApellido),
    razonSocial: text(p.razonSocial),
    identificador: { numero: text(p.identificador?.numero) },
  });
}

/** The persona of the session, loaded once per signed-in person and shared by check and getIdentity. */
let persona: { idPersona: string; promise: Promise<PersonaSesion> } | null = null;

function loadPersona(idPersona: string): Promise<PersonaSesion> {
  if (persona?.idPersona !== idPersona) {
    const promise = serviciosCall<PersonaSesion>(routes.personas.get, { id: idPersona });
    persona = { idPersona, promise };
    promise.catch(() => {
      if (persona?.promise === promise) persona = null;
    });
  }
  return persona.promise;
}

/** The staff record's name of the signed-in staff member (GET /despacho/yo), once per person. */
let nombrePersonal: { idPersona: string; promise: Promise<string | null> } | null = null;

function loadNombrePersonal(idPersona: string): Promise<string | null> {
  if (nombrePersonal?.idPersona !== idPersona) {
    const promise = serviciosCall<{ nombre: string | null }>(routes.despacho.me).then((r) => r?.nombre ?? null);
    nombrePersonal = { idPersona, promise };
    promise.catch(() => {
      if (nombrePersonal?.promise === promise) nombrePersonal = null;
    });
  }
  return nombrePersonal.promise;
}

/** Forgets what was loaded for the previous session (after login, logout or another tab's change). */
export function forgetSession() {
  persona = null;
  nombrePersonal = null;
  setLimitedSession(false);
}

/** fetch rejects with a TypeError when the request never got an answer (CORS, network). */
const isCrossOriginFailure = (e: unknown) => e instanceof TypeError;

/**
 * The portal's authProvider. This module stays light (no Refine, no registry, no zod): the login
 * page, which runs outside Refine to keep a visitor's first page small, calls this same object's
 * login.
 */
export const authProvider = {
  /** The PIN sign-in (auth-proxy loginWithPincode): stores the session and answers Refine's login result. */
  async login(variables: LoginVariables): Promise<LoginResult> {
    forgetSession();
    const fallo = { success: false, error: { name: 'Error de acceso', message: 'Error al iniciar sesión' } } as const;
    // loaded here: the login page has it already; signed-in pages never sign in, and it brings the
    // supabase function and table clients (~5 KB Brotli) to every one of them
    const proxy = await import('./auth-proxy').catch(() => null);
    if (!proxy) return fallo;
    const { AuthProxyError, callAuthProxy } = proxy;
    try {
      const body = await callAuthProxy({ action: 'loginWithPincode', ...variables }, 'Código PIN incorrecto');
      const data = parseLoginResponse(body);
      session.save({ token: data.accessToken, refreshToken: data.refreshToken, idPersona: data.idPersona });
      // an office account whose rights wait for its passkey (the login page walks it through)
      segundoFactor.set(body.segundoFactor === 'confirmar' || body.segundoFactor === 'alta' ? body.segundoFactor : undefined);
      return { success: true, redirectTo: DESPUES_DE_ACCEDER, successNotification: LOGIN_OK };
    } catch (e) {
      // No answer at all is not a wrong PIN.
      const message = e instanceof AuthProxyError && e.status === 0 ? fallo.error.message : (e as Error).message;
      return { success: false, error: { name: 'Error de acceso', message: message || 'Código PIN incorrecto' } };
    }
  },

  async logout() {
    const { refreshToken } = session.get();
    if (refreshToken) {
      // Revoke the refresh token; signing out locally must not wait on a failing server.
      await fetch(endpointUrl(routes.acceso.logout), {
        method: routes.acceso.logout.method,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      }).catch(() => undefined);
    }
    session.clear();
    forgetSession();
    // a session that expired was not closed by the person: the login page says what happened
    if (sessionExpiry.marked()) return { success: true, redirectTo: publicPages.login };
    return {
      success: true,
      redirectTo: '/',
      successNotification: { message: 'Sesión cerrada', description: 'Has cerrado sesión correctamente' },
    };
  },

  async check() {
    const { token, idPersona } = session.get();
    if (!token || !idPersona) return { authenticated: false, redirectTo: publicPages.login };
    try {
      await loadPersona(idPersona);
      setLimitedSession(false);
      return { authenticated: true };
    } catch (e) {
      if (isCrossOriginFailure(e)) {
        setLimitedSession(true);
        window.dispatchEvent(new CustomEvent(SESION_LIMITADA));
        return { authenticated: true };
      }
      session.clear();
      forgetSession();
      sessionExpiry.mark();
      return { authenticated: false, redirectTo: publicPages.login };
    }
  },

  async onError(error: { status?: number; statusCode?: number; code?: string }) {
    // Services API errors carry the HTTP status; the gateway's JWT errors come as PostgREST codes.
    const unauthorized = (error?.statusCode ?? error?.status) === 401 || error?.code === 'PGRST301' || error?.code === 'PGRST303';
    // Without a session there is nothing to refresh or sign out of (e.g. the login page's calls).
    if (!unauthorized || !session.get().token) return {};
    if (await refreshSession()) return {};
    sessionExpiry.mark();
    return { logout: true, redirectTo: `${publicPages.login}?to=${encodeURIComponent(window.location.pathname + window.location.search)}` };
  },

  async getIdentity(): Promise<Identity | null> {
    const { token, idPersona } = session.get();
    if (!token || !idPersona) return null;
    const notarias = currentStaffNotarias();
    // staff are greeted by the name of their staff record (the one the admin entered)
    const [p, personal] = await Promise.all([
      loadPersona(idPersona).catch(() => null),
      notarias.length ? loadNombrePersonal(idPersona).catch(() => null) : null,
    ]);
    const claim = tokenClaims(token).email;
    const email = p?.email || (typeof claim === 'string' ? claim : undefined);
    return { id: idPersona, name: personal || displayName(p), email, role: currentRole(), notarias };
  },

  async getPermissions() {
    return session.get().token ? currentRole() : null;
  },
} satisfies AuthProvider;
