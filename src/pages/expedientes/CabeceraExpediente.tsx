import { Descriptions, Tag, Typography } from 'antd';
import type { ExpedienteDto } from '../../../domain/expediente';
import { estadoVisible } from './datos';
import { formatoFecha } from '../../expediente/formato';

/** The case header: title, state and four facts: creation date, due date, requester and notary. */
export default function CabeceraExpediente({ expediente }: { expediente: ExpedienteDto }) {
  const estado = estadoVisible(expediente.estado);
  return (
    <header className="exp-cabecera">
      <div className="exp-titulo">
        <Typography.Title level={2}>{expediente.titulo}</Typography.Title>
        <Tag color={estado.color} className="exp-estado">
          {estado.etiqueta}
        </Tag>
      </div>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} bordered>
        <Descriptions.Item label="Fecha de alta">{formatoFecha(expediente.fechaAlta)}</Descriptions.Item>
        <Descriptions.Item label="Fecha de vencimiento">{formatoFecha(expediente.dueDate)}</Descriptions.Item>
        <Descriptions.Item label="Solicitante">{expediente.clienteNombre || 'Cliente no encontrado'}</Descriptions.Item>
        <Descriptions.Item label="Notaría">{expediente.notariaNombre || 'Notaría no encontrada'}</Descriptions.Item>
      </Descriptions>
    </header>
  );
}
