import type { ReactNode } from 'react';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { type ColumnConfig } from '../../domain/resource';
import { hhmm, weekdaysLabel } from '../../domain/horario';
import { Secundario } from './Titulo';
import './crud.css';

const EMPTY = <Secundario>—</Secundario>;

/** Cuts a text to `length` characters, adding '...' when it was longer. */
export const preview = (text: string, length: number) => (text.length > length ? `${text.slice(0, length)}...` : text);

/** How a list cell shows its value (ColumnConfig.display). */
export function renderCell(column: ColumnConfig, record: Record<string, unknown>): ReactNode {
  const value = column.value ? column.value(record) : column.field ? record[column.field] : undefined;
  switch (column.display) {
    case 'boolean': {
      const [yes, no] = column.booleanLabels ?? ['Sí', 'No'];
      return value ? <Tag color="green">{yes}</Tag> : <Tag color="red">{no}</Tag>;
    }
    case 'tag':
      return value == null ? EMPTY : <Tag>{column.tagLabels?.[String(value)] ?? String(value)}</Tag>;
    case 'image':
      return typeof value === 'string' && value ? (
        <img src={value} alt="" style={{ width: 48, height: 36, objectFit: 'cover', borderRadius: 4 }} />
      ) : (
        EMPTY
      );
    case 'weekdays':
      return Array.isArray(value) && value.length ? weekdaysLabel(value as number[]) : EMPTY;
    case 'date':
      return value ? dayjs(String(value)).format('DD/MM/YYYY') : EMPTY;
    case 'time':
      return value ? String(hhmm(value)) : EMPTY;
    case 'preview':
      // long texts wrap inside a readable width instead of stretching the table (crud.css: three lines on a card)
      return value ? <div className="celda-vista-previa">{preview(String(value), column.previewLength ?? 150)}</div> : EMPTY;
    default:
      return value === null || value === undefined || value === '' ? EMPTY : String(value);
  }
}
