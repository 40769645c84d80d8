import { Button } from 'antd';
import { UndoOutlined } from '@ant-design/icons';
import { useNotification, useUpdate, type BaseKey } from '@refinedev/core';
import type { CatalogueConfig } from '../../domain/resource';
import { errorDescription } from './schema-rules';
import { useResourceMessages } from './use-resource-messages';

/** Brings back a row deleted softly (its deletion column false → true): it shows in the catalogue again. */
export default function RowRestore({ config, id }: { config: CatalogueConfig; id: BaseKey }) {
  const { open: notify } = useNotification();
  const messages = useResourceMessages(config);
  const { mutate, mutation } = useUpdate();
  if (config.deletion.mode !== 'soft') return null;
  const column = config.deletion.column;
  const restore = () =>
    mutate(
      { resource: config.name, id, values: { [column]: true }, successNotification: false, errorNotification: false },
      {
        onSuccess: () => notify?.({ type: 'success', message: messages.restored }),
        onError: (error) => notify?.({ type: 'error', message: 'No se pudo restaurar', description: errorDescription(messages, error) }),
      },
    );
  return (
    <Button size="small" icon={<UndoOutlined />} onClick={restore} loading={mutation.isPending}>
      Restaurar
    </Button>
  );
}
