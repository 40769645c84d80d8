import { Button } from 'antd';
import { UndoOutlined } from '@ant-design/icons';
import { useNotification, useUpdate, type BaseKey } from '@refinedev/core';
import type { ResourceConfig } from '../../domain/resource';
import { errorDescription } from './schema-rules';

/** Brings back a row deleted softly (activo = false → true): it shows in the catalogue again. */
export default function RowRestore({ config, id }: { config: ResourceConfig; id: BaseKey }) {
  const { open: notify } = useNotification();
  const { mutate, mutation } = useUpdate();
  const restore = () =>
    mutate(
      { resource: config.name, id, values: { activo: true }, successNotification: false, errorNotification: false },
      {
        onSuccess: () => notify?.({ type: 'success', message: config.messages.restored ?? 'Restaurado correctamente' }),
        onError: (error) => notify?.({ type: 'error', message: 'No se pudo restaurar', description: errorDescription(config, error) }),
      },
    );
  return (
    <Button size="small" icon={<UndoOutlined />} onClick={restore} loading={mutation.isPending}>
      Restaurar
    </Button>
  );
}
