import ChatTab from '../../../expediente/ChatTab';

/** The conversation with the client about this case. */
export default function ConversacionDespacho({ expedienteId }: { expedienteId: string }) {
  return <ChatTab expediente={{ id: expedienteId }} lado="NOTARIA" />;
}
