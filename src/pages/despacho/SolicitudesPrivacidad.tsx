import { useState } from 'react';
import { Alert, Button, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { ETIQUETA_SOLICITUD, respuestaSolicitudSchema, type SolicitudBandeja } from '../../../domain/privacidad';
import { useToast } from '../../shell/notifications';
import { useBandejaPrivacidad, useResponder } from './use-bandeja-privacidad';

const dia = (iso: string) => new Date(iso).toLocaleDateString('es-ES', { timeZone: 'Europe/Madrid' });

/**
 * The data-protection requests inbox (/despacho/privacidad for staff: the persons of their
 * notarías; /admin/privacidad for admins: all): open ones first, the most overdue first. Accepting
 * an erasure blocks the person's data; the answer is e-mailed to the person.
 */
export default function SolicitudesPrivacidad() {
  const toast = useToast();
  const { solicitudes, isLoading, isError, recargar } = useBandejaPrivacidad();
  const { responder, respondiendo } = useResponder();
  const [abierta, setAbierta] = useState<{ s: SolicitudBandeja; estado: 'ACEPTADA' | 'RECHAZADA' } | null>(null);
  const [respuesta, setRespuesta] = useState('');
  const [error, setError] = useState<string | null>(null);

  const enviar = async () => {
    if (!abierta) return;
    const r = respuestaSolicitudSchema.safeParse({ estado: abierta.estado, respuesta });
    if (!r.success) return setError(r.error.issues[0]?.message ?? 'Revise la respuesta');
    try {
      await responder(abierta.s.id, r.data);
      toast({ type: 'success', message: 'Respuesta enviada', description: 'Se ha enviado la respuesta por email a la persona.' });
      setAbierta(null);
      await recargar();
    } catch (e) {
      setError((e as Error).message || 'No se pudo enviar la respuesta');
    }
  };

  return (
    <div>
      <Typography.Title level={2}>Solicitudes de protección de datos</Typography.Title>
      {isError && <Alert type="error" showIcon message="No se pudieron cargar las solicitudes" />}
      <Table<SolicitudBandeja>
        rowKey="id"
        loading={isLoading}
        dataSource={solicitudes}
        pagination={{ pageSize: 20 }}
        locale={{ emptyText: 'No hay solicitudes' }}
        columns={[
          { title: 'Persona', dataIndex: 'personaNombre', render: (n: string | null) => n ?? 'Sin nombre' },
          { title: 'Solicitud', dataIndex: 'tipo', render: (t: SolicitudBandeja['tipo']) => ETIQUETA_SOLICITUD[t] },
          { title: 'Motivo', dataIndex: 'motivo' },
          { title: 'Recibida', dataIndex: 'creadaEn', render: dia },
          {
            title: 'Plazo',
            key: 'plazo',
            render: (_, s) => (
              <Space size={4}>
                {dia(s.plazo)}
                {s.vencida && <Tag color="red">Vencida</Tag>}
              </Space>
            ),
          },
          {
            title: 'Estado',
            key: 'estado',
            render: (_, s) =>
              s.estado === 'PENDIENTE' ? (
                <Space wrap>
                  <Button size="small" type="primary" onClick={() => (setAbierta({ s, estado: 'ACEPTADA' }), setRespuesta(''), setError(null))}>
                    Aceptar
                  </Button>
                  <Button size="small" danger onClick={() => (setAbierta({ s, estado: 'RECHAZADA' }), setRespuesta(''), setError(null))}>
                    Rechazar
                  </Button>
                </Space>
              ) : (
                <Tag color={s.estado === 'ACEPTADA' ? 'green' : 'red'}>{s.estado === 'ACEPTADA' ? 'Aceptada' : 'Rechazada'}</Tag>
              ),
          },
        ]}
      />
      <Modal
        open={!!abierta}
        title={abierta ? `${abierta.estado === 'ACEPTADA' ? 'Aceptar' : 'Rechazar'} la solicitud de ${ETIQUETA_SOLICITUD[abierta.s.tipo].toLowerCase()}` : ''}
        okText="Enviar respuesta"
        cancelText="Cancelar"
        confirmLoading={respondiendo}
        onOk={enviar}
        onCancel={() => setAbierta(null)}
      >
        {abierta?.estado === 'ACEPTADA' && abierta.s.tipo === 'SUPRESION' && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            message="Los datos de la persona quedarán bloqueados: desaparecerán de las pantallas de la notaría y se destruirán al terminar los plazos legales. El protocolo se conserva bloqueado."
          />
        )}
        <label htmlFor="respuesta-privacidad">Respuesta para la persona</label>
        <Input.TextArea id="respuesta-privacidad" rows={4} value={respuesta} onChange={(e) => setRespuesta(e.target.value)} maxLength={4000} />
        {error && <Alert type="error" showIcon message={error} style={{ marginTop: 12 }} />}
      </Modal>
    </div>
  );
}
