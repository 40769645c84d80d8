import { useState } from 'react';
import { useDelete, useGetIdentity } from '@refinedev/core';
import { Alert, Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { CalendarOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { ASUNTO_POR_DEFECTO, TEXTOS_CITAS, etiquetaTipo, fechaEs, type CitaRow } from '../../../domain/citas';
import { horaCorta } from '../../../domain/slots';
import { useCitas, useNotarias, usePersonal } from './datos';
import PedirCita from './PedirCita';
import EditarCita from './EditarCita';

/** /citas: the user's appointments (or their office's, for staff), the booking wizard, edit and cancel. */
export default function Citas() {
  const [pidiendo, setPidiendo] = useState(false);
  const [editando, setEditando] = useState<CitaRow | null>(null);
  const { citas, isLoading, isError } = useCitas();
  const { notarias } = useNotarias();
  const { personal } = usePersonal();
  const { data: identity } = useGetIdentity<{ id?: string; role?: string }>();
  const { mutate: borrar, mutation: borrado } = useDelete();

  const notaria = (id: number) => notarias.find((n) => Number(n.id) === Number(id))?.nombre ?? 'Notaría no encontrada';
  const notario = (id: number) => personal.find((p) => Number(p.id) === Number(id))?.name ?? '—';
  // row-level security lets only who booked it, or an admin, change an appointment
  const puedeEditar = (c: CitaRow) => identity?.role === 'admin' || (!!identity?.id && c.user_id === identity.id);

  const cancelar = (c: CitaRow) =>
    borrar({
      resource: 'citas',
      dataProviderName: 'supabase',
      id: c.id,
      successNotification: { type: 'success', message: TEXTOS_CITAS.cancelada },
      errorNotification: (err) => ({ type: 'error', message: err?.message || TEXTOS_CITAS.errorCancelar }),
    });

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {TEXTOS_CITAS.titulo}
        </Typography.Title>
        <Button type="primary" icon={<CalendarOutlined />} onClick={() => setPidiendo(true)}>
          {TEXTOS_CITAS.pedir}
        </Button>
      </Space>

      {isError && <Alert type="error" showIcon message={TEXTOS_CITAS.errorCargar} />}

      <Table<CitaRow>
        rowKey="id"
        loading={isLoading}
        dataSource={citas}
        pagination={citas.length > 10 ? { pageSize: 10 } : false}
        scroll={{ x: 720 }}
        locale={{ emptyText: TEXTOS_CITAS.vacio }}
        columns={[
          { title: 'Notaría', key: 'notaria', render: (_, c) => notaria(c.notaria_id) },
          { title: 'Notario', key: 'notario', render: (_, c) => notario(c.staff_id) },
          { title: 'Asunto', dataIndex: 'subject', render: (s: string) => s || ASUNTO_POR_DEFECTO },
          { title: 'Fecha', dataIndex: 'date', render: (d: string) => fechaEs(d) },
          { title: 'Hora', dataIndex: 'time', render: (t: string) => horaCorta(t) },
          {
            title: 'Tipo',
            dataIndex: 'type',
            render: (t: string) => <Tag color={t === 'online' ? 'purple' : 'blue'}>{etiquetaTipo(t)}</Tag>,
          },
          {
            title: 'Acciones',
            key: 'acciones',
            render: (_, c) => {
              const cuando = `${notaria(c.notaria_id)} el ${fechaEs(c.date)} a las ${horaCorta(c.time)}`;
              return (
                <Space>
                  {puedeEditar(c) && (
                    <Button icon={<EditOutlined />} aria-label={`Editar cita de ${cuando}`} onClick={() => setEditando(c)} />
                  )}
                  <Popconfirm
                    title={TEXTOS_CITAS.confirmarCancelar}
                    okText="Sí, cancelar"
                    cancelText="No"
                    okButtonProps={{ danger: true, loading: borrado.isPending }}
                    onConfirm={() => cancelar(c)}
                  >
                    <Button danger icon={<DeleteOutlined />} aria-label={`Cancelar cita de ${cuando}`} />
                  </Popconfirm>
                </Space>
              );
            },
          },
        ]}
      />

      <PedirCita open={pidiendo} onClose={() => setPidiendo(false)} />
      <EditarCita cita={editando} onClose={() => setEditando(null)} />
    </Space>
  );
}
