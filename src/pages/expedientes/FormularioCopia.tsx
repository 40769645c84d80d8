import { useNotification } from '@refinedev/core';
import { useNavigate } from 'react-router';
import { Button, Card, Form, Input, Radio } from 'antd';
import { ETIQUETA_TIPO_COPIA, TIPOS_COPIA, solicitudCopiaSchema, type TipoCopia } from '../../../domain/copias';
import { useCopiasAcciones } from './use-archivos-caso';

/** The request of a copy of a finished case's deed (on /expediente/detalleexp): simple or authorised, with a reason. */
export default function FormularioCopia({ expedienteId }: { expedienteId: string }) {
  const [form] = Form.useForm<{ tipo: TipoCopia; motivo: string }>();
  const { solicitar, ocupado } = useCopiasAcciones();
  const { open } = useNotification();
  const navigate = useNavigate();

  const enviar = async (values: { tipo: TipoCopia; motivo: string }) => {
    const parsed = solicitudCopiaSchema.safeParse(values);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path as never, errors: [i.message] })));
      return;
    }
    try {
      await solicitar(expedienteId, parsed.data);
      open?.({ type: 'success', message: 'Solicitud de copia enviada', description: 'La notaría le avisará cuando la copia esté disponible.' });
      navigate('/copias');
    } catch (e) {
      open?.({ type: 'error', message: 'No se pudo solicitar la copia', description: (e as Error).message });
    }
  };

  return (
    <Card title="Datos de la solicitud">
      <Form form={form} layout="vertical" initialValues={{ tipo: 'SIMPLE', motivo: '' }} requiredMark={false} onFinish={enviar}>
        <Form.Item name="tipo" label="Tipo de copia" rules={[{ required: true, message: 'Elija el tipo de copia' }]}>
          <Radio.Group options={TIPOS_COPIA.map((t) => ({ value: t, label: ETIQUETA_TIPO_COPIA[t] }))} />
        </Form.Item>
        <Form.Item
          name="motivo"
          label="Motivo"
          rules={[
            { required: true, whitespace: true, message: 'Indique el motivo de la solicitud' },
            { max: 500, message: 'El motivo no puede superar los 500 caracteres' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="Por ejemplo: para presentarla en el banco" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={ocupado}>
          Enviar solicitud
        </Button>
      </Form>
    </Card>
  );
}
