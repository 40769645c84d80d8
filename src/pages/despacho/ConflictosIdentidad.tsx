import { useCustom } from '@refinedev/core';
import { serviciosUrl } from '../../../resources/servicios-url';
import type { ConflictoIdentidadDto } from '../../../domain/identidad';
import { formatoFecha } from '../../expediente/formato';
import Tarjeta from '../../crud/Tarjeta';

/**
 * Documents whose proven owner displaced an earlier, unproven account that had registered them
 * (issue 30): the office may want to contact both. Nothing shows when there are none.
 */
export default function ConflictosIdentidad() {
  const { result, query } = useCustom<ConflictoIdentidadDto[]>({
    url: serviciosUrl('personas', 'conflictos'),
    method: 'get',
    errorNotification: false,
    queryOptions: { retry: false },
  });
  const conflictos = Array.isArray(result.data) ? (result.data as ConflictoIdentidadDto[]) : [];
  if (query.isLoading || conflictos.length === 0) return null;
  return (
    <Tarjeta size="small" className="desp-copias" title={`Conflictos de identidad (${conflictos.length})`}>
      <ul className="desp-copias-lista" data-testid="conflictos-identidad">
        {conflictos.map((c) => (
          <li key={c.personaAnterior}>
            <div>
              <div className="desp-copias-titulo">{`${c.tipoDocumento} ${c.numeroDocumento}`}</div>
              <div className="desp-secundario">
                {`Una cuenta sin verificar registró este documento; su titular, verificado, lo reclamó el ${formatoFecha(c.desplazadoAt)}. La cuenta anterior conserva solo lo que creó.`}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </Tarjeta>
  );
}
