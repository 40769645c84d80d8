import { Badge } from 'antd';
import { useNoLeidos } from './use-archivos-caso';

const etiqueta = (n: number) => (n === 1 ? '1 mensaje sin leer' : `${n} mensajes sin leer`);

/**
 * Unread messages of the other side: beside the navigation's 'Expedientes' (clients) or
 * 'Despacho' (staff), and beside each case of the list. One query, shared, asked again when the
 * server says a message of one of the person's cases was written or read (the navigation's entry
 * listens: it is on every page).
 */
export function NoLeidosNav({ entrada, isStaff }: { entrada: string; isStaff: boolean }) {
  const suya = entrada === (isStaff ? '/despacho' : '/expedientes');
  const { total } = useNoLeidos({ live: suya });
  if (!suya || total === 0) return null;
  return <Badge count={total} size="small" offset={[4, -2]} title={etiqueta(total)} aria-label={etiqueta(total)} className="no-leidos" />;
}

export function NoLeidosCaso({ id }: { id: string }) {
  const n = useNoLeidos().porExpediente[id] ?? 0;
  if (!n) return null;
  return <Badge count={n} size="small" style={{ marginInlineStart: 8 }} title={etiqueta(n)} aria-label={etiqueta(n)} />;
}
