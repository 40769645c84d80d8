import { Checkbox, Space } from 'antd';
import { WEEKDAYS, WORKING_WEEKDAYS } from '../../../domain/horario';

interface Props {
  value?: number[];
  onChange?: (value: number[]) => void;
  id?: string;
}

/** Monday to Friday (1-5) as checkboxes, with 'Lunes a Viernes' to choose the five at once. */
export default function WeekdaysInput({ value = [], onChange, id }: Props) {
  const all = WORKING_WEEKDAYS.every((d) => value.includes(d));
  return (
    <Space direction="vertical" id={id}>
      <Checkbox
        checked={all}
        indeterminate={!all && value.length > 0}
        onChange={(e) => onChange?.(e.target.checked ? [...WORKING_WEEKDAYS] : [])}
      >
        Lunes a Viernes
      </Checkbox>
      <Checkbox.Group
        value={value}
        onChange={(v) => onChange?.((v as number[]).slice().sort((a, b) => a - b))}
        options={WORKING_WEEKDAYS.map((d) => ({ value: d, label: WEEKDAYS[d] }))}
      />
    </Space>
  );
}
