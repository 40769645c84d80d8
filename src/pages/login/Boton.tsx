import type { MouseEvent, ReactNode } from 'react';
import { Spinner } from '../../shell/Loading';

interface Props {
  children: ReactNode;
  type?: 'primary' | 'default' | 'link';
  htmlType?: 'button' | 'submit';
  size?: 'large' | 'small';
  block?: boolean;
  /** Shows the spinner and ignores presses (antd's `loading`). */
  loading?: boolean;
  disabled?: boolean;
  /** A link drawn as a button. */
  href?: string;
  autoFocus?: boolean;
  className?: string;
  onClick?: (e: MouseEvent<HTMLElement>) => void;
}

/**
 * A button of the login page, drawn as antd's Button draws one (its sizes, the theme's colours,
 * a spinner while loading) with the page's CSS (login.css): antd's Button and its style code are
 * ~14 KB on the wire, the largest part of the first page of every visitor after React and antd's
 * core. The page already does without antd's Form, Input, Card and Alert for the same reason.
 */
export default function Boton({ children, type = 'default', htmlType = 'button', size, block, loading, disabled, href, autoFocus, className, onClick }: Props) {
  const clases = ['login-boton', `login-boton-${type}`, size && `login-boton-${size}`, block && 'login-boton-block', loading && 'login-boton-cargando', className]
    .filter(Boolean)
    .join(' ');
  const pulsar = (e: MouseEvent<HTMLElement>) => {
    if (loading) return e.preventDefault();
    onClick?.(e);
  };
  const contenido = (
    <>
      {loading && <Spinner size={14} className="login-boton-spinner" />}
      <span>{children}</span>
    </>
  );
  if (href) {
    return (
      <a href={href} className={clases} onClick={pulsar} autoFocus={autoFocus} aria-busy={loading || undefined}>
        {contenido}
      </a>
    );
  }
  return (
    <button type={htmlType === 'submit' ? 'submit' : 'button'} className={clases} onClick={pulsar} disabled={disabled} autoFocus={autoFocus} aria-busy={loading || undefined}>
      {contenido}
    </button>
  );
}
