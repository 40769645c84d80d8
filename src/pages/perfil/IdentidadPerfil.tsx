import { useCustom } from '@refinedev/core';
import { Alert } from 'antd';
import { serviciosUrl } from '../../../resources/servicios-url';
import { describirIdentidad, type IdentidadDto } from '../../../domain/identidad';

/** How far the signed-in account is proven (issue 30): by whom, when and how, or that it is not. */
export default function IdentidadPerfil() {
  const { result, query } = useCustom<IdentidadDto>({ url: serviciosUrl('personas', 'identidad'), method: 'get', errorNotification: false });
  const identidad = result.data as IdentidadDto | undefined;
  if (query.isLoading || !identidad?.nivel) return null;
  return (
    <Alert
      data-testid="perfil-identidad"
      type={identidad.nivel === 'probada' ? 'success' : 'info'}
      showIcon
      message={describirIdentidad(identidad)}
    />
  );
}
