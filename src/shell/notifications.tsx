import type { NotificationProvider, OpenNotificationParams } from '@refinedev/core';
import { App } from 'antd';

/**
 * Toasts of the portal: title (`message`) first, then the text (`description`).
 * @refinedev/antd's provider swaps the two, so the portal uses this one.
 */
let openToast: ((params: OpenNotificationParams) => void) | null = null;

export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  const provider: NotificationProvider = {
    open: ({ key, message, description, type }) =>
      notification.open({
        key,
        message,
        description,
        // 'progress' (undoable mutations) is not used by the portal; show it as information
        type: type === 'progress' ? 'info' : type,
        role: type === 'error' ? 'alert' : 'status',
      }),
    close: (key) => notification.destroy(key),
  };
  openToast = provider.open;
  return provider;
}

/** A toast from code outside React (the authProvider); a no-op before the app has mounted. */
export function toast(params: OpenNotificationParams) {
  openToast?.(params);
}
