import { Card, Col, Row, Space, Typography } from 'antd';
import { ExportOutlined, GoogleOutlined, WindowsOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

const CALENDARIOS = [
  {
    key: 'google',
    nombre: 'Google Calendar',
    descripcion: 'Abra Google Calendar para añadir y sincronizar sus citas.',
    url: 'https://calendar.google.com/calendar/r/settings',
    icon: <GoogleOutlined />,
  },
  {
    key: 'outlook',
    nombre: 'Outlook',
    descripcion: 'Abra el calendario de Outlook para añadir y sincronizar sus citas.',
    url: 'https://outlook.live.com/calendar/',
    icon: <WindowsOutlined />,
  },
] satisfies { key: string; nombre: string; descripcion: string; url: string; icon: ReactNode }[];

/** /configurar-calendario: two cards that open Google Calendar or Outlook in a new tab. */
export default function ConfigurarCalendario() {
  return (
    <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 900 }}>
      <div>
        <Typography.Title level={2} style={{ marginBottom: 4 }}>
          Configurar calendario
        </Typography.Title>
        <Typography.Text type="secondary">Elija el calendario en el que quiere ver sus citas.</Typography.Text>
      </div>
      <Row gutter={[16, 16]}>
        {CALENDARIOS.map((c) => (
          <Col key={c.key} xs={24} md={12}>
            <a href={c.url} target="_blank" rel="noopener noreferrer" aria-label={`${c.nombre} (se abre en una pestaña nueva)`}>
              <Card hoverable style={{ height: '100%' }}>
                <Card.Meta
                  avatar={<span style={{ fontSize: 32 }}>{c.icon}</span>}
                  title={
                    <Space>
                      {c.nombre}
                      <ExportOutlined aria-hidden />
                    </Space>
                  }
                  description={c.descripcion}
                />
              </Card>
            </a>
          </Col>
        ))}
      </Row>
    </Space>
  );
}
