import { Button, Popconfirm } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { CatalogueConfig } from '../../domain/resource';

/**
 * Delete with confirmation; the list deletes (useRowChanges): 'hard' removes the row, 'soft' sets
 * its deletion column to false so the public catalogue stops showing it ('Ver eliminados' lists
 * it, 'Restaurar' brings it back).
 */
export default function RowDelete({ config, onConfirm, loading }: { config: CatalogueConfig; onConfirm: () => void; loading: boolean }) {
  return (
    <Popconfirm
      title={`¿Eliminar ${config.labels.singular.toLowerCase()}?`}
      description={config.deletion.mode === 'soft' ? 'Dejará de mostrarse en el catálogo.' : 'Esta acción no se puede deshacer.'}
      okText="Eliminar"
      okButtonProps={{ danger: true }}
      cancelText="Cancelar"
      onConfirm={onConfirm}
    >
      <Button danger size="small" icon={<DeleteOutlined />} aria-label="Eliminar" title="Eliminar" loading={loading} />
    </Popconfirm>
  );
}
