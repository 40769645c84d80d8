import { Empty } from 'antd';

/** The case's documents as the office sees them (upload, list, download): filled by the documents feature. */
export default function DocumentosDespacho({ expedienteId: _expedienteId }: { expedienteId: string }) {
  return <Empty description="Los documentos del expediente aparecerán aquí" />;
}
