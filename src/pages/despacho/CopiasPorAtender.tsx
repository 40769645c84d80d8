import { useNavigation } from '@refinedev/core';
import { Button, Card, List, Tag } from 'antd';
import { ETIQUETA_ESTADO_COPIA, ETIQUETA_TIPO_COPIA, type CopiaDto } from '../../../domain/copias';
import { despachoExpedientes } from '../../../resources/despacho';
import { formatoFecha } from '../expedientes/datos';
import { useCopiasDespacho } from '../expedientes/use-archivos-caso';

/** Only requests the office still has to handle (solicitada, en preparación) are listed here. */
const POR_ATENDER = new Set<CopiaDto['estado']>(['SOLICITADA', 'EN_PREPARACION']);

/**
 * The copy requests of my notarías that wait for the office, oldest concern first as the server
 * orders them; each opens its case, where the copy is delivered or refused. Nothing shows when none wait.
 */
export default function CopiasPorAtender() {
  const { copias, isLoading } = useCopiasDespacho();
  const { show } = useNavigation();
  const pendientes = copias.filter((c) => POR_ATENDER.has(c.estado));
  if (isLoading || pendientes.length === 0) return null;
  return (
    <Card size="small" className="desp-copias" title={`Copias por atender (${pendientes.length})`}>
      <List<CopiaDto>
        size="small"
        dataSource={pendientes}
        renderItem={(c) => (
          <List.Item
            actions={[
              <Button key="abrir" type="link" onClick={() => show(despachoExpedientes.name, c.expedienteId)} aria-label={`Abrir expediente ${c.expedienteTitulo} para su copia`}>
                Abrir expediente
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <>
                  {c.expedienteTitulo} · {ETIQUETA_TIPO_COPIA[c.tipo]} <Tag>{ETIQUETA_ESTADO_COPIA[c.estado]}</Tag>
                </>
              }
              description={`${c.clienteNombre} · solicitada el ${formatoFecha(c.creadaEn)}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
