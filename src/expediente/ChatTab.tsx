import { useEffect, useRef, useState } from 'react';
import { useNotification } from '@refinedev/core';
import { Button, Empty, Input, Space, Spin, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { MAX_MENSAJE, nuevoMensajeSchema, type MensajeDto } from '../../domain/mensajes';
import { useUnaVez } from '../crud/use-una-vez';
import { useEnviarMensaje, useMensajes } from './use-archivos-caso';
import './chat.css';

/**
 * The case's 'Chat' tab: the conversation between the client side and the office. New messages
 * of the other side appear without reloading: the server's event stream says when (Refine's live
 * mode, providers/live-provider.ts), and the list is asked for again.
 */
export default function ChatTab({ expediente, lado = 'CLIENTE' }: { expediente: { id: string }; lado?: 'CLIENTE' | 'NOTARIA' }) {
  const { mensajes, isLoading, isError } = useMensajes(expediente.id);
  const { enviar, enviando } = useEnviarMensaje(expediente.id);
  const { open } = useNotification();
  const [texto, setTexto] = useState('');
  const [error, setError] = useState<string | null>(null);
  const final = useRef<HTMLDivElement>(null);

  useEffect(() => {
    final.current?.scrollIntoView?.({ block: 'nearest' });
  }, [mensajes.length]);

  // 'Enviar' pressed twice (or Enter held) sends once
  const { ejecutar: mandar } = useUnaVez(async () => {
    const parsed = nuevoMensajeSchema.safeParse({ texto });
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setError(null);
    try {
      await enviar(parsed.data.texto);
      setTexto('');
    } catch (e) {
      open?.({ type: 'error', message: 'No se pudo enviar el mensaje', description: (e as Error).message });
    }
  });

  return (
    <div className="chat">
      <div className="chat-mensajes" role="log" aria-live="polite" aria-label="Conversación del expediente">
        {isLoading ? (
          <Spin />
        ) : isError ? (
          <Typography.Text type="danger">No se pudieron cargar los mensajes</Typography.Text>
        ) : mensajes.length === 0 ? (
          <Empty description={`Todavía no hay mensajes. Escriba ${lado === 'NOTARIA' ? 'al cliente' : 'a la notaría'} sobre este expediente.`} />
        ) : (
          mensajes.map((m: MensajeDto) => (
            <div key={m.id} className={`chat-mensaje ${m.mio ? 'chat-mio' : 'chat-otro'}`}>
              <div className="chat-autor">
                {m.autorNombre} · {dayjs(m.creadoEn).format('DD/MM/YYYY HH:mm')}
              </div>
              <div className="chat-texto">{m.texto}</div>
            </div>
          ))
        )}
        <div ref={final} />
      </div>
      <Space.Compact style={{ width: '100%' }}>
        <Input.TextArea
          aria-label="Mensaje"
          placeholder="Escriba su mensaje"
          value={texto}
          maxLength={MAX_MENSAJE}
          // the limit shown as the copy request's reason shows it: a longer text is seen to stop there
          showCount
          autoSize={{ minRows: 1, maxRows: 5 }}
          status={error ? 'error' : undefined}
          onChange={(e) => setTexto(e.target.value)}
          onPressEnter={(e) => {
            if (!e.shiftKey) {
              e.preventDefault();
              void mandar();
            }
          }}
        />
        <Button type="primary" icon={<SendOutlined />} loading={enviando} onClick={() => void mandar()}>
          Enviar
        </Button>
      </Space.Compact>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </div>
  );
}
