import { Form } from 'antd';
import type { CatalogueConfig } from '../../domain/resource';
import FieldInput from './FieldInput';
import { fieldRule, formFields, isRequired, isVisible } from './schema-rules';

/**
 * The form items of a resource, in configuration order, each validated by its schema.
 * Fields with visibleWhen follow the value of the field they depend on.
 */
export default function ResourceFormFields({ config }: { config: CatalogueConfig }) {
  const fields = formFields(config);
  const dependencies = [...new Set(fields.flatMap((f) => (f.visibleWhen ? [f.visibleWhen.field] : [])))];
  return (
    <>
      {fields.map((field) => {
        const item = (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label}
            extra={field.help}
            required={isRequired(config, field.name)}
            rules={[fieldRule(config, field.name)]}
            valuePropName={field.widget === 'boolean' ? 'checked' : 'value'}
          >
            <FieldInput field={field} />
          </Form.Item>
        );
        if (!field.visibleWhen) return item;
        return (
          <Form.Item key={field.name} noStyle dependencies={dependencies}>
            {({ getFieldsValue }) => (isVisible(field, getFieldsValue(true) as Record<string, unknown>) ? item : null)}
          </Form.Item>
        );
      })}
    </>
  );
}
