import { Input, InputNumber, Select, Switch } from 'antd';
import type { FieldConfig } from '../../domain/resource';
import ImageInput from './widgets/ImageInput';
import RelationSelect from './widgets/RelationSelect';
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
    case 'date':
      return <Input {...common} type="date" />;
    case 'time':
      return <Input {...common} type="time" step={60} />;
    case 'boolean':
      return <Switch {...control} />;
    case 'weekdays':
      return <WeekdaysInput {...control} />;
    case 'textRows':
      return <TextRowsInput {...control} label={field.label} addLabel={field.addLabel} placeholder={field.placeholder} />;
    case 'image':
      return <ImageInput {...control} label={field.label} />;
    case 'select':
      if (field.relation) return <RelationSelect {...control} relation={field.relation} placeholder={field.placeholder} />;
      return <Select {...common} options={field.options} placeholder={field.placeholder ?? 'Seleccione...'} />;
    default:
      return <Input {...common} />;
  }
}
