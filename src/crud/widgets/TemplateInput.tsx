import { Collapse, Form, Input, Table, Typography } from 'antd';
import { useList } from '@refinedev/core';

interface Marcador {
  nombre: string;
  seccion: string | null;
  descripcion: string;
  ejemplo: string;
}

interface Props {
  value?: string;
  onChange?: (e: unknown) => void;
  id?: string;
  placeholder?: string;
  placeholders?: { resource: string; byField: string };
}

/** How a placeholder is written: on its own, or inside the block of its list section. */
const escrito = (m: Marcador) => (m.seccion ? `{{#${m.seccion}}}{{${m.nombre}}}{{/${m.seccion}}}` : `{{${m.nombre}}}`);

/**
 * A deed template's text and, beneath it, the placeholders the chosen act offers with an example
 * of each (the database lists them and refuses a template that uses any other).
 */
export default function TemplateInput({ value, onChange, id, placeholder, placeholders }: Props) {
  const form = Form.useFormInstance();
  const acto = Form.useWatch(placeholders?.byField ?? '', form) as string | number | null | undefined;
  const { result, query } = useList<Marcador>({
    resource: placeholders?.resource ?? '',
    dataProviderName: 'supabase',
    filters: [{ field: 'acto_id', operator: 'eq', value: acto ?? 0 }],
    sorters: [{ field: 'orden', order: 'asc' }],
    pagination: { mode: 'off' },
    queryOptions: { enabled: !!placeholders },
    errorNotification: false,
  });
  return (
    <>
      <Input.TextArea id={id} value={value} onChange={onChange} placeholder={placeholder} autoSize={{ minRows: 3, maxRows: 12 }} />
      {placeholders && (
        <Collapse
          size="small"
          style={{ marginTop: 8 }}
          items={[
            {
              key: 'marcadores',
              label: 'Marcadores disponibles para este acto',
              children: (
                <>
                  <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                    Escriba un marcador entre llaves dobles. Los datos que falten en el acto aparecen señalados en el borrador.
                  </Typography.Paragraph>
                  <Table<Marcador>
                    size="small"
                    rowKey={(m) => `${m.seccion ?? ''}.${m.nombre}`}
                    loading={query.isLoading}
                    dataSource={result?.data ?? []}
                    pagination={false}
                    columns={[
                      { title: 'Marcador', key: 'marcador', render: (_, m) => <Typography.Text code copyable>{escrito(m)}</Typography.Text> },
                      { title: 'Significado', dataIndex: 'descripcion' },
                      { title: 'Ejemplo', dataIndex: 'ejemplo' },
                    ]}
                  />
                </>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
