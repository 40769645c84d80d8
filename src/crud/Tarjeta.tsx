import type { HTMLAttributes, ReactNode } from 'react';
import './tarjeta.css';

interface Props extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  title?: ReactNode;
  /** Beside the title, at its end (buttons); wraps below it on a narrow screen. */
  extra?: ReactNode;
  size?: 'small';
  /** Lifts on hover: the whole card is a link or a button. */
  hoverable?: boolean;
}

/**
 * A card with antd's Card look (title, extra, body): antd's Card carries its tab bar and loading
 * skeleton (11 KB on the wire) that the portal's cards never show.
 */
export default function Tarjeta({ title, extra, size, hoverable, className, children, ...rest }: Props) {
  const clases = ['tarjeta', size === 'small' && 'tarjeta-pequena', hoverable && 'tarjeta-activa', className].filter(Boolean).join(' ');
  return (
    <div {...rest} className={clases}>
      {(title || extra) && (
        <div className="tarjeta-cabecera">
          {title && <div className="tarjeta-titulo">{title}</div>}
          {extra && <div className="tarjeta-extra">{extra}</div>}
        </div>
      )}
      <div className="tarjeta-cuerpo">{children}</div>
    </div>
  );
}
