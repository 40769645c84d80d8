import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import './titulo.css';

/**
 * A page's title with antd's Typography.Title look (level 2), and secondary text with
 * Typography.Text type="secondary"'s: antd's Typography carries its in-place editing, and with
 * it antd's text area and input styles (17 KB on the wire), which a page that only shows text
 * does not need.
 */
export function Titulo({ children, className, style }: { children: ReactNode; className?: string; style?: CSSProperties }) {
  return (
    <h2 className={`titulo${className ? ` ${className}` : ''}`} style={style}>
      {children}
    </h2>
  );
}

export function Secundario({ children, className, ...rest }: { children: ReactNode; className?: string } & HTMLAttributes<HTMLSpanElement>) {
  return (
    <span {...rest} className={`texto-secundario${className ? ` ${className}` : ''}`}>
      {children}
    </span>
  );
}
