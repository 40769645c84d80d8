import { useEffect, useRef } from 'react';
import { useInvalidateAuthStore } from '@refinedev/core';
import { authProvider, forgetSession, SESION_LIMITADA } from '../../providers/auth-provider';
import { SESSION_KEYS } from '../../providers/session';
import { useToast } from './notifications';

/**
 * Re-checks the session when another tab changes auth_token or id_persona: a sign-out or a
 * different person there signs this tab out / switches it; a mere token refresh is re-checked
 * quietly so the open page keeps its state. Also says when the session runs limited (the
 * authProvider's SESION_LIMITADA event: a cross-origin problem with the server).
 */
export default function AuthSync() {
  const invalidate = useInvalidateAuthStore();
  const invalidateRef = useRef(invalidate);
  invalidateRef.current = invalidate;
  const toast = useToast();
  const toastRef = useRef(toast);
  toastRef.current = toast;

  useEffect(() => {
    const onLimited = () =>
      toastRef.current({ key: 'problema-conexion', type: 'error', message: 'Problema de conexión', description: 'Hay un problema CORS con el servidor. Funcionalidad limitada.' });
    window.addEventListener(SESION_LIMITADA, onLimited);
    return () => window.removeEventListener(SESION_LIMITADA, onLimited);
  }, []);

  useEffect(() => {
    const onStorage = async (e: StorageEvent) => {
      if (e.storageArea !== localStorage) return;
      if (e.key !== null && e.key !== SESSION_KEYS.token && e.key !== SESSION_KEYS.persona) return;
      forgetSession();
      const refreshedToken = e.key === SESSION_KEYS.token && e.oldValue !== null && e.newValue !== null;
      if (refreshedToken && (await authProvider.check!()).authenticated) return;
      await invalidateRef.current();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return null;
}
