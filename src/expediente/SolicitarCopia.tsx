import { useState } from 'react';
import { Button, Form, Modal, type ButtonProps } from 'antd';
import { useUnaVez } from '../crud/use-una-vez';
import { CamposSolicitudCopia, useSolicitudCopia, VALORES_INICIALES_COPIA, type ValoresSolicitudCopia } from './SolicitudCopia';

/** 'Solicitar copia' of a finished case's deed: simple or authorised, with a reason. */
export default function SolicitarCopia({ expediente, size }: { expediente: { id: string; titulo: string }; size?: ButtonProps['size'] }) {
  const [abierto, setAbierto] = useState(false);
  const [form] = Form.useForm<ValoresSolicitudCopia>();
  const { enviar, ocupado } = useSolicitudCopia(form);

  // the form's own messages show under its fields: a refused check is not an error of the page
  const aceptar = useUnaVez(async () => {
    const valores = await form.validateFields().catch(() => null);
    if (valores && (await enviar(expediente.id, valores))) {
      setAbierto(false);
      form.resetFields();
    }
  });

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
        confirmLoading={ocupado || aceptar.ocupado}
        onOk={() => void aceptar.ejecutar()}
        onCancel={() => setAbierto(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={VALORES_INICIALES_COPIA} requiredMark={false}>
          <CamposSolicitudCopia />
        </Form>
      </Modal>
    </>
  );
}
