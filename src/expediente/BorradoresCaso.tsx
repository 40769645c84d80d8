import { useEffect, useMemo, useState } from 'react';
import { useNotification } from '@refinedev/core';
import { Alert, Button, Empty, Form, Input, List, Modal, Select, Space, Tag, Typography } from 'antd';
import { CheckOutlined, DiffOutlined, DownloadOutlined, EyeOutlined, FileAddOutlined, MessageOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { BorradorDto } from '../../domain/borrador';
import type { ActoDto } from '../../domain/expediente';
import { descargarDocumento } from './use-archivos-caso';
import { urlPdfBorrador, useAccionesBorrador, useBorradores, useDiferencias } from './use-borradores';

type Lado = 'CLIENTE' | 'NOTARIA';
const fecha = (iso: string) => dayjs(iso).format('DD/MM/YYYY HH:mm');

/**
 * 'Borrador de escritura': every version of each act's draft, newest first (live). Both sides read
 * the PDF in the page and download it; the client side answers the newest version 'Conforme' or
 * 'Observaciones'; the office generates a new version of an act's draft and compares two versions.
 */
export default function BorradoresCaso({ expedienteId, lado, actos = [] }: { expedienteId: string; lado: Lado; actos?: ActoDto[] }) {
  const { borradores, isLoading, isError } = useBorradores(expedienteId);
  const { generar, responder, ocupado } = useAccionesBorrador();
  const { open } = useNotification();
  const [viendo, setViendo] = useState<{ b: BorradorDto; url: string } | null>(null);
  const [observando, setObservando] = useState<BorradorDto | null>(null);
  const [comparando, setComparando] = useState<string | null>(null);
  const [form] = Form.useForm<{ observaciones: string }>();
  const ultimas = useMemo(() => {
    const m = new Map<string, number>();
    for (const b of borradores) m.set(b.actoId, Math.max(m.get(b.actoId) ?? 0, b.version));
    return m;
  }, [borradores]);

  useEffect(() => () => {
    if (viendo) URL.revokeObjectURL(viendo.url);
  }, [viendo]);

  const fallo = (message: string) => (e: Error) => open?.({ type: 'error', message, description: e.message });
  const ver = (b: BorradorDto) => urlPdfBorrador(b).then((url) => setViendo({ b, url }), fallo('No se pudo abrir el borrador'));
  const descargar = (b: BorradorDto) => descargarDocumento({ id: b.documentoId, nombre: b.nombreArchivo }).catch(fallo('No se pudo descargar el borrador'));
  const conforme = (b: BorradorDto) =>
    responder(b.id, 'CONFORME').then(() => open?.({ type: 'success', message: 'Ha dado su conformidad al borrador' }), fallo('No se pudo enviar su respuesta'));
  const enviarObservaciones = async () => {
    const { observaciones } = await form.validateFields();
    await responder(observando!.id, 'OBSERVACIONES', observaciones).then(() => {
      open?.({ type: 'success', message: 'Observaciones enviadas a la notaría' });
      setObservando(null);
      form.resetFields();
    }, fallo('No se pudieron enviar sus observaciones'));
  };

  return (
    <section aria-label="Borrador de escritura" className="exp-borradores">
      <Typography.Title level={5}>Borrador de escritura</Typography.Title>
      {lado === 'NOTARIA' && actos.length > 0 && (
        <Space wrap style={{ marginBottom: 12 }}>
          {actos.map((a) => (
            <Button
              key={a.id}
              icon={<FileAddOutlined />}
              loading={ocupado}
              onClick={() => generar(a.id).then(() => open?.({ type: 'success', message: 'Borrador generado' }), fallo('No se pudo generar el borrador'))}
            >
              Generar borrador: {a.titulo}
            </Button>
          ))}
        </Space>
      )}
      {isError ? (
        <Typography.Text type="danger">No se pudieron cargar los borradores</Typography.Text>
      ) : (
        <List
          loading={isLoading}
          dataSource={borradores}
          locale={{ emptyText: <Empty description="Cuando la notaría prepare el borrador de su escritura, aparecerá aquí para que lo revise." /> }}
          renderItem={(b) => {
            const ultima = ultimas.get(b.actoId) === b.version;
            const acciones = [
              <Button key="ver" icon={<EyeOutlined />} onClick={() => ver(b)} aria-label={`Ver la versión ${b.version} de ${b.actoTitulo}`}>
                Ver
              </Button>,
              <Button key="descargar" icon={<DownloadOutlined />} onClick={() => descargar(b)} aria-label={`Descargar la versión ${b.version} de ${b.actoTitulo}`}>
                Descargar
              </Button>,
            ];
            if (lado === 'CLIENTE' && ultima && !b.respuesta) {
              acciones.push(
                <Button key="conforme" type="primary" icon={<CheckOutlined />} loading={ocupado} onClick={() => conforme(b)}>
                  Conforme
                </Button>,
                <Button key="observaciones" icon={<MessageOutlined />} onClick={() => setObservando(b)}>
                  Observaciones
                </Button>,
              );
            }
            if (lado === 'NOTARIA' && b.version > 1) {
              acciones.push(
                <Button key="comparar" icon={<DiffOutlined />} onClick={() => setComparando(b.id)} aria-label={`Comparar la versión ${b.version} de ${b.actoTitulo}`}>
                  Comparar
                </Button>,
              );
            }
            return (
              <List.Item actions={acciones}>
                <List.Item.Meta
                  title={`${b.actoTitulo}: versión ${b.version}`}
                  description={
                    <Space direction="vertical" size={2}>
                      <span>Generado el {fecha(b.creadoEn)} con la plantilla «{b.plantillaNombre}»</span>
                      {b.faltan.length > 0 && <Typography.Text type="warning">Datos pendientes: {b.faltan.join('; ')}</Typography.Text>}
                      {b.respuesta === 'CONFORME' && <Tag color="green">Conforme ({fecha(b.respondidoEn!)})</Tag>}
                      {b.respuesta === 'OBSERVACIONES' && (
                        <span>
                          <Tag color="orange">Observaciones ({fecha(b.respondidoEn!)})</Tag> {b.observaciones}
                        </span>
                      )}
                      {!b.respuesta && ultima && <Tag>Pendiente de respuesta del cliente</Tag>}
                    </Space>
                  }
                />
              </List.Item>
            );
          }}
        />
      )}
      <Modal open={!!viendo} title={viendo ? `${viendo.b.actoTitulo}: versión ${viendo.b.version}` : ''} width={900} footer={null} onCancel={() => setViendo(null)} destroyOnHidden>
        {viendo && <iframe src={viendo.url} title="Borrador de escritura" style={{ width: '100%', height: '70vh', border: 0 }} />}
      </Modal>
      <Modal
        open={!!observando}
        title="Observaciones al borrador"
        okText="Enviar observaciones"
        cancelText="Cancelar"
        confirmLoading={ocupado}
        onOk={enviarObservaciones}
        onCancel={() => setObservando(null)}
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="observaciones"
            label="¿Qué debe cambiar la notaría?"
            rules={[{ required: true, whitespace: true, message: 'Escriba sus observaciones' }, { max: 2000, message: 'Las observaciones no pueden superar los 2000 caracteres' }]}
          >
            <Input.TextArea autoSize={{ minRows: 4, maxRows: 10 }} />
          </Form.Item>
        </Form>
      </Modal>
      {comparando && <Comparar id={comparando} borradores={borradores} onClose={() => setComparando(null)} />}
    </section>
  );
}

/** What changed from an earlier version of the same act's draft to this one, word by word. */
function Comparar({ id, borradores, onClose }: { id: string; borradores: BorradorDto[]; onClose: () => void }) {
  const actual = borradores.find((b) => b.id === id)!;
  const anteriores = borradores.filter((b) => b.actoId === actual.actoId && b.version < actual.version);
  const [con, setCon] = useState<string>(anteriores[0]?.id ?? '');
  const { diferencias, isLoading } = useDiferencias(id, con || null);
  return (
    <Modal open title={`Cambios en la versión ${actual.version} de ${actual.actoTitulo}`} width={900} footer={null} onCancel={onClose}>
      <Space style={{ marginBottom: 12 }}>
        <span>Comparar con la versión</span>
        <Select value={con} onChange={setCon} style={{ width: 120 }} options={anteriores.map((b) => ({ value: b.id, label: String(b.version) }))} aria-label="Versión anterior" />
      </Space>
      {isLoading && <Typography.Text type="secondary">Comparando...</Typography.Text>}
      {diferencias && (
        <>
          {diferencias.partes.every((p) => p.tipo === 'igual') && <Alert type="info" showIcon message="Las dos versiones tienen el mismo texto." />}
          <div className="exp-diferencias" style={{ whiteSpace: 'pre-wrap', lineHeight: 1.6 }}>
            {diferencias.partes.map((p, i) =>
              p.tipo === 'añadido' ? (
                <ins key={i} style={{ background: '#d9f7be' }}>{p.texto}</ins>
              ) : p.tipo === 'quitado' ? (
                <del key={i} style={{ background: '#ffccc7' }}>{p.texto}</del>
              ) : (
                <span key={i}>{p.texto}</span>
              ),
            )}
          </div>
        </>
      )}
    </Modal>
  );
}
