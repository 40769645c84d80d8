import { useNoLeidos } from './use-archivos-caso';
import './no-leidos.css';

const etiqueta = (n: number) => (n === 1 ? '1 mensaje sin leer' : `${n} mensajes sin leer`);

/** antd's small Badge look (the portal's red, white text) as one span: no Badge code or motion on every page. */
function Cuenta({ n, className }: { n: number; className: string }) {
  return (
    <span className={`no-leidos-cuenta ${className}`} title={etiqueta(n)} aria-label={etiqueta(n)}>
      {n > 99 ? '99+' : n}
    </span>
  );
}

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
  return <Cuenta n={total} className="no-leidos" />;
}

export function NoLeidosCaso({ id }: { id: string }) {
  const n = useNoLeidos().porExpediente[id] ?? 0;
  if (!n) return null;
  return <Cuenta n={n} className="no-leidos-caso" />;
}
