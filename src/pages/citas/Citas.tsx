import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDelete, useGetIdentity } from '@refinedev/core';
import { Button, Tag } from 'antd';
import { usePantalla } from '../../crud/use-pantalla';
import { CalendarOutlined, CloseCircleFilled, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { ASUNTO_POR_DEFECTO, TEXTOS_CITAS, etiquetaTipo, fechaEs, type CitaRow } from '../../../domain/citas-rules';
import { horaCorta } from '../../../domain/slots';
import { useCitas, useNotarias, usePersonal } from '../../citas/datos';
import Tabla from '../../crud/Tabla';
import CargandoDialogo from '../../crud/CargandoDialogo';
import './citas.css';
import { Titulo } from '../../crud/Titulo';

// The booking wizard and the edit dialog load when first opened (or when the pointer or the
// keyboard reaches the button that opens the wizard): the page opens on reading the list.
const cargarPedirCita = () => import('./PedirCita');
const PedirCita = lazy(cargarPedirCita);
const cargarEditarCita = () => import('./EditarCita');
const EditarCita = lazy(cargarEditarCita);
// The cancel confirmation (Popconfirm, its popover and positioning code) loads on the first press
// of a cancel button, or when the pointer or the keyboard reaches one.
const cargarConfirmar = () => import('./ConfirmarCancelar');
const ConfirmarCancelar = lazy(cargarConfirmar);

/** The cancel button of a row; the first press mounts its confirmation, already open. */
function BotonCancelar({ cuando, pending, onConfirm }: { cuando: string; pending: boolean; onConfirm: () => void }) {
  const [armado, setArmado] = useState(false);
  const boton = (extra: { autoFocus?: boolean; onClick?: () => void }) => (
    <Button
      danger
      icon={<DeleteOutlined />}
      aria-label={`Cancelar cita de ${cuando}`}
      onMouseEnter={() => void cargarConfirmar()}
      onFocus={() => void cargarConfirmar()}
      {...extra}
    />
  );
  if (!armado) return boton({ onClick: () => setArmado(true) });
  // the button is mounted again inside the confirmation: it keeps the focus the press gave it
  return (
    <Suspense fallback={boton({ autoFocus: true })}>
      <ConfirmarCancelar pending={pending} onConfirm={onConfirm}>
        {boton({ autoFocus: true })}
      </ConfirmarCancelar>
    </Suspense>
  );
}

/** /citas: the user's appointments (or their office's, for staff), the booking wizard, edit and cancel. */
export default function Citas() {
  const [pidiendo, setPidiendo] = useState(false);
  // /citas?asunto=Poder%20General (from a service's page): the wizard opens with that subject chosen
  const [params, setParams] = useSearchParams();
  const [asunto, setAsunto] = useState<string>();
  useEffect(() => {
    const pedido = params.get('asunto')?.trim();
    if (!pedido) return;
    setAsunto(pedido.slice(0, 200));
    setPidiendo(true);
    setParams((p) => {
      p.delete('asunto');
      return p;
    }, { replace: true });
  }, [params, setParams]);
  const [editando, setEditando] = useState<CitaRow | null>(null);
  // mounted from their first opening on, so that closing keeps its animation
  const [pedirUsado, setPedirUsado] = useState(false);
  const [editarUsado, setEditarUsado] = useState(false);

  useEffect(() => {
    if (pidiendo) setPedirUsado(true);
  }, [pidiendo]);
  useEffect(() => {
    if (editando) setEditarUsado(true);
  }, [editando]);
  const { citas, isLoading, isError } = useCitas();
  const { notarias } = useNotarias();
  const { personal } = usePersonal();
  const { data: identity } = useGetIdentity<{ id?: string; role?: string }>();
  const { mutate: borrar, mutation: borrado } = useDelete();
  // on a phone one column tells the whole appointment, beside its actions: nothing scrolls sideways
  const pantalla = usePantalla();
  const movil = pantalla.md === false;

  const notaria = (id: number) => notarias.find((n) => Number(n.id) === Number(id))?.nombre ?? 'Notaría no encontrada';
  // an online appointment takes place in its notaría's video-conference room
  const video = (c: CitaRow) => {
    const url = c.type === 'online' ? notarias.find((n) => Number(n.id) === Number(c.notaria_id))?.sistema_videoconferencia : null;
    return url ? (
      <a href={url} target="_blank" rel="noopener noreferrer" className="cita-video">
        Enlace de videoconferencia
      </a>
    ) : null;
  };
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
    <div className="citas-pagina">
      <div className="citas-cabecera">
        <Titulo style={{ margin: 0 }}>
          {TEXTOS_CITAS.titulo}
        </Titulo>
        <Button
          type="primary"
          icon={<CalendarOutlined />}
          onClick={() => setPidiendo(true)}
          onMouseEnter={() => void cargarPedirCita()}
          onFocus={() => void cargarPedirCita()}
        >
          {TEXTOS_CITAS.pedir}
        </Button>
      </div>

      {/* antd's error Alert look and role, in plain markup (the page's only Alert) */}
      {isError && (
        <div role="alert" className="citas-error">
          <CloseCircleFilled className="citas-error-icono" /> {TEXTOS_CITAS.errorCargar}
        </div>
      )}

      <Tabla<CitaRow>
        rowKey="id"
        loading={isLoading}
        dataSource={citas}
        pagination={citas.length > 10 ? { pageSize: 10 } : false}
        // below 576 px one column holds it all; in between the columns may still scroll
        minWidth={pantalla.sm === false ? undefined : 720}
        emptyText={TEXTOS_CITAS.vacio}
        columns={[
          {
            title: 'Cita',
            key: 'cita',
            responsive: ['xs'],
            render: (_, c) => (
              <div className="cita-movil">
                <strong>{`${fechaEs(c.date)} · ${horaCorta(c.time)}`}</strong>
                <span>{c.subject || ASUNTO_POR_DEFECTO}</span>
                <span>{`${notaria(c.notaria_id)} · ${notario(c.staff_id)}`}</span>
                <Tag color={c.type === 'online' ? 'purple' : 'blue'}>{etiquetaTipo(c.type)}</Tag>
                {video(c)}
              </div>
            ),
          },
          { title: 'Notaría', key: 'notaria', responsive: ['sm'], render: (_, c) => notaria(c.notaria_id) },
          { title: 'Notario', key: 'notario', responsive: ['sm'], render: (_, c) => notario(c.staff_id) },
          { title: 'Asunto', dataIndex: 'subject', responsive: ['sm'], render: (s: string) => s || ASUNTO_POR_DEFECTO },
          { title: 'Fecha', dataIndex: 'date', responsive: ['sm'], render: (d: string) => fechaEs(d) },
          { title: 'Hora', dataIndex: 'time', responsive: ['sm'], render: (t: string) => horaCorta(t) },
          {
            title: 'Tipo',
            dataIndex: 'type',
            responsive: ['sm'],
            render: (t: string, c) => (
              <>
                <Tag color={t === 'online' ? 'purple' : 'blue'}>{etiquetaTipo(t)}</Tag>
                {video(c)}
              </>
            ),
          },
          {
            title: 'Acciones',
            key: 'acciones',
            render: (_, c) => {
              const cuando = `${notaria(c.notaria_id)} el ${fechaEs(c.date)} a las ${horaCorta(c.time)}`;
              return (
                <div className={movil ? 'citas-acciones citas-acciones-columna' : 'citas-acciones'}>
                  {puedeEditar(c) && (
                    <Button
                      icon={<EditOutlined />}
                      aria-label={`Editar cita de ${cuando}`}
                      onClick={() => setEditando(c)}
                      onMouseEnter={() => void cargarEditarCita()}
                      onFocus={() => void cargarEditarCita()}
                    />
                  )}
                  <BotonCancelar cuando={cuando} pending={borrado.isPending} onConfirm={() => cancelar(c)} />
                </div>
              );
            },
          },
        ]}
      />

      <Suspense fallback={<CargandoDialogo />}>
        {(pidiendo || pedirUsado) && (
          <PedirCita
            open={pidiendo}
            asunto={asunto}
            onClose={() => {
              setPidiendo(false);
              setAsunto(undefined);
            }}
          />
        )}
        {(editando || editarUsado) && <EditarCita cita={editando} onClose={() => setEditando(null)} />}
      </Suspense>
    </div>
  );
}
