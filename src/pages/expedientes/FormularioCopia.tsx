import { useNavigate } from 'react-router';
import { Button, Card, Form } from 'antd';
import { CamposSolicitudCopia, useSolicitudCopia, VALORES_INICIALES_COPIA, type ValoresSolicitudCopia } from '../../expediente/SolicitudCopia';
import { pathOf } from '../../paths';

/** The request of a copy of a finished case's deed (on /expediente/detalleexp): simple or authorised, with a reason. */
export default function FormularioCopia({ expedienteId }: { expedienteId: string }) {
  const [form] = Form.useForm<ValoresSolicitudCopia>();
  const { enviar, ocupado } = useSolicitudCopia(form);
  const navigate = useNavigate();

  return (
    <Card title="Datos de la solicitud">
      <Form
        form={form}
        layout="vertical"
        initialValues={VALORES_INICIALES_COPIA}
        requiredMark={false}
        onFinish={async (values) => {
          if (await enviar(expedienteId, values)) navigate(pathOf('copias'));
        }}
      >
        <CamposSolicitudCopia />
        <Button type="primary" htmlType="submit" loading={ocupado}>
          Enviar solicitud
        </Button>
      </Form>
    </Card>
  );
}
