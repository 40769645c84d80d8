import { useNavigation, useNotification } from '@refinedev/core';
import { Link } from 'react-router';
import { Button, Card, Empty, List, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { CopiaDto } from '../../../domain/copias';
import { ETIQUETA_TIPO_COPIA } from '../../../domain/copias-rules';
import { descargarDocumento, useMisCopias } from '../../expediente/use-archivos-caso';
import EstadoCopia from '../../expediente/EstadoCopia';

/** /copias: the copies I asked for, their state, and the download of the delivered ones. */
export default function Copias() {
  const { copias, isLoading, isError } = useMisCopias();
  const { open } = useNotification();
  const { showUrl } = useNavigation();
  const descargar = (c: CopiaDto) =>
    descargarDocumento({ id: c.documentoId!, nombre: `${ETIQUETA_TIPO_COPIA[c.tipo]} - ${c.expedienteTitulo}.pdf` }).catch((e: Error) =>
      open?.({ type: 'error', message: 'No se pudo descargar la copia', description: e.message }),
    );
  return (
    <div style={{ maxWidth: 960, margin: '0 auto' }}>
      <Typography.Title level={2}>Copias</Typography.Title>
      <Card>
        {isError ? (
          <Typography.Text type="danger">No se pudieron cargar sus solicitudes de copia</Typography.Text>
        ) : (
          <List
            loading={isLoading}
            dataSource={copias}
            locale={{ emptyText: <Empty description="No ha solicitado copias. Puede pedirlas desde sus escrituras finalizadas." /> }}
            renderItem={(c: CopiaDto) => (
              <List.Item
                actions={
                  c.estado === 'DISPONIBLE' && c.documentoId
                    ? [
                        <Button key="d" type="primary" icon={<DownloadOutlined />} aria-label={`Descargar copia de ${c.expedienteTitulo}`} onClick={() => descargar(c)}>
                          Descargar
                        </Button>,
                      ]
                    : []
                }
              >
                <List.Item.Meta
                  title={
                    <Space wrap>
                      <Link to={showUrl('expedientes', c.expedienteId)}>{c.expedienteTitulo}</Link>
                      <span>· {ETIQUETA_TIPO_COPIA[c.tipo]}</span>
                      <EstadoCopia estado={c.estado} />
                    </Space>
                  }
                  description={[
                    `Solicitada el ${dayjs(c.creadaEn).format('DD/MM/YYYY')}`,
                    `Motivo: ${c.motivo}`,
                    c.motivoRechazo ? `Motivo del rechazo: ${c.motivoRechazo}` : '',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </List.Item>
            )}
          />
        )}
      </Card>
    </div>
  );
}
