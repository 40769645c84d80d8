import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useNavigation } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Result, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ExpedienteDto } from '../../../domain/expediente';
import { ETIQUETA_GRUPO_ESTADO, grupoEstado } from '../../../domain/expediente-rules';
import { EXPEDIENTE_SESSION_KEY } from '../../../providers/session';
import FormularioCopia from './FormularioCopia';
import { pathOf } from '../../paths';

const fecha = (value: unknown) => {
  const d = dayjs(value as string | number);
  return d.isValid() ? d.format('DD/MM/YYYY') : 'No informada';
};

/** The case the dashboard's 'Solicitar copia' left in session storage, or null. */
function expedienteGuardado(): ExpedienteDto | null {
  try {
    const e = JSON.parse(sessionStorage.getItem(EXPEDIENTE_SESSION_KEY) ?? 'null') as ExpedienteDto | null;
    return e && typeof e === 'object' && e.id ? e : null;
  } catch {
    return null;
  }
}

/** /expediente/detalleexp: the finished case whose copy is requested. */
export default function DetalleExp() {
  const navigate = useNavigate();
  const { show } = useNavigation();
  const expediente = useMemo(() => expedienteGuardado(), []);

  if (!expediente) {
    return (
      <Result
        status="warning"
        title="Expediente no encontrado"
        subTitle="Elija una escritura finalizada en el inicio para solicitar su copia."
        extra={
          <Button type="primary" onClick={() => navigate(pathOf('dashboard'))}>
            Volver al inicio
          </Button>
        }
      />
    );
  }

  const grupo = grupoEstado(expediente.estado);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 800 }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Solicitar copia
      </Typography.Title>
      <Card title={expediente.titulo}>
        <Descriptions
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'notaria', label: 'Notaría', children: expediente.notariaNombre || 'Notaría no encontrada' },
            { key: 'cliente', label: 'Cliente', children: expediente.clienteNombre || 'Cliente no encontrado' },
            { key: 'alta', label: 'Fecha Alta', children: fecha(expediente.fechaAlta) },
            { key: 'due', label: 'Fecha de vencimiento', children: expediente.dueDate ? fecha(expediente.dueDate) : 'No informada' },
            { key: 'estado', label: 'Estado', children: <Tag color={grupo === 'finalizado' ? 'green' : 'gold'}>{ETIQUETA_GRUPO_ESTADO[grupo]}</Tag> },
          ]}
        />
      </Card>
      {grupo === 'finalizado' ? (
        <FormularioCopia expedienteId={expediente.id} />
      ) : (
        <Alert type="info" showIcon message="Podrá solicitar copias cuando el expediente esté finalizado." />
      )}
      <Space wrap>
        <Button onClick={() => navigate(pathOf('dashboard'))}>Volver al inicio</Button>
        <Button type="primary" onClick={() => show('expedientes', expediente.id)}>
          Ver expediente
        </Button>
      </Space>
    </Space>
  );
}
