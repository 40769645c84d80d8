import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ComponentType, type Key, type ReactNode } from 'react';
import type { NotificationProvider, OpenNotificationParams } from '@refinedev/core';
import type { ArgsProps, NotificationInstance } from 'antd/es/notification/interface';

/**
 * Toasts of the portal: title (`message`) first, then the text (`description`).
 * @refinedev/antd's provider swaps the two, so the portal uses this one. One holder, in Root,
 * serves the login page and the portal, so a toast outlives the page change that follows it.
 * antd's notification code (~22 KB, with rc-notification) loads with the first toast, not with
 * every first page: the toasts asked for meanwhile show once it has.
 */
// a chunk that cannot be loaded (offline, a deploy in between) costs the toasts, not the page:
// ToastProvider sits above every error screen, so a failed import here would blank the portal
const Avisos = lazy<ComponentType<{ onListo: (api: NotificationInstance) => void }>>(() => import('./Avisos').catch(() => ({ default: () => null })));

interface Toasts {
  open: (args: ArgsProps) => void;
  destroy: (key?: Key) => void;
}
const ToastContext = createContext<Toasts | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const api = useRef<NotificationInstance | null>(null);
  const pendientes = useRef<ArgsProps[]>([]);
  const [cargar, setCargar] = useState(false);
  const onListo = useCallback((instancia: NotificationInstance) => {
    api.current = instancia;
    for (const args of pendientes.current.splice(0)) instancia.open(args);
  }, []);
  const toasts = useMemo<Toasts>(
    () => ({
      open: (args) => {
        if (api.current) return api.current.open(args);
        pendientes.current.push(args);
        setCargar(true);
      },
      destroy: (key) => {
        pendientes.current = key === undefined ? [] : pendientes.current.filter((p) => p.key !== key);
        api.current?.destroy(key);
      },
    }),
    [],
  );
  return (
    <ToastContext.Provider value={toasts}>
      {cargar && (
        <Suspense fallback={null}>
          <Avisos onListo={onListo} />
        </Suspense>
      )}
      {children}
    </ToastContext.Provider>
  );
}

function useToastApi(): Toasts {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider');
  return api;
}

/** Opens a toast; errors are announced as alerts. Needs no Refine (the login page uses it). */
export function useToast(): (params: OpenNotificationParams) => void {
  const api = useToastApi();
  return ({ key, message, description, type }) =>
    api.open({
      key,
      message,
      description,
      // 'progress' (undoable mutations) is not used by the portal; show it as information
      type: type === 'progress' ? 'info' : type,
      role: type === 'error' ? 'alert' : 'status',
    });
}

export function useNotificationProvider(): NotificationProvider {
  const api = useToastApi();
  const open = useToast();
  return { open, close: (key) => api.destroy(key) };
}
