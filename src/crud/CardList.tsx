import type { ReactNode } from 'react';
import { Empty, Spin } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import type { ColumnConfig } from '../../domain/resource';
import { renderCell } from './cells';
import Paginas, { type PaginacionTabla } from './Paginas';
import './crud.css';
import Tarjeta from './Tarjeta';

/**
 * A list on a phone: one card per row, the first column as its title, the others as label and
 * value one under the other, the actions at the bottom; nothing scrolls sideways.
 */
export default function CardList({
  records,
  loading,
  columns,
  actions,
  pagination,
  empty,
}: {
  records: BaseRecord[];
  loading: boolean;
  columns: ColumnConfig[];
  actions?: (record: BaseRecord) => ReactNode;
  pagination?: PaginacionTabla | false;
  empty?: string;
}) {
  // an image column (e.g. a category's picture) is not a title: the first text column is
  const titleColumn = columns.find((c) => c.display !== 'image') ?? columns[0];
  return (
    <Spin spinning={loading}>
      {records.length === 0 && !loading ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty ?? 'No hay datos'} />
      ) : (
        <ul className="crud-tarjetas">
          {records.map((record) => (
            <li key={String(record.id)}>
              <Tarjeta size="small" title={titleColumn ? renderCell(titleColumn, record) : undefined} className="crud-tarjeta">
                <dl>
                  {columns
                    .filter((c) => c !== titleColumn)
                    .map((c) => (
                      <div key={c.field ?? c.title} className="crud-dato">
                        <dt>{c.title}</dt>
                        <dd>{renderCell(c, record)}</dd>
                      </div>
                    ))}
                </dl>
                {actions && <div className="crud-acciones">{actions(record)}</div>}
              </Tarjeta>
            </li>
          ))}
        </ul>
      )}
      {pagination && pagination.total > pagination.pageSize && <Paginas {...pagination} simple showSizeChanger={false} showTotal={undefined} align="center" />}
    </Spin>
  );
}
