import type { ReactNode } from 'react';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';

export interface PaginacionTabla {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
  /** The page-size choice (10, 20, 50, 100 por página). */
  showSizeChanger?: boolean;
  showTotal?: (total: number) => ReactNode;
  /** '‹ 2 / 10 ›' instead of the page numbers (a phone). */
  simple?: boolean;
  align?: 'center' | 'end';
}

const TAMANOS = [10, 20, 50, 100];

/** The pages that get a button: the first, the last and two either side of the current one. */
function numeros(actual: number, ultima: number): (number | 'hueco')[] {
  const out: (number | 'hueco')[] = [];
  for (let p = 1; p <= ultima; p++) {
    if (p === 1 || p === ultima || Math.abs(p - actual) <= 2) out.push(p);
    else if (out[out.length - 1] !== 'hueco') out.push('hueco');
  }
  return out;
}

/**
 * Page buttons under a list, with the look of antd's pagination, as buttons a keyboard reaches
 * (antd's Pagination brings a whole Select for its page-size choice; here it is the browser's).
 */
export default function Paginas({ current, pageSize, total, onChange, showSizeChanger, showTotal, simple, align = 'end' }: PaginacionTabla) {
  const ultima = Math.max(1, Math.ceil(total / pageSize));
  const ir = (p: number) => p >= 1 && p <= ultima && p !== current && onChange(p, pageSize);
  return (
    <nav className={`paginas paginas-${align}`} aria-label="Paginación">
      {showTotal && <span className="paginas-total">{showTotal(total)}</span>}
      <button type="button" className="paginas-boton" aria-label="Página anterior" title="Página anterior" disabled={current <= 1} onClick={() => ir(current - 1)}>
        <LeftOutlined />
      </button>
      {simple ? (
        <span className="paginas-simple">{`${current} / ${ultima}`}</span>
      ) : (
        numeros(current, ultima).map((p, i) =>
          p === 'hueco' ? (
            <span key={`hueco-${i}`} className="paginas-hueco" aria-hidden>
              •••
            </span>
          ) : (
            <button
              key={p}
              type="button"
              className={`paginas-boton paginas-numero${p === current ? ' paginas-actual' : ''}`}
              aria-label={`Página ${p}`}
              aria-current={p === current ? 'page' : undefined}
              onClick={() => ir(p)}
            >
              {p}
            </button>
          ),
        )
      )}
      <button type="button" className="paginas-boton" aria-label="Página siguiente" title="Página siguiente" disabled={current >= ultima} onClick={() => ir(current + 1)}>
        <RightOutlined />
      </button>
      {showSizeChanger && (
        <select className="paginas-tamano" aria-label="Elementos por página" value={pageSize} onChange={(e) => onChange(1, Number(e.target.value))}>
          {[...new Set([...TAMANOS, pageSize])].sort((a, b) => a - b).map((n) => (
            <option key={n} value={n}>{`${n} / página`}</option>
          ))}
        </select>
      )}
    </nav>
  );
}
