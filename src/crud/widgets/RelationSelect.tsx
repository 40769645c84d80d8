import { Select } from 'antd';
import { useSelect } from '@refinedev/antd';
import type { Relation } from '../../../domain/resource';

interface Props {
  relation: Relation;
  value?: string | number | null;
  onChange?: (value: string | number | null) => void;
  id?: string;
  placeholder?: string;
}

/** A select whose options are the rows of another resource (all of them, searchable by label). */
export default function RelationSelect({ relation, value, onChange, id, placeholder }: Props) {
  const extra = relation.extraOption;
  const { selectProps } = useSelect({
    resource: relation.resource,
    optionLabel: relation.labelField as never,
    optionValue: 'id' as never,
    filters: relation.where ? [{ field: relation.where.field, operator: 'eq', value: relation.where.value }] : [],
    sorters: [{ field: relation.labelField, order: 'asc' }],
    pagination: { mode: 'off' },
    defaultValue: value === null || value === undefined || value === extra?.value ? undefined : (value as never),
    errorNotification: false,
  });
  const options = [...(extra ? [extra] : []), ...(selectProps.options ?? [])];
  return (
    <Select
      showSearch={selectProps.showSearch}
      onSearch={selectProps.onSearch}
      filterOption={selectProps.filterOption}
      loading={selectProps.loading}
      id={id}
      options={options}
      value={value ?? undefined}
      onChange={(v) => onChange?.((v as string | number | undefined) ?? null)}
      placeholder={placeholder ?? 'Seleccione...'}
      notFoundContent={selectProps.loading ? 'Cargando...' : 'Sin resultados'}
      allowClear={false}
    />
  );
}
