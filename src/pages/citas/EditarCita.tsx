import { useEffect, useState } from 'react';
import { useUpdate } from '@refinedev/core';
import { Alert, Button, Form, Modal, Select, Space } from 'antd';
import { nuevaCitaSchema } from '../../../domain/citas';
import { TEXTOS_CITAS, esHoraOcupada, type CitaRow, type TipoCita } from '../../../domain/citas-rules';
import { horaCorta } from '../../../domain/slots';
import { useAsuntos } from '../../citas/datos';
import { useSlots } from './use-slots';
import FechaHora from './FechaHora';

interface Cambios {
  subject: string;
  type: TipoCita;
  date?: string;
  time?: string;
}

/** Changes the subject, type, date or time of an appointment (same notaría and notario). */
export default function EditarCita({ cita, onClose }: { cita: CitaRow | null; onClose: () => void }) {
  const [c, setC] = useState<Cambios>({ subject: '', type: 'presencial' });
  const [aviso, setAviso] = useState<string>();
  const { asuntos } = useAsuntos();
  // its own slot stays offered on its own date
  const horas = useSlots(cita ? Number(cita.staff_id) : undefined, c.date, c.date === cita?.date ? cita?.time : undefined);
  const { mutate: actualizar, mutation: actualizacion } = useUpdate();
  const guardando = actualizacion.isPending;

  useEffect(() => {
    if (!cita) return;
    setC({ subject: cita.subject, type: cita.type, date: cita.date, time: horaCorta(cita.time) });
    setAviso(undefined);
  }, [cita]);

  const guardar = () => {
    if (!cita || guardando) return;
    const cambios = nuevaCitaSchema.pick({ subject: true, type: true, date: true, time: true }).safeParse(c);
    if (!cambios.success) return; // no time chosen yet: nothing happens
    actualizar(
      {
        resource: 'citas',
        dataProviderName: 'supabase',
        id: cita.id,
        values: cambios.data,
        successNotification: { type: 'success', message: TEXTOS_CITAS.actualizada },
        errorNotification: (err) => ({
          type: 'error',
          message: esHoraOcupada(err) ? TEXTOS_CITAS.horaOcupada : err?.message || TEXTOS_CITAS.errorGuardar,
        }),
      },
      {
        onSuccess: onClose,
        onError: (err) => {
          if (!esHoraOcupada(err)) return;
          setC((prev) => ({ ...prev, time: undefined }));
          setAviso(TEXTOS_CITAS.horaOcupada);
          void horas.refetch();
        },
      },
    );
  };

  return (
    <Modal open={!!cita} onCancel={onClose} footer={null} title="Editar cita" width={680} destroyOnHidden>
      <Form layout="vertical" onFinish={guardar}>
        <Form.Item label="Asunto">
          <Select
            aria-label="Asunto"
            value={c.subject}
            onChange={(subject: string) => setC((prev) => ({ ...prev, subject }))}
            options={[...new Set([...asuntos, c.subject].filter(Boolean))].map((a) => ({ value: a, label: a }))}
          />
        </Form.Item>
        {aviso && <Alert type="warning" showIcon message={aviso} style={{ marginBottom: 16 }} />}
        <FechaHora
          type={c.type}
          onType={(type) => setC((prev) => ({ ...prev, type }))}
          date={c.date}
          onDate={(date) => setC((prev) => ({ ...prev, date, time: undefined }))}
          time={c.time}
          onTime={(time) => setC((prev) => ({ ...prev, time }))}
          slots={horas.slots}
          loading={horas.isLoading}
          error={horas.isError}
        />
        <Space style={{ marginTop: 24, justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="primary" htmlType="submit" loading={guardando} disabled={!c.time}>
            Guardar
          </Button>
        </Space>
      </Form>
    </Modal>
  );
}
