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
 * listens: it is on every page). The navigation renders it beside that one entry only, and the
 * list reads the counts once (each use of the query is a Refine data hook of its own to render).
 */
export function NoLeidosNav() {
  const { total } = useNoLeidos({ live: true });
  if (total === 0) return null;
  return <Cuenta n={total} className="no-leidos" />;
}

/** The count beside a case of the list; `porExpediente` is useNoLeidos() read once by the list. */
export function NoLeidosCaso({ n }: { n: number | undefined }) {
  if (!n) return null;
  return <Cuenta n={n} className="no-leidos-caso" />;
}
