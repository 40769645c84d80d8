import { Button, Input, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';

interface Props {
  value?: string[];
  onChange?: (value: string[]) => void;
  label: string;
  addLabel?: string;
  placeholder?: string;
  id?: string;
}

/** A list of text rows (e.g. required documents): add rows; the last remaining row cannot be removed. */
export default function TextRowsInput({ value, onChange, label, addLabel = 'Agregar', placeholder, id }: Props) {
  const rows = value && value.length > 0 ? value : [''];
  const set = (next: string[]) => onChange?.(next);
  return (
    <Space direction="vertical" style={{ width: '100%' }} id={id}>
      {rows.map((row, i) => (
        <Space.Compact key={i} style={{ width: '100%' }}>
          <Input
            value={row}
            placeholder={placeholder}
            aria-label={`${label} ${i + 1}`}
            onChange={(e) => set(rows.map((r, j) => (j === i ? e.target.value : r)))}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={`Quitar fila ${i + 1}`}
            title={rows.length === 1 ? 'Debe quedar al menos una fila' : 'Quitar'}
            disabled={rows.length === 1}
            onClick={() => set(rows.filter((_, j) => j !== i))}
          />
        </Space.Compact>
      ))}
      <Button type="dashed" icon={<PlusOutlined />} onClick={() => set([...rows, ''])}>
        {addLabel}
      </Button>
    </Space>
  );
}
