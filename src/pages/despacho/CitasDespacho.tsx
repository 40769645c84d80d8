import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { useCustomMutation, useInvalidate, useList } from '@refinedev/core';
import { Alert, Button, Card, DatePicker, Form, Input, Modal, Popconfirm, Segmented, Select, Space, Spin, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { CitaDespacho } from '../../../domain/despacho';
import { etiquetaTipo, fechaEs } from '../../../domain/citas-rules';
import { despachoCitas } from '../../../resources/despacho';
import { serviciosUrl } from '../../../resources/servicios-url';
import { usePersonal } from '../../citas/datos';
import SoloPersonal from './SoloPersonal';
import './despacho.css';
import { pathOf } from '../../paths';

type Vista = 'dia' | 'semana';
const DIAS = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'];

/** /despacho/citas: the appointments of my notarías by day (or week), by staff member; move or cancel one. */
export default function CitasDespacho() {
  return (
    <SoloPersonal>
      <Agenda />
    </SoloPersonal>
  );
}

function Agenda() {
  const [vista, setVista] = useState<Vista>('semana');
  const [dia, setDia] = useState<Dayjs>(dayjs());
  // a week runs Monday to Sunday
  const desde = vista === 'dia' ? dia : dia.subtract((dia.day() + 6) % 7, 'day');
  const hasta = vista === 'dia' ? dia : desde.add(6, 'day');
  const f = (d: Dayjs) => d.format('YYYY-MM-DD');
  const { result, query } = useList<CitaDespacho>({
    resource: despachoCitas.name,
    filters: [
      { field: 'desde', operator: 'eq', value: f(desde) },
      { field: 'hasta', operator: 'eq', value: f(hasta) },
    ],
    pagination: { mode: 'off' },
    errorNotification: { type: 'error', message: 'Error', description: 'No se pudieron cargar las citas de la notaría' },
  });
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation();
  const [moviendo, setMoviendo] = useState<CitaDespacho | null>(null);
  const [form] = Form.useForm<{ date: Dayjs; time: string; staffId: number }>();
  const { personal } = usePersonal();

  // by day, then by staff member, then by hour
  // the days as text: desde and hasta are new objects at every render
  const primerDia = f(desde);
  const ultimoDia = f(hasta);
  const porDia = useMemo(() => {
    const m = new Map<string, CitaDespacho[]>();
    for (let d = dayjs(primerDia); !d.isAfter(ultimoDia, 'day'); d = d.add(1, 'day')) m.set(d.format('YYYY-MM-DD'), []);
    for (const c of result.data ?? []) m.get(c.date)?.push(c);
    for (const l of m.values()) l.sort((a, b) => a.staffNombre.localeCompare(b.staffNombre) || a.time.localeCompare(b.time));
    return [...m.entries()];
  }, [result.data, primerDia, ultimoDia]);

  const recargar = () => invalidate({ resource: despachoCitas.name, invalidates: ['list'] });
  const paso = vista === 'dia' ? 1 : 7;

  async function mover(c: CitaDespacho, v: { date: Dayjs; time: string; staffId: number }) {
    await mutateAsync({
      url: serviciosUrl(despachoCitas.name, 'mover', { id: c.id }),
      method: 'put',
      values: { date: v.date.format('YYYY-MM-DD'), time: v.time, staffId: v.staffId },
      successNotification: { type: 'success', message: 'Cita movida; el cliente recibe un email con la nueva fecha' },
      errorNotification: (e) => ({ type: 'error', message: 'No se pudo mover la cita', description: e?.message }),
    });
    setMoviendo(null);
    await recargar();
  }
  async function cancelar(c: CitaDespacho) {
    await mutateAsync({
      url: serviciosUrl(despachoCitas.name, 'cancelar', { id: c.id }),
      method: 'delete',
      values: {},
      successNotification: { type: 'success', message: 'Cita cancelada; el cliente recibe un email' },
      errorNotification: (e) => ({ type: 'error', message: 'No se pudo cancelar la cita', description: e?.message }),
    });
    await recargar();
  }

  const staffDeCita = (c: CitaDespacho) => personal.filter((p) => Number(p.notaria_id) === Number(c.notariaId) && p.is_active);

  return (
    <div className="desp-pagina">
      <Link to={pathOf('despacho-expedientes')}>
        <ArrowLeftOutlined /> Volver al despacho
      </Link>
      <Typography.Title level={2}>Citas de la notaría</Typography.Title>
      <div className="desp-barra-fechas">
        <Segmented<Vista> value={vista} onChange={setVista} options={[{ value: 'dia', label: 'Día' }, { value: 'semana', label: 'Semana' }]} aria-label="Vista" />
        <Button icon={<LeftOutlined />} aria-label={vista === 'dia' ? 'Día anterior' : 'Semana anterior'} onClick={() => setDia(dia.subtract(paso, 'day'))} />
        <DatePicker value={dia} onChange={(d) => d && setDia(d)} format="DD/MM/YYYY" allowClear={false} aria-label="Fecha" />
        <Button icon={<RightOutlined />} aria-label={vista === 'dia' ? 'Día siguiente' : 'Semana siguiente'} onClick={() => setDia(dia.add(paso, 'day'))} />
        <Button onClick={() => setDia(dayjs())}>Hoy</Button>
      </div>
      {query.isError && <Alert type="error" showIcon message="No se pudieron cargar las citas de la notaría" />}
      {query.isLoading ? (
        <Spin style={{ display: 'block', margin: 48 }} />
      ) : (
        porDia.map(([fecha, citas]) => (
          <Card key={fecha} size="small" className="desp-dia" title={`${DIAS[dayjs(fecha).day()]} ${fechaEs(fecha)}`}>
            {citas.length === 0 ? (
              <Typography.Text type="secondary">Sin citas</Typography.Text>
            ) : (
              citas.map((c) => (
                <div key={c.id} className="desp-cita" aria-label={`Cita de ${c.clienteNombre} a las ${c.time}`}>
                  <span className="desp-cita-hora">{c.time}</span>
                  <span>{c.staffNombre}</span>
                  <strong>{c.clienteNombre}</strong>
                  <span>{c.subject}</span>
                  <Tag color={c.type === 'online' ? 'purple' : 'blue'}>{etiquetaTipo(c.type)}</Tag>
                  {c.videoconferencia && (
                    <a href={c.videoconferencia} target="_blank" rel="noopener noreferrer">
                      Enlace de videoconferencia
                    </a>
                  )}
                  <Space>
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={`Mover cita de ${c.clienteNombre}`}
                      onClick={() => {
                        form.setFieldsValue({ date: dayjs(c.date), time: c.time, staffId: c.staffId });
                        setMoviendo(c);
                      }}
                    >
                      Mover
                    </Button>
                    <Popconfirm title="¿Cancelar esta cita? El cliente recibirá un email." okText="Sí, cancelar" cancelText="No" okButtonProps={{ danger: true }} onConfirm={() => void cancelar(c).catch(() => undefined)}>
                      <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Cancelar cita de ${c.clienteNombre}`}>
                        Cancelar
                      </Button>
                    </Popconfirm>
                  </Space>
                </div>
              ))
            )}
          </Card>
        ))
      )}
      <Modal
        open={moviendo !== null}
        title={moviendo ? `Mover la cita de ${moviendo.clienteNombre}` : ''}
        okText="Mover cita"
        cancelText="Cancelar"
        confirmLoading={mutation.isPending}
        onCancel={() => setMoviendo(null)}
        onOk={() => void form.validateFields().then((v) => mover(moviendo!, v)).catch(() => undefined)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="date" label="Fecha" rules={[{ required: true, message: 'Debe seleccionar una fecha' }]}>
            <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="time" label="Hora" rules={[{ required: true, pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: 'Debe indicar una hora (HH:MM)' }]}>
            <Input placeholder="10:00" inputMode="numeric" />
          </Form.Item>
          <Form.Item name="staffId" label="Personal" rules={[{ required: true, message: 'Debe seleccionar un miembro del personal' }]}>
            <Select options={(moviendo ? staffDeCita(moviendo) : []).map((p) => ({ value: Number(p.id), label: p.name }))} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
