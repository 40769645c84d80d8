import { Button, Popconfirm } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useDelete, useNotification, useUpdate, type BaseKey } from '@refinedev/core';
import type { ResourceConfig } from '../../domain/resource';
import { errorDescription } from './schema-rules';

/**
 * Delete with confirmation. 'hard' removes the row; 'soft' sets activo = false so the public
 * catalogue stops showing it (the admin list filters active rows too).
 */
export default function RowDelete({ config, id }: { config: ResourceConfig; id: BaseKey }) {
  const { open: notify } = useNotification();
  const { mutate: remove, mutation: removal } = useDelete();
  const { mutate: update, mutation: updating } = useUpdate();
  const callbacks = {
    onSuccess: () => notify?.({ type: 'success', message: config.messages.deleted }),
    onError: (error: unknown) => notify?.({ type: 'error', message: config.messages.deleteError, description: errorDescription(config, error) }),
  };
  const confirm = () => {
    const common = { resource: config.name, id, successNotification: false as const, errorNotification: false as const };
    if (config.deletion === 'soft') update({ ...common, values: { activo: false } }, callbacks);
    else remove(common, callbacks);
  };
  return (
    <Popconfirm
      title={`¿Eliminar ${config.labels.singular.toLowerCase()}?`}
      description={config.deletion === 'soft' ? 'Dejará de mostrarse en el catálogo.' : 'Esta acción no se puede deshacer.'}
      okText="Eliminar"
      okButtonProps={{ danger: true }}
      cancelText="Cancelar"
      onConfirm={confirm}
    >
      <Button danger size="small" icon={<DeleteOutlined />} aria-label="Eliminar" title="Eliminar" loading={removal.isPending || updating.isPending} />
    </Popconfirm>
  );
}
