import { Button, Popconfirm } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useDelete, useNotification, useUpdate, type BaseKey } from '@refinedev/core';
import type { CatalogueConfig } from '../../domain/resource';
import { errorDescription } from './schema-rules';
import { useResourceMessages } from './use-resource-messages';

/**
 * Delete with confirmation. 'hard' removes the row; 'soft' sets its deletion column to false so
 * the public catalogue stops showing it ('Ver eliminados' lists it, 'Restaurar' brings it back).
 */
export default function RowDelete({ config, id }: { config: CatalogueConfig; id: BaseKey }) {
  const { open: notify } = useNotification();
  const messages = useResourceMessages(config);
  const { mutate: remove, mutation: removal } = useDelete();
  const { mutate: update, mutation: updating } = useUpdate();
  const callbacks = {
    onSuccess: () => notify?.({ type: 'success', message: messages.deleted }),
    onError: (error: unknown) => notify?.({ type: 'error', message: messages.deleteError, description: errorDescription(messages, error) }),
  };
  const confirm = () => {
    const common = { resource: config.name, id, successNotification: false as const, errorNotification: false as const };
    if (config.deletion.mode === 'soft') update({ ...common, values: { [config.deletion.column]: false } }, callbacks);
    else remove(common, callbacks);
  };
  return (
    <Popconfirm
      title={`¿Eliminar ${config.labels.singular.toLowerCase()}?`}
      description={config.deletion.mode === 'soft' ? 'Dejará de mostrarse en el catálogo.' : 'Esta acción no se puede deshacer.'}
      okText="Eliminar"
      okButtonProps={{ danger: true }}
      cancelText="Cancelar"
      onConfirm={confirm}
    >
      <Button danger size="small" icon={<DeleteOutlined />} aria-label="Eliminar" title="Eliminar" loading={removal.isPending || updating.isPending} />
    </Popconfirm>
  );
}
