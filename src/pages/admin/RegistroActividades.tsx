import { useState } from 'react';
import { Button, Card, Descriptions, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { resourceConfigs } from '../../../resources';
import { CAMPOS_ACTIVIDAD, registroDeActividades } from '../../../domain/registro-actividades';

/** /admin/privacidad/registro: the record of processing activities (RGPD art. 30), derived from the resources' declarations. */
export default function RegistroActividades() {
  const actividades = registroDeActividades(resourceConfigs);
  const [generando, setGenerando] = useState(false);
  const descargar = async () => {
    setGenerando(true);
    try {
      // pdf-lib loads only when asked for
      const { registroActividadesPdf } = await import('../../../domain/registro-actividades-pdf');
      const bytes = await registroActividadesPdf(actividades);
      const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = 'registro-actividades-tratamiento.pdf';
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } finally {
      setGenerando(false);
    }
  };
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Registro de actividades de tratamiento
      </Typography.Title>
      <Typography.Paragraph>
        Generado a partir de lo que cada recurso del portal declara sobre los datos personales que contiene (artículo 30 del RGPD).
      </Typography.Paragraph>
      <div>
        <Button icon={<DownloadOutlined />} loading={generando} onClick={descargar}>
          Descargar PDF
        </Button>
      </div>
      {actividades.map((a) => (
        <Card key={a.recurso} title={a.actividad} size="small">
          <Descriptions column={1} size="small" items={CAMPOS_ACTIVIDAD.map(([campo, titulo]) => ({ key: campo, label: titulo, children: a[campo] }))} />
        </Card>
      ))}
    </Space>
  );
}
