import type { AuthProvider } from '@refinedev/core';
import { displayName as displayNameOf } from '../domain/persona';
import { toast } from '../src/shell/notifications';
import { currentRole, currentStaffNotarias, setLimitedSession, tokenClaims } from './access-control-provider';
import { SERVICES_URL } from './config';
import { refreshSession, serviciosFetch } from './servicios-http';
import { LOGIN_OK, loginWithPin, type LoginVariables } from './pin-login';
import { session, sessionExpiry } from './session';

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
  role: 'admin' | 'assistant';
  /** The notarías the user is staff of (the office's work, /despacho); [] for everyone else. */
  notarias: number[];
}

export type { LoginVariables };

/** The spec's display name of a person (also used by other pages through this module). */
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
    const promise = serviciosFetch<PersonaSesion>(`/persona/${encodeURIComponent(idPersona)}`);
    persona = { idPersona, promise };
    promise.catch(() => {
      if (persona?.promise === promise) persona = null;
    });
  }
  return persona.promise;
}

/** Forgets what was loaded for the previous session (after login, logout or another tab's change). */
export function forgetSession() {
  persona = null;
  setLimitedSession(false);
}

/** fetch rejects with a TypeError when the request never got an answer (CORS, network). */
const isCrossOriginFailure = (e: unknown) => e instanceof TypeError;

export const authProvider: AuthProvider = {
  async login(variables: LoginVariables) {
    forgetSession();
    const result = await loginWithPin(variables);
    return result.success ? { success: true, redirectTo: '/datos-personales', successNotification: LOGIN_OK } : result;
  },

  async logout() {
    const { refreshToken } = session.get();
    if (refreshToken) {
      // Revoke the refresh token; signing out locally must not wait on a failing server.
      await fetch(`${SERVICES_URL}/auth/logout`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      }).catch(() => undefined);
    }
    session.clear();
    forgetSession();
    // a session that expired was not closed by the person: the login page says what happened
    if (sessionExpiry.marked()) return { success: true, redirectTo: '/login' };
    return {
      success: true,
      redirectTo: '/',
      successNotification: { message: 'Sesión cerrada', description: 'Has cerrado sesión correctamente' },
    };
  },

  async check() {
    const { token, idPersona } = session.get();
    if (!token || !idPersona) return { authenticated: false, redirectTo: '/login' };
    try {
      await loadPersona(idPersona);
      setLimitedSession(false);
      return { authenticated: true };
    } catch (e) {
      if (isCrossOriginFailure(e)) {
        setLimitedSession(true);
        toast({ key: 'problema-conexion', type: 'error', message: 'Problema de conexión', description: 'Hay un problema CORS con el servidor. Funcionalidad limitada.' });
        return { authenticated: true };
      }
      session.clear();
      forgetSession();
      sessionExpiry.mark();
      return { authenticated: false, redirectTo: '/login' };
    }
  },

  async onError(error: { status?: number; statusCode?: number; code?: string }) {
    // Services API errors carry the HTTP status; the gateway's JWT errors come as PostgREST codes.
    const unauthorized = (error?.statusCode ?? error?.status) === 401 || error?.code === 'PGRST301' || error?.code === 'PGRST303';
    // Without a session there is nothing to refresh or sign out of (e.g. the login page's calls).
    if (!unauthorized || !session.get().token) return {};
    if (await refreshSession()) return {};
    sessionExpiry.mark();
    return { logout: true, redirectTo: `/login?to=${encodeURIComponent(window.location.pathname + window.location.search)}` };
  },

  async getIdentity(): Promise<Identity | null> {
    const { token, idPersona } = session.get();
    if (!token || !idPersona) return null;
    const p = await loadPersona(idPersona).catch(() => null);
    const claim = tokenClaims(token).email;
    const email = p?.email || (typeof claim === 'string' ? claim : undefined);
    return { id: idPersona, name: displayName(p), email, role: currentRole(), notarias: currentStaffNotarias() };
  },

  async getPermissions() {
    return session.get().token ? currentRole() : null;
  },
};
