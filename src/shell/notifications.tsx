import { createContext, useContext, type ReactNode } from 'react';
import type { NotificationProvider, OpenNotificationParams } from '@refinedev/core';
// the hook alone: antd's `notification` export also brings the static methods and their renderer
import useNotification from 'antd/es/notification/useNotification';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Toasts of the portal: title (`message`) first, then the text (`description`).
 * @refinedev/antd's provider swaps the two, so the portal uses this one. One holder, in Root,
 * serves the login page and the portal, so a toast outlives the page change that follows it.
 */
const ToastContext = createContext<NotificationInstance | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  // At the top: at the bottom a toast covered a dialog's footer (its save button, on a phone the
  // whole footer), and while the pointer rested on it the toast stayed, so the button could not be
  // pressed at all.
  const [api, holder] = useNotification({ placement: 'top', maxCount: 3 });
  return (
    <ToastContext.Provider value={api}>
      {holder}
      {children}
    </ToastContext.Provider>
  );
}

function useToastApi(): NotificationInstance {
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
