import { useState } from 'react';
import { useCustom, useCustomMutation } from '@refinedev/core';
import { Button, Select, Space, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { serviciosUrl } from '../../../resources/servicios-url';
import { describirIdentidad, type IdentidadDto } from '../../../domain/identidad';

/**
 * The client's identity in the office's case view: how far it is proven, and 'Marcar identidad
 * verificada' once staff checked the document in person or by video (recorded: who, when, how;
 * the client sees it on /perfil). Nothing for a client without an account.
 */
export default function IdentidadCliente({ personaId }: { personaId: string }) {
  const url = serviciosUrl('personas', 'identidadDe', { id: personaId });
  const { result, query } = useCustom<IdentidadDto>({ url, method: 'get', errorNotification: false, queryOptions: { retry: false } });
  const { mutateAsync, mutation } = useCustomMutation<IdentidadDto>();
  const [forma, setForma] = useState<'presencial' | 'videoconferencia'>('presencial');
  const identidad = result.data as IdentidadDto | undefined;
  if (query.isLoading || query.isError || !identidad?.nivel) return null;

  const verificar = () =>
    mutateAsync({
      url: serviciosUrl('personas', 'verificar', { id: personaId }),
      method: 'post',
      values: { forma },
      successNotification: { type: 'success', message: 'Identidad verificada' },
      errorNotification: (e) => ({ type: 'error', message: 'No se pudo verificar la identidad', description: e?.message }),
    }).then(() => query.refetch(), () => undefined);

  return (
    <Space wrap data-testid="identidad-cliente">
      <Typography.Text type={identidad.nivel === 'probada' ? 'success' : 'secondary'}>
        <SafetyCertificateOutlined /> {identidad.nivel === 'probada' ? describirIdentidad(identidad) : 'Identidad no verificada.'}
      </Typography.Text>
      {identidad.nivel !== 'probada' && (
        <>
          <Select
            aria-label="Cómo se comprobó el documento"
            value={forma}
            onChange={setForma}
            options={[
              { value: 'presencial', label: 'En persona' },
              { value: 'videoconferencia', label: 'Por videoconferencia' },
            ]}
            style={{ minWidth: 180 }}
          />
          <Button onClick={() => void verificar()} loading={mutation.isPending}>
            Marcar identidad verificada
          </Button>
        </>
      )}
    </Space>
  );
}
