import { Empty } from 'antd';

/** The copies the client requested of this case (deliver or refuse): filled by the copies feature. */
export default function CopiasDespacho({ expedienteId: _expedienteId }: { expedienteId: string }) {
  return <Empty description="Las copias solicitadas aparecerán aquí" />;
}
