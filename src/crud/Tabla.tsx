import { useState, type HTMLAttributes, type Key, type ReactNode } from 'react';
import { usePantalla } from './use-pantalla';
import type { Breakpoint } from 'antd/es/_util/responsiveObserver';
import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import type { BaseRecord, CrudSort, HttpError, useTableReturnType } from '@refinedev/core';
import Paginas, { type PaginacionTabla } from './Paginas';
import EnCarga from './EnCarga';
import './tabla.css';

export type Orden = 'ascend' | 'descend';

export interface ColumnaTabla<T> {
  /** Defaults to dataIndex. */
  key?: string;
  title: ReactNode;
  dataIndex?: string;
  render?: (value: never, record: T, index: number) => ReactNode;
  /** Sortable: a click asks onSort for the next order of sortDirections, after the last one for none. */
  sorter?: boolean;
  sortOrder?: Orden | null;
  sortDirections?: Orden[];
  /** Shown only when one of these breakpoints matches (as antd's Table: 'xs' below 576 px, 'md' from 768 px). */
  responsive?: Breakpoint[];
  /** A class of the column's cells (e.g. buttons kept on one line). */
  className?: string;
}

export interface TablaProps<T> {
  columns: ColumnaTabla<T>[];
  dataSource?: readonly T[];
  rowKey: string | ((record: T) => Key);
  loading?: boolean;
  /** Server paging (current, total, onChange), or only a page size to page the rows here. */
  pagination?: false | (Partial<PaginacionTabla> & { pageSize: number });
  /** A sortable column's header was pressed: its field (dataIndex, else key) and the new order. */
  onSort?: (field: string, order: Orden | null) => void;
  onRow?: (record: T) => HTMLAttributes<HTMLTableRowElement>;
  rowClassName?: string;
  emptyText?: ReactNode;
  /** Below this width (px) the table scrolls sideways inside its frame instead of squeezing. */
  minWidth?: number;
  className?: string;
}

const siguiente = (dirs: Orden[], actual: Orden | null | undefined): Orden | null => (actual ? (dirs[dirs.indexOf(actual) + 1] ?? null) : dirs[0]);

/** A column's order in Refine's sorters, as the header shows it. */
export const ordenDe = (field: string, sorters: CrudSort[]): Orden | null => {
  const s = sorters.find((x) => x.field === field);
  return s ? (s.order === 'asc' ? 'ascend' : 'descend') : null;
};

/**
 * Tabla's data, paging and sorting from Refine's (headless) useTable: the server pages and
 * sorts; a new order starts again on the first page.
 */
export function tablaDeRefine<T extends BaseRecord>(t: useTableReturnType<T, HttpError>, opciones: Partial<PaginacionTabla> = {}) {
  return {
    dataSource: t.result.data,
    loading: !t.tableQuery.isFetched,
    pagination: {
      current: t.currentPage,
      pageSize: t.pageSize,
      total: t.result.total ?? 0,
      onChange: (page: number, size: number) => {
        t.setCurrentPage(page);
        t.setPageSize(size);
      },
      ...opciones,
    },
    onSort: (field: string, order: Orden | null) => {
      t.setSorters(order ? [{ field, order: order === 'ascend' ? 'asc' : 'desc' }] : []);
      t.setCurrentPage(1);
    },
  } satisfies Partial<TablaProps<T>>;
}

/**
 * A list as a plain HTML table with its own page buttons: what the portal's lists show (sortable
 * headers, rows that open on click or Enter, paging, an empty text) without antd's Table and
 * Pagination, which bring a tree (the filter dropdown) and a select (the page size) with them:
 * about 75 KB on the wire that no list of the portal uses.
 */
export default function Tabla<T extends object>({
  columns,
  dataSource = [],
  rowKey,
  loading,
  pagination,
  onSort,
  onRow,
  rowClassName,
  emptyText,
  minWidth,
  className,
}: TablaProps<T>) {
  const pantalla = usePantalla();
  const visibles = columns
    .filter((c) => !c.responsive || c.responsive.some((b) => pantalla[b]))
    .map((c, i) => ({ ...c, key: c.key ?? c.dataIndex ?? String(i) }));
  const [paginaLocal, setPaginaLocal] = useState(1);
  const local = !!pagination && !pagination.onChange;
  const tamano = pagination ? pagination.pageSize : 10;
  const filas = local ? dataSource.slice((paginaLocal - 1) * tamano, paginaLocal * tamano) : dataSource;
  const clave = (r: T, i: number): Key => (typeof rowKey === 'function' ? rowKey(r) : ((r as Record<string, Key>)[rowKey] ?? i));
  const total = pagination ? (local ? dataSource.length : (pagination.total ?? 0)) : 0;

  return (
    <EnCarga loading={!!loading}>
      <div className={`tabla-marco${className ? ` ${className}` : ''}`}>
        <table className="tabla" style={minWidth ? { minWidth } : undefined}>
          <thead>
            <tr>
              {visibles.map((c) => (
                <th key={c.key} scope="col" aria-sort={c.sortOrder === 'ascend' ? 'ascending' : c.sortOrder === 'descend' ? 'descending' : undefined}>
                  {c.sorter ? (
                    <button
                      type="button"
                      className="tabla-ordenar"
                      title="Ordenar"
                      onClick={() => onSort?.(c.dataIndex ?? c.key, siguiente(c.sortDirections ?? ['ascend', 'descend'], c.sortOrder))}
                    >
                      {c.title}
                      <span className="tabla-flechas" aria-hidden>
                        <CaretUpOutlined className={c.sortOrder === 'ascend' ? 'tabla-activa' : undefined} />
                        <CaretDownOutlined className={c.sortOrder === 'descend' ? 'tabla-activa' : undefined} />
                      </span>
                    </button>
                  ) : (
                    c.title
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {filas.map((r, i) => {
              const { className: filaClase, ...fila } = onRow?.(r) ?? {};
              return (
                <tr key={clave(r, i)} className={['tabla-fila', rowClassName, filaClase].filter(Boolean).join(' ')} {...fila}>
                  {visibles.map((c) => {
                    const valor = c.dataIndex ? (r as Record<string, unknown>)[c.dataIndex] : undefined;
                    return <td key={c.key} className={c.className}>{c.render ? c.render(valor as never, r, i) : (valor as ReactNode)}</td>;
                  })}
                </tr>
              );
            })}
            {filas.length === 0 && (
              <tr className="tabla-vacia">
                <td colSpan={visibles.length}>{loading ? null : (emptyText ?? <span className="tabla-sin-datos">No hay datos</span>)}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {pagination && total > 0 && (
        <Paginas
          {...pagination}
          current={local ? paginaLocal : (pagination.current ?? 1)}
          pageSize={tamano}
          total={total}
          onChange={local ? setPaginaLocal : pagination.onChange!}
        />
      )}
    </EnCarga>
  );
}
