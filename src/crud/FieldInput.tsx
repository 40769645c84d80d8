import { DatePicker, Input, InputNumber, Select, Switch, TimePicker } from 'antd';
import dayjs from 'dayjs';
import type { FieldConfig } from '../../domain/resource';
import ImageInput from './widgets/ImageInput';
import RelationSelect from './widgets/RelationSelect';
import TemplateInput from './widgets/TemplateInput';
import TextRowsInput from './widgets/TextRowsInput';
import WeekdaysInput from './widgets/WeekdaysInput';

/**
 * The input of a field's widget. antd's Form.Item passes value / onChange (checked for switches)
 * and the id that links the label.
 */
export default function FieldInput({ field, ...control }: { field: FieldConfig } & Record<string, unknown>) {
  const common = { ...control, placeholder: field.placeholder };
  switch (field.widget) {
    case 'textarea':
      return <Input.TextArea {...common} autoSize={{ minRows: 3, maxRows: 12 }} />;
    case 'email':
      return <Input {...common} type="email" inputMode="email" autoComplete="off" />;
    case 'url':
      return <Input {...common} type="url" inputMode="url" />;
    case 'number':
      // no min or precision: antd would silently turn −3 into 1 and 2.5 into 3; the schema refuses them
      return <InputNumber {...common} style={{ width: '100%' }} />;
    // antd's pickers, not the browser's: those follow the browser's language (mm/dd/yyyy,
    // 09:00 AM); the portal shows dd/mm/aaaa and 24-hour time everywhere. Stored as text.
    case 'date':
      return <DateField {...control} />;
    case 'time':
      return <TimeField {...control} />;
    case 'boolean':
      return <Switch {...control} />;
    case 'weekdays':
      return <WeekdaysInput {...control} />;
    case 'textRows':
      return <TextRowsInput {...control} label={field.label} addLabel={field.addLabel} placeholder={field.placeholder} />;
    case 'template':
      return <TemplateInput {...control} placeholder={field.placeholder} placeholders={field.placeholders} />;
    case 'image':
      return <ImageInput {...control} label={field.label} />;
    case 'select':
      if (field.relation) return <RelationSelect {...control} relation={field.relation} placeholder={field.placeholder} />;
      return <Select {...common} options={field.options} placeholder={field.placeholder ?? 'Seleccione...'} />;
    default:
      return <Input {...common} />;
  }
}

type TextControl = { value?: unknown; onChange?: (value: string | null) => void } & Record<string, unknown>;

/** A date kept as 'YYYY-MM-DD', shown and typed as dd/mm/aaaa. */
function DateField({ value, onChange, ...rest }: TextControl) {
  const parsed = typeof value === 'string' && value ? dayjs(value) : null;
  return (
    <DatePicker
      {...rest}
      format="DD/MM/YYYY"
      placeholder="dd/mm/aaaa"
      style={{ width: '100%' }}
      value={parsed?.isValid() ? parsed : null}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : null)}
    />
  );
}

/** A time of day kept as 'HH:mm', shown and typed in 24-hour time. */
function TimeField({ value, onChange, ...rest }: TextControl) {
  const parsed = typeof value === 'string' && value ? dayjs(`2000-01-01T${value.slice(0, 5)}`) : null;
  return (
    <TimePicker
      {...rest}
      format="HH:mm"
      placeholder="hh:mm"
      needConfirm={false}
      style={{ width: '100%' }}
      value={parsed?.isValid() ? parsed : null}
      onChange={(t) => onChange?.(t ? t.format('HH:mm') : null)}
    />
  );
}
