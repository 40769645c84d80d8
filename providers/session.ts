/** The session kept in the browser, under the local-storage keys auth_token, refresh_token and id_persona (the legacy portal's, so a session survives the switch). */
export const SESSION_KEYS = { token: 'auth_token', refresh: 'refresh_token', persona: 'id_persona' } as const;

export interface StoredSession {
  token: string;
  refreshToken: string;
  idPersona: string;
}

export const session = {
  get(): Partial<StoredSession> {
    return {
      token: localStorage.getItem(SESSION_KEYS.token) ?? undefined,
      refreshToken: localStorage.getItem(SESSION_KEYS.refresh) ?? undefined,
      idPersona: localStorage.getItem(SESSION_KEYS.persona) ?? undefined,
    };
  },
  save(s: StoredSession) {
    localStorage.setItem(SESSION_KEYS.token, s.token);
    localStorage.setItem(SESSION_KEYS.refresh, s.refreshToken);
    localStorage.setItem(SESSION_KEYS.persona, s.idPersona);
  },
  setToken(token: string, refreshToken?: string) {
    localStorage.setItem(SESSION_KEYS.token, token);
    if (refreshToken) localStorage.setItem(SESSION_KEYS.refresh, refreshToken);
  },
  clear() {
    Object.values(SESSION_KEYS).forEach((k) => localStorage.removeItem(k));
  },
};

/**
 * Marks that the session ended by itself (expired, refused): the login page then says so once
 * instead of greeting the person as if they had never signed in. Per tab (sessionStorage).
 */
export const EXPIRED_KEY = 'sesion_caducada';
/** Where a clicked case row is kept for the next screens (session storage; src/pages/expedientes/datos.ts). */
export const EXPEDIENTE_SESSION_KEY = 'expedienteData';
export const sessionExpiry = {
  mark() {
    try {
      sessionStorage.setItem(EXPIRED_KEY, '1');
    } catch {
      /* storage unavailable: the login simply says nothing */
    }
  },
  marked(): boolean {
    try {
      return sessionStorage.getItem(EXPIRED_KEY) === '1';
    } catch {
      return false;
    }
  },
  /** True once after mark(); reading clears it. */
  take(): boolean {
    try {
      const marked = sessionStorage.getItem(EXPIRED_KEY) === '1';
      sessionStorage.removeItem(EXPIRED_KEY);
      return marked;
    } catch {
      return false;
    }
  },
};

/** Dispatched on window with the persona's id after it was saved: the header's name follows at once. */
export const PERSONA_GUARDADA = 'portal:persona-guardada';

/**
 * Dispatched on window after this tab stored a refreshed access token, with the previous token as
 * detail: the roles it carries (admin, the staff notarías) may have changed, and the shell's
 * AuthSync refreshes the identity and permissions the pages read, without a reload.
 */
export const SESION_RENOVADA = 'portal:sesion-renovada';
