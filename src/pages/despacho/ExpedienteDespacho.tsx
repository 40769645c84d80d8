import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCustomMutation, useInvalidate, useOne } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Form, Grid, Input, Modal, Result, Space, Spin, Table, Tabs, Tag, Timeline, Typography } from 'antd';
import { ArrowLeftOutlined, EyeOutlined, RollbackOutlined } from '@ant-design/icons';
import type { ActoDto } from '../../../domain/expediente';
import { ETIQUETA_ESTADO_ACTO, type EstadoActo } from '../../../domain/expediente-rules';
import type { ExpedienteDespachoDto } from '../../../domain/despacho';
import { ETIQUETA_ESTADO, MENSAJES_DESPACHO, siguientesEstados, transicion, type EstadoExpediente } from '../../../domain/despacho-rules';
import { despachoExpedientes } from '../../../resources/despacho';
import { serviciosUrl } from '../../../resources/servicios-url';
import { formatoFecha, formatoFechaHora } from '../../expediente/formato';
import { COLOR_ESTADO, etiquetaEstado } from './datos';
import SoloPersonal from './SoloPersonal';
import IdentidadCliente from './IdentidadCliente';
import ActoSoloLectura from './ActoSoloLectura';
import DocumentosDespacho from './huecos/DocumentosDespacho';
import CopiasDespacho from './huecos/CopiasDespacho';
import ConversacionDespacho from './huecos/ConversacionDespacho';
import BorradoresCaso from '../../expediente/BorradoresCaso';
import CopiasElectronicasDespacho from './huecos/CopiasElectronicasDespacho';
import './despacho.css';
import { pathOf } from '../../paths';

/** The words of each move's button. */
const BOTON: Record<EstadoExpediente, string> = {
  PENDIENTE: 'Volver a Pendiente',
  EN_TRAMITE: 'Pasar a En trámite',
  FINALIZADO: 'Finalizar',
  COMPLETADO: 'Completar',
};

/** /despacho/expedientes/:id: a case as the office works it. */
export default function ExpedienteDespacho() {
  return (
    <SoloPersonal>
      <Vista />
    </SoloPersonal>
  );
}

function Vista() {
  const { id = '' } = useParams();
  const movil = Grid.useBreakpoint().md === false;
  const invalidate = useInvalidate();
  const { result: exp, query } = useOne<ExpedienteDespachoDto>({
    resource: despachoExpedientes.name,
    id,
    errorNotification: false,
  });
  const { mutateAsync, mutation } = useCustomMutation();
  const [atras, setAtras] = useState<EstadoExpediente | null>(null);
  const [devolver, setDevolver] = useState<ActoDto | null>(null);
  const [viendo, setViendo] = useState<ActoDto | null>(null);
  const [formMotivo] = Form.useForm<{ motivo: string }>();
  const [modal, modalHolder] = Modal.useModal();
  const [formDevolver] = Form.useForm<{ comentario: string }>();

  const recargar = () => invalidate({ resource: despachoExpedientes.name, invalidates: ['list', 'detail'], id });

  async function mover(estado: EstadoExpediente, motivo?: string) {
    await mutateAsync({
      url: serviciosUrl(despachoExpedientes.name, 'estado', { id }),
      method: 'put',
      values: { estado, motivo },
      successNotification: { type: 'success', message: `Expediente: ${ETIQUETA_ESTADO[estado]}` },
      errorNotification: (e) => ({ type: 'error', message: 'No se pudo cambiar el estado', description: e?.message }),
    });
    setAtras(null);
    formMotivo.resetFields();
    await recargar();
  }

  /** Closing the case (Finalizar, Completar) is asked first, naming the acts still open. */
  function confirmarCierre(estado: EstadoExpediente, actos: ActoDto[]) {
    const abiertos = actos.filter((a) => a.status === 'ENVIADO' || a.status === 'BORRADOR');
    void modal.confirm({
      title: `¿${BOTON[estado]} el expediente?`,
      content: abiertos.length ? (
        <div>
          <p>Quedan actos sin cerrar; el cliente ya no podrá cambiarlos:</p>
          <ul aria-label="Actos sin cerrar">
            {abiertos.map((a) => (
              <li key={a.id}>
                {`«${a.titulo}»: ${a.status === 'ENVIADO' ? 'enviado por el cliente, pendiente de revisar' : 'en borrador'}`}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        'El cliente ya no podrá cambiar sus actos hasta que la notaría reabra el expediente.'
      ),
      okText: BOTON[estado],
      cancelText: 'Cancelar',
      onOk: () => mover(estado).catch(() => undefined),
    });
  }

  async function devolverActo(acto: ActoDto, comentario: string) {
    await mutateAsync({
      url: serviciosUrl(despachoExpedientes.name, 'devolver', { id: acto.id }),
      method: 'put',
      values: { comentario },
      successNotification: { type: 'success', message: 'Acto devuelto al cliente' },
      errorNotification: (e) => ({ type: 'error', message: 'No se pudo devolver el acto', description: e?.message }),
    });
    setDevolver(null);
    formDevolver.resetFields();
    await recargar();
  }

  if (query.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (query.isError || !exp) {
    return <Result status="404" title="Expediente no encontrado" extra={<Link to={pathOf('despacho-expedientes')}>Volver al despacho</Link>} />;
  }

  const pasos = siguientesEstados(exp.estado);
  const c = exp.cliente;

  return (
    <div className="desp-pagina">
      {modalHolder}
      <Link to={pathOf('despacho-expedientes')}>
        <ArrowLeftOutlined /> Volver al despacho
      </Link>
      <div className="desp-titulo">
        <Typography.Title level={2}>{exp.titulo}</Typography.Title>
        <Space wrap>
          <Tag color={COLOR_ESTADO[exp.estado as EstadoExpediente]} className="exp-estado">
            {etiquetaEstado(exp.estado)}
          </Tag>
          {exp.vencido && <Tag color="red">Vencido</Tag>}
        </Space>
      </div>
      <div className="desp-acciones" aria-label="Cambiar estado">
        {pasos.map((a) =>
          transicion(exp.estado, a) === 'adelante' ? (
            <Button
              key={a}
              type="primary"
              loading={mutation.isPending}
              onClick={() => (a === 'FINALIZADO' || a === 'COMPLETADO' ? confirmarCierre(a, exp.actos) : void mover(a).catch(() => undefined))}
            >
              {BOTON[a]}
            </Button>
          ) : (
            <Button key={a} icon={<RollbackOutlined />} onClick={() => setAtras(a)}>
              {a === 'EN_TRAMITE' ? 'Volver a En trámite' : BOTON[a]}
            </Button>
          ),
        )}
      </div>
      <Card title="Cliente" size="small">
        <Descriptions column={movil ? 1 : 2} size="small">
          <Descriptions.Item label="Nombre">{c.nombre}</Descriptions.Item>
          <Descriptions.Item label="Documento">{[c.identificador.tipo, c.identificador.numero].filter(Boolean).join(' ') || '—'}</Descriptions.Item>
          <Descriptions.Item label="Email">{c.email || '—'}</Descriptions.Item>
          <Descriptions.Item label="Teléfono">{c.telefono || '—'}</Descriptions.Item>
          <Descriptions.Item label="Notaría">{exp.notariaNombre}</Descriptions.Item>
          <Descriptions.Item label="Vencimiento">{formatoFecha(exp.dueDate)}</Descriptions.Item>
        </Descriptions>
        <IdentidadCliente personaId={c.id} />
      </Card>
      <Tabs
        className="pestanas-en-filas"
        items={[
          {
            key: 'actos',
            label: `Actos (${exp.actos.length})`,
            children: (
              <Table<ActoDto>
                rowKey="id"
                dataSource={exp.actos}
                pagination={false}
                scroll={movil ? undefined : { x: 640 }}
                locale={{ emptyText: 'Este expediente aún no tiene actos' }}
                columns={[
                  {
                    title: 'Título',
                    dataIndex: 'titulo',
                    render: (t: string, a) => (
                      <>
                        {t}
                        {movil && <span className="desp-secundario">{`${a.nombre_acto ?? '—'} · ${formatoFechaHora(a.fecha)}`}</span>}
                        {a.status === 'BORRADOR' && a.devolucionComentario && (
                          <span className="desp-secundario desp-comentario">Devuelto: {a.devolucionComentario}</span>
                        )}
                      </>
                    ),
                  },
                  { title: 'Acto', dataIndex: 'nombre_acto', render: (n: string | null) => n ?? '—', responsive: ['md'] },
                  { title: 'Fecha', dataIndex: 'fecha', render: formatoFechaHora, responsive: ['md'] },
                  {
                    title: 'Estado',
                    dataIndex: 'status',
                    render: (s: EstadoActo) => <Tag color={s === 'ENVIADO' ? 'blue' : 'default'}>{ETIQUETA_ESTADO_ACTO[s] ?? s}</Tag>,
                  },
                  {
                    title: 'Acciones',
                    key: 'acciones',
                    render: (_, a) => (
                      <Space wrap>
                        <Button icon={<EyeOutlined />} onClick={() => setViendo(a)} aria-label={`Ver formulario de ${a.titulo}`}>
                          {!movil && 'Ver formulario'}
                        </Button>
                        {a.status === 'ENVIADO' && (
                          <Button icon={<RollbackOutlined />} onClick={() => setDevolver(a)} aria-label={`Devolver ${a.titulo} al cliente`}>
                            {!movil && 'Devolver'}
                          </Button>
                        )}
                      </Space>
                    ),
                  },
                ]}
              />
            ),
          },
          { key: 'borradores', label: 'Borradores', children: <BorradoresCaso expedienteId={exp.id} lado="NOTARIA" actos={exp.actos} /> },
          { key: 'documentos', label: 'Documentos', children: <DocumentosDespacho expedienteId={exp.id} /> },
          {
            key: 'copias',
            label: 'Copias',
            children: (
              <>
                <CopiasElectronicasDespacho expedienteId={exp.id} />
                <CopiasDespacho expedienteId={exp.id} />
              </>
            ),
          },
          { key: 'conversacion', label: 'Conversación', children: <ConversacionDespacho expedienteId={exp.id} /> },
          {
            key: 'historial',
            label: 'Historial',
            children: exp.historial.length ? (
              <Timeline
                items={exp.historial.map((h) => ({
                  children: (
                    <>
                      <strong>{formatoFechaHora(h.fecha)}</strong>: {etiquetaEstado(h.estadoAnterior)} → {etiquetaEstado(h.estado)}
                      {h.motivo && <div className="desp-comentario">Motivo: {h.motivo}</div>}
                    </>
                  ),
                }))}
              />
            ) : (
              <Alert type="info" showIcon message={`Alta el ${formatoFecha(exp.fechaAlta)}; el estado no ha cambiado desde entonces.`} />
            ),
          },
        ]}
      />
      <Modal
        open={atras !== null}
        title={atras ? (atras === 'EN_TRAMITE' ? 'Volver a En trámite' : BOTON[atras]) : ''}
        okText="Cambiar estado"
        cancelText="Cancelar"
        confirmLoading={mutation.isPending}
        onCancel={() => setAtras(null)}
        onOk={() => void formMotivo.validateFields().then((v) => mover(atras!, v.motivo.trim())).catch(() => undefined)}
        destroyOnHidden
      >
        <Form form={formMotivo} layout="vertical">
          <Form.Item
            name="motivo"
            label="Motivo"
            rules={[{ required: true, whitespace: true, message: MENSAJES_DESPACHO.motivoObligatorio }, { max: 1000, message: MENSAJES_DESPACHO.motivoLargo }]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={devolver !== null}
        title={devolver ? `Devolver «${devolver.titulo}» al cliente` : ''}
        okText="Devolver al cliente"
        cancelText="Cancelar"
        confirmLoading={mutation.isPending}
        onCancel={() => setDevolver(null)}
        onOk={() => void formDevolver.validateFields().then((v) => devolverActo(devolver!, v.comentario.trim())).catch(() => undefined)}
        destroyOnHidden
      >
        <p>El acto vuelve a borrador y el cliente recibe su comentario por email y en su expediente.</p>
        <Form form={formDevolver} layout="vertical">
          <Form.Item
            name="comentario"
            label="Comentario para el cliente"
            rules={[{ required: true, whitespace: true, message: MENSAJES_DESPACHO.comentarioObligatorio }, { max: 2000, message: MENSAJES_DESPACHO.comentarioLargo }]}
          >
            <Input.TextArea rows={4} />
          </Form.Item>
        </Form>
      </Modal>
      {viendo && <ActoSoloLectura acto={viendo} onClose={() => setViendo(null)} />}
    </div>
  );
}
