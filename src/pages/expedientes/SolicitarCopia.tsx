import { useState } from 'react';
import { useNotification } from '@refinedev/core';
import { Button, Form, Input, Modal, Radio, type ButtonProps } from 'antd';
import { ETIQUETA_TIPO_COPIA, TIPOS_COPIA, solicitudCopiaSchema, type TipoCopia } from '../../../domain/copias';
import { useCopiasAcciones } from './use-archivos-caso';

/** 'Solicitar copia' of a finished case's deed: simple or authorised, with a reason. */
export default function SolicitarCopia({ expediente, size }: { expediente: { id: string; titulo: string }; size?: ButtonProps['size'] }) {
  const [abierto, setAbierto] = useState(false);
  const [form] = Form.useForm<{ tipo: TipoCopia; motivo: string }>();
  const { solicitar, ocupado } = useCopiasAcciones();
  const { open } = useNotification();

  const enviar = async () => {
    const values = await form.validateFields();
    const parsed = solicitudCopiaSchema.safeParse(values);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path as never, errors: [i.message] })));
      return;
    }
    try {
      await solicitar(expediente.id, parsed.data);
      open?.({ type: 'success', message: 'Solicitud de copia enviada', description: 'La notaría le avisará cuando la copia esté disponible.' });
      setAbierto(false);
      form.resetFields();
    } catch (e) {
      open?.({ type: 'error', message: 'No se pudo solicitar la copia', description: (e as Error).message });
    }
  };

  return (
    <>
      <Button size={size} aria-label={`Solicitar copia de ${expediente.titulo}`} onClick={() => setAbierto(true)}>
        Solicitar copia
      </Button>
      <Modal
        open={abierto}
        title={`Solicitar copia · ${expediente.titulo}`}
        okText="Solicitar"
        cancelText="Cancelar"
        confirmLoading={ocupado}
        onOk={enviar}
        onCancel={() => setAbierto(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ tipo: 'SIMPLE', motivo: '' }} requiredMark={false}>
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
        </Form>
      </Modal>
    </>
  );
}
