import { useEffect } from 'react';
// the hook alone: antd's `notification` export also brings the static methods and their renderer
import useNotification from 'antd/es/notification/useNotification';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * antd's toasts' holder, loaded with the first toast (src/shell/notifications.tsx): it hands its
 * instance up once mounted. At the top: at the bottom a toast covered a dialog's footer (its save
 * button, on a phone the whole footer), and while the pointer rested on it the toast stayed, so the
 * button could not be pressed at all.
 */
export default function Avisos({ onListo }: { onListo: (api: NotificationInstance) => void }) {
  const [api, holder] = useNotification({ placement: 'top', maxCount: 3 });
  useEffect(() => onListo(api), [api, onListo]);
  return holder;
}
