/** The session kept in the browser, under the spec's local-storage keys. */
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
