import { useState } from 'react';
import { useNotification } from '@refinedev/core';
import { Button, Empty, Form, Input, List, Modal, Select, Space, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, FilePdfOutlined, FileImageOutlined, UploadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { ExpedienteDto } from '../../domain/expediente';
import { ACEPTA_ARCHIVOS, ETIQUETA_TIPO_DOCUMENTO, MAX_ARCHIVO_MB, TIPOS_DOCUMENTO_EXPEDIENTE, type DocumentoDto } from '../../domain/documentos';
import type { CopiaDto } from '../../domain/copias';
import { ESTADOS_CON_ESCRITURA, ETIQUETA_TIPO_COPIA } from '../../domain/copias-rules';
import { descargarDocumento, useCopiasAcciones, useCopiasExpediente, useDocumentosExpediente, useSubirDocumento } from './use-archivos-caso';
import SolicitarCopia from './SolicitarCopia';
import EstadoCopia from './EstadoCopia';
import BorradoresCaso from './BorradoresCaso';
import './expediente.css';

type Lado = 'CLIENTE' | 'NOTARIA';

/** An empty list says to each side what it can expect or do. */
const SIN_DOCUMENTOS: Record<Lado, string> = {
  CLIENTE: 'Las escrituras del expediente aparecerán aquí cuando la notaría las prepare.',
  NOTARIA: 'Este expediente aún no tiene documentos. Suba aquí la escritura u otros documentos para el cliente.',
};

const tamano = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
const fecha = (iso: string) => dayjs(iso).format('DD/MM/YYYY HH:mm');

/**
 * The case's 'Escrituras' tab: its documents (the office uploads, both sides download) and the
 * copies asked for (the client side asks once the case is finished; the office delivers or refuses).
 * `lado` is the caller's side: the staff case view passes 'NOTARIA'.
 */
export default function EscriturasTab({ expediente, lado = 'CLIENTE' }: { expediente: ExpedienteDto; lado?: Lado }) {
  return (
    <div className="exp-escrituras">
      {lado === 'CLIENTE' && <BorradoresCaso expedienteId={expediente.id} lado="CLIENTE" />}
      <DocumentosCaso expedienteId={expediente.id} lado={lado} />
      <CopiasCaso expedienteId={expediente.id} lado={lado} expediente={expediente} />
    </div>
  );
}

/** Downloads, with a toast when it fails. */
function useDescargar() {
  const { open } = useNotification();
  return (d: { id: string; nombre: string }) =>
    descargarDocumento(d).catch((e: Error) => open?.({ type: 'error', message: 'No se pudo descargar el documento', description: e.message }));
}

/** The case's documents: the office uploads (lado 'NOTARIA'), both sides download. */
export function DocumentosCaso({ expedienteId, lado }: { expedienteId: string; lado: Lado }) {
  const { documentos, isLoading, isError } = useDocumentosExpediente(expedienteId);
  const descargar = useDescargar();
  return (
    <>
      {lado === 'NOTARIA' && <SubirDocumento expedienteId={expedienteId} />}
      <Typography.Title level={5}>Documentos</Typography.Title>
      {isError ? (
        <Typography.Text type="danger">No se pudieron cargar los documentos</Typography.Text>
      ) : (
        <List
          loading={isLoading}
          dataSource={documentos}
          locale={{ emptyText: <Empty description={SIN_DOCUMENTOS[lado]} /> }}
          renderItem={(d: DocumentoDto) => (
            <List.Item
              actions={[
                <Button key="descargar" icon={<DownloadOutlined />} aria-label={`Descargar ${d.nombre}`} onClick={() => descargar(d)}>
                  Descargar
                </Button>,
              ]}
            >
              <List.Item.Meta
                avatar={d.mime === 'application/pdf' ? <FilePdfOutlined style={{ fontSize: 24 }} /> : <FileImageOutlined style={{ fontSize: 24 }} />}
                title={d.nombre}
                description={
                  <Space size="small" wrap>
                    <Tag>{ETIQUETA_TIPO_DOCUMENTO[d.tipo]}</Tag>
                    <span>{fecha(d.creadoEn)}</span>
                    <span>{tamano(d.tamano)}</span>
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      )}
    </>
  );
}

/**
 * The copies asked for on the case: the client side asks once the case is finished (`expediente`
 * gives its estado); the office (lado 'NOTARIA') prepares, delivers or refuses them.
 */
export function CopiasCaso({ expedienteId, lado, expediente }: { expedienteId: string; lado: Lado; expediente?: ExpedienteDto }) {
  const { copias } = useCopiasExpediente(expedienteId);
  const descargar = useDescargar();
  const finalizado = !!expediente && (ESTADOS_CON_ESCRITURA as readonly string[]).includes(expediente.estado);
  return (
    <>
      <Space style={{ marginTop: 24, justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          Copias solicitadas
        </Typography.Title>
        {lado === 'CLIENTE' && finalizado && <SolicitarCopia expediente={expediente} />}
      </Space>
      <List
        className="exp-copias"
        dataSource={copias}
        locale={{ emptyText: finalizado || lado === 'NOTARIA' ? 'No se han solicitado copias' : 'Podrá solicitar copias cuando el expediente esté finalizado' }}
        renderItem={(c: CopiaDto) => (
          <List.Item actions={accionesCopia(c, lado, expedienteId, descargar)}>
            <List.Item.Meta
              title={
                <Space wrap>
                  <span>{ETIQUETA_TIPO_COPIA[c.tipo]}</span>
                  <EstadoCopia estado={c.estado} />
                </Space>
              }
              description={[`Motivo: ${c.motivo}`, c.motivoRechazo ? `Motivo del rechazo: ${c.motivoRechazo}` : '', `Solicitada el ${fecha(c.creadaEn)}`]
                .filter(Boolean)
                .join(' · ')}
            />
          </List.Item>
        )}
      />
    </>
  );
}

function accionesCopia(c: CopiaDto, lado: Lado, expedienteId: string, descargar: (d: { id: string; nombre: string }) => void) {
  if (c.estado === 'DISPONIBLE' && c.documentoId) {
    return [
      <Button key="descargar" icon={<DownloadOutlined />} aria-label={`Descargar ${ETIQUETA_TIPO_COPIA[c.tipo].toLowerCase()}`} onClick={() => descargar({ id: c.documentoId!, nombre: `${ETIQUETA_TIPO_COPIA[c.tipo]}.pdf` })}>
        Descargar
      </Button>,
    ];
  }
  if (lado !== 'NOTARIA' || c.estado === 'RECHAZADA') return [];
  return [<TramitarCopia key="tramitar" copia={c} expedienteId={expedienteId} />];
}

/** The office's actions on an open copy request: in preparation, deliver the PDF, refuse with a reason. */
export function TramitarCopia({ copia, expedienteId }: { copia: CopiaDto; expedienteId: string }) {
  const { cambiar, ocupado } = useCopiasAcciones();
  const { subir, subiendo } = useSubirDocumento();
  const { open } = useNotification();
  const [rechazo, setRechazo] = useState(false);
  const [motivo, setMotivo] = useState('');
  const fallo = (message: string) => (e: Error) => open?.({ type: 'error', message, description: e.message });

  const entregar = async (archivo: File) => {
    try {
      const doc = await subir({ expedienteId }, archivo, 'COPIA');
      await cambiar(copia.id, { estado: 'DISPONIBLE', documentoId: doc.id });
      open?.({ type: 'success', message: 'Copia entregada', description: 'El cliente ya puede descargarla.' });
    } catch (e) {
      fallo('No se pudo entregar la copia')(e as Error);
    }
  };

  return (
    <Space wrap>
      {copia.estado === 'SOLICITADA' && (
        <Button loading={ocupado} onClick={() => cambiar(copia.id, { estado: 'EN_PREPARACION' }).catch(fallo('No se pudo cambiar el estado'))}>
          En preparación
        </Button>
      )}
      <Upload
        accept="application/pdf,.pdf"
        showUploadList={false}
        customRequest={({ file, onSuccess, onError }) => {
          entregar(file as File).then(() => onSuccess?.(null), (e: Error) => onError?.(e));
        }}
      >
        <Button type="primary" icon={<UploadOutlined />} loading={subiendo} aria-label="Entregar copia (PDF)">
          Entregar copia (PDF)
        </Button>
      </Upload>
      <Button danger onClick={() => setRechazo(true)}>
        Rechazar
      </Button>
      <Modal
        open={rechazo}
        title="Rechazar la solicitud de copia"
        okText="Rechazar"
        okButtonProps={{ danger: true, disabled: !motivo.trim() }}
        cancelText="Cancelar"
        confirmLoading={ocupado}
        onCancel={() => setRechazo(false)}
        onOk={() =>
          cambiar(copia.id, { estado: 'RECHAZADA', motivo: motivo.trim() }).then(() => setRechazo(false), fallo('No se pudo rechazar la solicitud'))
        }
      >
        <Form layout="vertical">
          <Form.Item label="Motivo del rechazo" required>
            <Input.TextArea aria-label="Motivo del rechazo" rows={3} maxLength={500} value={motivo} onChange={(e) => setMotivo(e.target.value)} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}

/** The office uploads a deed or another document to the case (PDF, JPEG or PNG, 20 MB at most). */
function SubirDocumento({ expedienteId }: { expedienteId: string }) {
  const [tipo, setTipo] = useState<(typeof TIPOS_DOCUMENTO_EXPEDIENTE)[number]>('ESCRITURA');
  const { subir, subiendo } = useSubirDocumento();
  const { open } = useNotification();
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Select
        aria-label="Tipo de documento"
        value={tipo}
        onChange={setTipo}
        style={{ minWidth: 180 }}
        options={TIPOS_DOCUMENTO_EXPEDIENTE.map((t) => ({ value: t, label: ETIQUETA_TIPO_DOCUMENTO[t] }))}
      />
      <Upload
        accept={ACEPTA_ARCHIVOS}
        showUploadList={false}
        beforeUpload={(file) => {
          if (file.size > MAX_ARCHIVO_MB * 1024 * 1024) {
            open?.({ type: 'error', message: 'No se pudo subir el documento', description: `El archivo supera el tamaño máximo de ${MAX_ARCHIVO_MB} MB` });
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          subir({ expedienteId }, file as File, tipo).then(
            (doc) => {
              open?.({ type: 'success', message: 'Documento subido', description: doc.nombre });
              onSuccess?.(doc);
            },
            (e: Error) => {
              open?.({ type: 'error', message: 'No se pudo subir el documento', description: e.message });
              onError?.(e);
            },
          );
        }}
      >
        <Button type="primary" icon={<UploadOutlined />} loading={subiendo}>
          Subir documento
        </Button>
      </Upload>
      <Typography.Text type="secondary">PDF, JPEG o PNG; {MAX_ARCHIVO_MB} MB como máximo.</Typography.Text>
    </Space>
  );
}
