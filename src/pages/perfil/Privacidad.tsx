import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import {
  ETIQUETA_SOLICITUD, TIPOS_SOLICITUD, nuevaSolicitudSchema, type Acceso, type NuevaSolicitud, type Solicitud,
} from '../../../domain/privacidad';
import { useToast } from '../../shell/notifications';
import { descargarExportacion, useAccesos, useMisSolicitudes, useSolicitar } from './use-privacidad';
import { publicPages } from '../../paths';

const fecha = (iso: string) => new Date(iso).toLocaleString('es-ES', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Madrid' });
const dia = (iso: string) => new Date(iso).toLocaleDateString('es-ES', { timeZone: 'Europe/Madrid' });

const ACCION: Record<Acceso['accion'], string> = { read: 'Consultó', create: 'Creó', update: 'Modificó', delete: 'Eliminó' };
const ENTIDAD: Record<string, string> = {
  persona: 'la ficha',
  expediente: 'un expediente',
  acto: 'un acto',
  documento: 'un documento',
  copia: 'una copia',
  mensaje: 'los mensajes de un expediente',
  privilegio: 'un privilegio',
  cita: 'una cita',
};
const ESTADO: Record<Solicitud['estado'], { texto: string; color: string }> = {
  PENDIENTE: { texto: 'Pendiente', color: 'gold' },
  ACEPTADA: { texto: 'Aceptada', color: 'green' },
  RECHAZADA: { texto: 'Rechazada', color: 'red' },
};

/** The 'Privacidad' section of /perfil: export, who has seen the data, and the requests (RGPD arts. 15-21). */
export default function Privacidad() {
  const toast = useToast();
  const [descargando, setDescargando] = useState<'json' | 'pdf' | null>(null);
  const [pagina, setPagina] = useState(1);
  const accesos = useAccesos(pagina, 10);
  const { solicitudes, recargar } = useMisSolicitudes();
  const { solicitar, enviando } = useSolicitar();
  const [form] = Form.useForm<NuevaSolicitud>();
  const [error, setError] = useState<string | null>(null);

  const descargar = async (formato: 'json' | 'pdf') => {
    setDescargando(formato);
    try {
      await descargarExportacion(formato);
    } catch (e) {
      toast({ type: 'error', message: 'Error', description: (e as Error).message || 'No se pudieron descargar sus datos' });
    } finally {
      setDescargando(null);
    }
  };

  const enviar = async (values: NuevaSolicitud) => {
    const r = nuevaSolicitudSchema.safeParse(values);
    if (!r.success) return setError(r.error.issues[0]?.message ?? 'Revise la solicitud');
    setError(null);
    try {
      await solicitar(r.data);
      form.resetFields();
      toast({ type: 'success', message: 'Solicitud enviada', description: 'La notaría le responderá en el plazo de un mes.' });
      await recargar();
    } catch (e) {
      setError((e as Error).message || 'No se pudo enviar la solicitud');
    }
  };

  return (
    <Card title="Privacidad" id="privacidad">
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <div>
          <Typography.Title level={4}>Sus datos</Typography.Title>
          <Typography.Paragraph>
            Descargue todo lo que la notaría guarda sobre usted y sobre las personas que gestiona o representa. Para corregir un dato, edítelo en
            Datos Personales. Más información en la <Link to={publicPages.privacidad} style={{ textDecoration: 'underline' }}>
              política de privacidad
            </Link>.
          </Typography.Paragraph>
          <Space wrap>
            <Button icon={<DownloadOutlined />} loading={descargando === 'json'} onClick={() => descargar('json')}>
              Descargar mis datos (JSON)
            </Button>
            <Button icon={<DownloadOutlined />} loading={descargando === 'pdf'} onClick={() => descargar('pdf')}>
              Descargar mis datos (PDF)
            </Button>
          </Space>
        </div>

        <div>
          <Typography.Title level={4}>Quién ha consultado o modificado sus datos</Typography.Title>
          {accesos.isError && <Alert type="error" showIcon message="No se pudo cargar el registro de accesos" />}
          <Table<Acceso>
            size="small"
            rowKey={(a) => `${a.at}-${a.entidad}-${a.entidadId}-${a.actor}`}
            loading={accesos.isLoading}
            dataSource={accesos.accesos}
            locale={{ emptyText: 'Nadie más ha consultado ni modificado sus datos.' }}
            pagination={{ current: pagina, pageSize: 10, total: accesos.total, onChange: setPagina, showSizeChanger: false }}
            columns={[
              { title: 'Fecha', dataIndex: 'at', render: fecha },
              { title: 'Quién', dataIndex: 'actorNombre', render: (n: string | null) => n ?? 'Persona no identificada' },
              { title: 'Qué', key: 'que', render: (_, a) => `${ACCION[a.accion]} ${ENTIDAD[a.entidad] ?? a.entidad}` },
            ]}
          />
        </div>

        <div>
          <Typography.Title level={4}>Supresión, oposición o limitación</Typography.Title>
          <Typography.Paragraph>
            Puede pedir que se supriman sus datos, oponerse a su tratamiento o pedir que se limite. La notaría le responderá en el plazo de un mes.
            Los datos que forman parte del protocolo notarial no se destruyen: se bloquean.
          </Typography.Paragraph>
          <Form form={form} layout="vertical" onFinish={enviar} style={{ maxWidth: 520 }} initialValues={{ tipo: 'SUPRESION' }}>
            <Form.Item name="tipo" label="Tipo de solicitud">
              <Select options={TIPOS_SOLICITUD.map((t) => ({ value: t, label: ETIQUETA_SOLICITUD[t] }))} />
            </Form.Item>
            <Form.Item name="motivo" label="Motivo">
              <Input.TextArea rows={3} maxLength={2000} />
            </Form.Item>
            {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
            <Button type="primary" htmlType="submit" loading={enviando}>
              Enviar solicitud
            </Button>
          </Form>
          {solicitudes.length > 0 && (
            <Table<Solicitud>
              style={{ marginTop: 16 }}
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={solicitudes}
              columns={[
                { title: 'Solicitud', dataIndex: 'tipo', render: (t: Solicitud['tipo']) => ETIQUETA_SOLICITUD[t] },
                { title: 'Fecha', dataIndex: 'creadaEn', render: dia },
                { title: 'Plazo de respuesta', dataIndex: 'plazo', render: dia },
                { title: 'Estado', dataIndex: 'estado', render: (e: Solicitud['estado']) => <Tag color={ESTADO[e].color}>{ESTADO[e].texto}</Tag> },
                { title: 'Respuesta', dataIndex: 'respuesta', render: (r: string | null) => r ?? '—' },
              ]}
            />
          )}
        </div>
      </Space>
    </Card>
  );
}
