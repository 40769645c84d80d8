import type { AuthProvider } from '@refinedev/core';
import { session } from './session';

/**
 * Sign-in with a one-time PIN (see src/pages/login). Placeholder of the foundation:
 * a stored token and idPersona count as signed in.
 */
export const authProvider: AuthProvider = {
  login: async () => ({ success: false }),
  logout: async () => {
    session.clear();
    return { success: true, redirectTo: '/' };
  },
  check: async () => {
    const { token, idPersona } = session.get();
    return token && idPersona ? { authenticated: true } : { authenticated: false, redirectTo: '/login' };
  },
  onError: async () => ({}),
  getIdentity: async () => null,
  getPermissions: async () => null,
};
