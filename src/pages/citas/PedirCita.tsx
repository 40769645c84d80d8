import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useCreate } from '@refinedev/core';
import { Alert, Button, Descriptions, Empty, Modal, Select, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { nuevaCitaSchema } from '../../../domain/citas';
import { TEXTOS_CITAS, TIPO_CITA_POR_DEFECTO, esHoraOcupada, etiquetaTipo, fechaEs, type TipoCita } from '../../../domain/citas-rules';
import { useClientesBuscables } from '../../persona-forms/use-clientes';
import { session } from '../../../providers/session';
import { nombrePersona, useAsuntos, useNotarias, usePersonal, type Notaria, type Personal } from '../../citas/datos';
import { useSlots } from './use-slots';
import FechaHora from './FechaHora';
import './citas.css';

interface Elecciones {
  notaria?: Notaria;
  staff?: Personal;
  subject?: string;
  clientId?: string;
  type: TipoCita;
  date?: string;
  time?: string;
}

const INICIO: Elecciones = { type: TIPO_CITA_POR_DEFECTO };
const PASOS = [
  'Seleccione la notaría',
  // staff of every position are listed (notarios, oficiales): the title names what is chosen
  'Seleccione con quién desea la cita',
  'Seleccione el asunto',
  'Seleccione el cliente',
  'Seleccione fecha y hora',
  'Confirme su cita',
];

const PASO_NOTARIO = 1;
const PASO_ASUNTO = 2;

/**
 * The 'Pedir cita' wizard: notaría, notario, asunto, cliente, fecha y hora, confirmation.
 * Back clears the latest choice; closing resets it after 300 ms. Opened for a service
 * (`asunto`), the subject is already chosen and its step is passed over (Atrás still reaches it).
 */
export default function PedirCita({ open, onClose, asunto }: { open: boolean; onClose: () => void; asunto?: string }) {
  const [step, setStep] = useState(0);
  const [e, setE] = useState<Elecciones>(INICIO);
  const [aviso, setAviso] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const reservando = useRef(false);

  const { notarias, isLoading: cargandoNotarias, isError: errorNotarias } = useNotarias();
  const { personal, isLoading: cargandoPersonal } = usePersonal();
  const { asuntos, isLoading: cargandoAsuntos } = useAsuntos();
  // who it can be for: the signed-in person's clients, searched on the server; the chosen one stays named
  const { clientes, isLoading: cargandoClientes, isError: errorClientes, onSearch: buscarClientes } = useClientesBuscables(session.get().idPersona ?? '', e.clientId);
  const horas = useSlots(e.staff?.id, e.date);
  const { mutate: crear, mutation: creacion } = useCreate();
  const guardando = creacion.isPending;

  useEffect(() => {
    if (open && asunto) setE((prev) => ({ ...prev, subject: asunto }));
  }, [open, asunto]);

  // Each opening starts over, before it is painted: reopened right after a booking (while the
  // dialog still fades out) it must not show the previous booking's choices at its last step.
  useLayoutEffect(() => {
    if (!open) return;
    setStep(0);
    setE(INICIO);
    setAviso(undefined);
  }, [open]);

  // keyboard and screen-reader users land on the new step's title (on opening: once the modal
  // has taken the focus itself, see afterOpenChange)
  useEffect(() => {
    if (open) heading.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new step moves the focus; opening focuses it in afterOpenChange, once the modal has taken the focus
  }, [step]);

  const avanzar = (cambio: Partial<Elecciones>) => {
    setE((prev) => ({ ...prev, ...cambio }));
    setAviso(undefined);
    // the subject chosen with the service: from the notario straight on to the client
    setStep((s) => (s === PASO_NOTARIO && e.subject ? PASO_ASUNTO + 1 : s + 1));
  };

  const atras = () => {
    const borrar: Partial<Elecciones>[] = [
      {},
      { notaria: undefined },
      { staff: undefined },
      { subject: undefined },
      { clientId: undefined, date: undefined, time: undefined },
      { time: undefined },
    ];
    setE((prev) => ({ ...prev, ...borrar[step] }));
    setAviso(undefined);
    setStep((s) => Math.max(0, s - 1));
  };

  const confirmar = () => {
    const cita = nuevaCitaSchema.safeParse({
      notaria_id: e.notaria && Number(e.notaria.id),
      staff_id: e.staff && Number(e.staff.id),
      subject: e.subject,
      client_id: e.clientId,
      date: e.date,
      time: e.time,
      type: e.type,
    });
    if (!cita.success || guardando || reservando.current) return; // a choice is missing, or it is being booked: nothing happens
    // a second click can come before the button shows it is busy: the ref answers at once
    reservando.current = true;
    crear(
      {
        resource: 'citas',
        dataProviderName: 'supabase',
        values: cita.data,
        successNotification: { type: 'success', message: TEXTOS_CITAS.programada },
        errorNotification: (err) => ({
          type: 'error',
          message: esHoraOcupada(err) ? TEXTOS_CITAS.horaOcupada : err?.message || TEXTOS_CITAS.errorGuardar,
          description: esHoraOcupada(err) ? undefined : TEXTOS_CITAS.errorGuardar,
        }),
      },
      {
        onSettled: () => {
          reservando.current = false;
        },
        onSuccess: onClose,
        onError: (err) => {
          if (!esHoraOcupada(err)) return;
          // someone else took the slot: back to the times still free
          setE((prev) => ({ ...prev, time: undefined }));
          setAviso(TEXTOS_CITAS.horaOcupada);
          setStep(4);
          void horas.refetch();
        },
      },
    );
  };

  const notariaId = e.notaria && Number(e.notaria.id);
  const notarios = personal.filter((p) => Number(p.notaria_id) === notariaId && p.is_active !== false);
  const cliente = clientes.find((c) => c.id === e.clientId);

  const pasos: ReactNode[] = [
    <Opciones
      key="notaria"
      loading={cargandoNotarias}
      error={errorNotarias ? 'No se pudieron cargar las notarías.' : undefined}
      vacio="No hay notarías disponibles"
      items={notarias.map((n) => ({ key: n.id, title: n.nombre, detail: n.direccion, onSelect: () => avanzar({ notaria: n }) }))}
    />,
    <Opciones
      key="notario"
      loading={cargandoPersonal}
      vacio="No hay personal disponible en esta notaría"
      items={notarios.map((p) => ({ key: p.id, title: p.name, detail: p.position, onSelect: () => avanzar({ staff: p }) }))}
    />,
    <Opciones
      key="asunto"
      loading={cargandoAsuntos}
      vacio="No hay asuntos disponibles"
      items={(asunto && !asuntos.includes(asunto) ? [asunto, ...asuntos] : asuntos).map((a) => ({
        key: a,
        title: a,
        onSelect: () => avanzar({ subject: a }),
      }))}
    />,
    <Space key="cliente" direction="vertical" style={{ width: '100%' }}>
      {errorClientes && <Alert type="error" showIcon message="No se pudieron cargar los clientes" />}
      <Select
        aria-label="Cliente"
        placeholder="Seleccione un cliente"
        style={{ width: '100%' }}
        loading={cargandoClientes}
        showSearch
        // searched on the server, a page at a time: a client may hold many personas
        filterOption={false}
        onSearch={buscarClientes}
        value={e.clientId}
        onChange={(clientId: string) => setE((prev) => ({ ...prev, clientId }))}
        options={clientes.map((c) => ({ value: c.id, label: nombrePersona(c) }))}
      />
      <Button type="primary" disabled={!e.clientId} onClick={() => e.clientId && avanzar({})}>
        {TEXTOS_CITAS.continuar}
      </Button>
    </Space>,
    <FechaHora
      key="fecha"
      type={e.type}
      onType={(type) => setE((prev) => ({ ...prev, type }))}
      date={e.date}
      onDate={(date) => setE((prev) => ({ ...prev, date, time: undefined }))}
      time={e.time}
      onTime={(time) => avanzar({ time })}
      slots={horas.slots}
      loading={horas.isLoading}
      error={horas.isError}
    />,
    <Space key="resumen" direction="vertical" style={{ width: '100%' }}>
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: 'notaria', label: 'Notaría', children: e.notaria?.nombre },
          { key: 'notario', label: 'Notario', children: e.staff?.name },
          { key: 'asunto', label: 'Asunto', children: e.subject },
          { key: 'cliente', label: 'Cliente', children: nombrePersona(cliente) },
          { key: 'fecha', label: 'Fecha', children: e.date && fechaEs(e.date) },
          { key: 'hora', label: 'Hora', children: e.time },
          { key: 'tipo', label: 'Tipo', children: etiquetaTipo(e.type) },
        ]}
      />
      <Button type="primary" size="large" block loading={guardando} onClick={confirmar}>
        {TEXTOS_CITAS.confirmar}
      </Button>
    </Space>,
  ];

  return (
    <Modal
      open={open}
      onCancel={onClose}
      afterOpenChange={(visible) => visible && heading.current?.focus()}
      footer={null}
      title={TEXTOS_CITAS.pedir}
      width={680}
      maskClosable={false}
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          {step > 0 && (
            <Button icon={<ArrowLeftOutlined />} onClick={atras}>
              Atrás
            </Button>
          )}
          <Typography.Text type="secondary">
            Paso {step + 1} de {PASOS.length}
          </Typography.Text>
        </Space>
        <Typography.Title level={4} ref={heading} tabIndex={-1} style={{ margin: 0, outline: 'none' }}>
          {PASOS[step]}
        </Typography.Title>
        {e.subject && step < PASOS.length - 1 && step !== PASO_ASUNTO && (
          <Typography.Text>
            Asunto: <strong>{e.subject}</strong>
          </Typography.Text>
        )}
        {aviso && <Alert type="warning" showIcon message={aviso} />}
        {pasos[step]}
      </Space>
    </Modal>
  );
}

interface Opcion {
  key: string | number;
  title: string;
  detail?: string;
  onSelect: () => void;
}

/** One choice per button: reachable with Tab, chosen with Enter, large enough for a finger. */
function Opciones({ items, loading, error, vacio }: { items: Opcion[]; loading: boolean; error?: string; vacio: string }) {
  if (loading) return <Spin />;
  if (error) return <Alert type="error" showIcon message={error} />;
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={vacio} />;
  return (
    <ul className="cita-opciones">
      {items.map((item) => (
        <li key={item.key}>
          <button type="button" className="cita-opcion" onClick={item.onSelect}>
            <strong>{item.title}</strong>
            {item.detail && <span>{item.detail}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}
