import { Empty } from 'antd';

/** The conversation with the client about this case: filled by the chat feature. */
export default function ConversacionDespacho({ expedienteId: _expedienteId }: { expedienteId: string }) {
  return <Empty description="La conversación con el cliente aparecerá aquí" />;
}
