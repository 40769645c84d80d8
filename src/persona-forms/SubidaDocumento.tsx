import { useNotification } from '@refinedev/core';
import { Button, Space, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { ACEPTA_ARCHIVOS, ETIQUETA_TIPO_DOCUMENTO, MAX_ARCHIVO_MB, type TipoDocumentoPersona } from '../../domain/documentos';
import { descargarDocumento, useDocumentosPersona, useSubirDocumento } from '../expediente/use-archivos-caso';

/**
 * An identity document or deed of a persona ('DNI Anverso', 'DNI Reverso', 'Escritura de
 * constitución'): uploaded at once into the persona's documents (PDF, JPEG or PNG, 20 MB at most),
 * the latest one shown with its download. A persona not saved yet has no documents.
 */
export default function SubidaDocumento({ tipo, personaId }: { tipo: TipoDocumentoPersona; personaId?: string }) {
  const etiqueta = ETIQUETA_TIPO_DOCUMENTO[tipo];
  const { documentos } = useDocumentosPersona(personaId);
  const { subir, subiendo } = useSubirDocumento();
  const { open } = useNotification();
  const actual = documentos.find((d) => d.tipo === tipo);

  return (
    <div className="pf-upload">
      <Typography.Text strong>{etiqueta}</Typography.Text>
      <Space wrap>
        <Upload
          accept={ACEPTA_ARCHIVOS}
          showUploadList={false}
          disabled={!personaId}
          beforeUpload={(file) => {
            if (file.size <= MAX_ARCHIVO_MB * 1024 * 1024) return true;
            open?.({ type: 'error', message: `No se pudo subir ${etiqueta}`, description: `El archivo supera el tamaño máximo de ${MAX_ARCHIVO_MB} MB` });
            return Upload.LIST_IGNORE;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            subir({ personaId: personaId! }, file as File, tipo).then(
              (doc) => {
                open?.({ type: 'success', message: `${etiqueta} guardado`, description: doc.nombre });
                onSuccess?.(doc);
              },
              (e: Error) => {
                open?.({ type: 'error', message: `No se pudo subir ${etiqueta}`, description: e.message });
                onError?.(e);
              },
            );
          }}
        >
          <Button icon={<UploadOutlined />} size="small" loading={subiendo} aria-label={`Subir ${etiqueta}`} disabled={!personaId}>
            Seleccionar archivo
          </Button>
        </Upload>
        {actual && (
          <Button
            size="small"
            type="link"
            icon={<DownloadOutlined />}
            aria-label={`Descargar ${etiqueta}`}
            onClick={() => descargarDocumento(actual).catch((e: Error) => open?.({ type: 'error', message: 'No se pudo descargar el documento', description: e.message }))}
          >
            {actual.nombre}
          </Button>
        )}
      </Space>
      <Typography.Text type="secondary" className="pf-upload-note">
        {personaId ? `PDF, JPEG o PNG; ${MAX_ARCHIVO_MB} MB como máximo.` : 'Podrá adjuntarlo cuando la persona esté guardada.'}
      </Typography.Text>
    </div>
  );
}
