import { useNavigation } from '@refinedev/core';
import { Button, Tag } from 'antd';
import type { CopiaDto } from '../../../domain/copias';
import { ETIQUETA_ESTADO_COPIA, ETIQUETA_TIPO_COPIA } from '../../../domain/copias-rules';
import { despachoExpedientes } from '../../../resources/despacho';
import { formatoFecha } from '../../expediente/formato';
import { useCopiasDespacho } from '../../expediente/use-archivos-caso';
import Tarjeta from '../../crud/Tarjeta';

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
    <Tarjeta size="small" className="desp-copias" title={`Copias por atender (${pendientes.length})`}>
      <ul className="desp-copias-lista">
        {pendientes.map((c) => (
          <li key={c.id}>
            <div>
              <div className="desp-copias-titulo">
                {c.expedienteTitulo} · {ETIQUETA_TIPO_COPIA[c.tipo]} <Tag>{ETIQUETA_ESTADO_COPIA[c.estado]}</Tag>
              </div>
              <div className="desp-secundario">{`${c.clienteNombre} · solicitada el ${formatoFecha(c.creadaEn)}`}</div>
            </div>
            <Button type="link" onClick={() => show(despachoExpedientes.name, c.expedienteId)} aria-label={`Abrir expediente ${c.expedienteTitulo} para su copia`}>
              Abrir expediente
            </Button>
          </li>
        ))}
      </ul>
    </Tarjeta>
  );
}
