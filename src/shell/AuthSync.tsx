import { useEffect, useRef } from 'react';
import { useInvalidateAuthStore, useKeys } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { authProvider, forgetSession, SESION_LIMITADA } from '../../providers/auth-provider';
import { sameViewer } from '../../providers/viewer';
import { SESION_RENOVADA } from '../../providers/servicios-http';
import { SESSION_KEYS, session } from '../../providers/session';
import { useToast } from './notifications';

/**
 * Re-checks the session when another tab changes auth_token or id_persona: a sign-out or a
 * different person there signs this tab out / switches it; a mere token refresh is re-checked
 * quietly so the open page keeps its state. A refreshed token (here or in another tab) whose roles
 * differ from the previous one's (a staff row deactivated, an admin role given) refreshes the
 * identity, permissions and access answers that Refine keeps cached, so the menu and the guarded
 * pages follow without a reload. Also says when the session runs limited (the authProvider's
 * SESION_LIMITADA event: a cross-origin problem with the server).
 */
export default function AuthSync() {
  const invalidate = useInvalidateAuthStore();
  const invalidateRef = useRef(invalidate);
  invalidateRef.current = invalidate;
  const queryClient = useQueryClient();
  const { keys } = useKeys();
  const rolesRef = useRef<() => Promise<void>>(async () => undefined);
  rolesRef.current = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: keys().auth().action('identity').get() }),
      queryClient.invalidateQueries({ queryKey: keys().auth().action('permissions').get() }),
      queryClient.invalidateQueries({ queryKey: keys().access().get() }),
    ]);
  };
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
    const onRenewed = (e: Event) => {
      if (!sameViewer((e as CustomEvent<string | null>).detail, session.get().token)) void rolesRef.current();
    };
    window.addEventListener(SESION_RENOVADA, onRenewed);
    return () => window.removeEventListener(SESION_RENOVADA, onRenewed);
  }, []);

  useEffect(() => {
    const onStorage = async (e: StorageEvent) => {
      if (e.storageArea !== localStorage) return;
      if (e.key !== null && e.key !== SESSION_KEYS.token && e.key !== SESSION_KEYS.persona) return;
      forgetSession();
      const refreshedToken = e.key === SESSION_KEYS.token && e.oldValue !== null && e.newValue !== null;
      if (refreshedToken && (await authProvider.check!()).authenticated) {
        if (!sameViewer(e.oldValue, e.newValue)) await rolesRef.current();
        return;
      }
      await invalidateRef.current();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return null;
}
