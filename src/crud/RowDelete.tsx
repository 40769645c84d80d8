import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { CatalogueConfig } from '../../domain/resource';

const cargarConfirmacion = () => import('antd/es/popconfirm');
const Popconfirm = lazy(cargarConfirmacion);

/**
 * Delete with confirmation; the list deletes (useRowChanges): 'hard' removes the row, 'soft' sets
 * its deletion column to false so the public catalogue stops showing it ('Ver eliminados' lists
 * it, 'Restaurar' brings it back). The confirmation is set up at the first press, not with every
 * row: antd's Popconfirm (its trigger, popup and observers) was ~30 ms of a phone's main thread
 * for a page of rows, and its code loads as the pointer or the focus reaches the button. The
 * button inside it takes the focus, so the keyboard carries on from it.
 */
export default function RowDelete({ config, onConfirm, loading }: { config: CatalogueConfig; onConfirm: () => void; loading: boolean }) {
  const [open, setOpen] = useState<boolean | null>(null);
  const armed = open !== null;

  const boton = (
    <Button
      danger
      size="small"
      icon={<DeleteOutlined />}
      aria-label="Eliminar"
      title="Eliminar"
      loading={loading}
      autoFocus={armed}
      onClick={armed ? undefined : () => setOpen(true)}
      onMouseEnter={armed ? undefined : () => void cargarConfirmacion()}
      onFocus={armed ? undefined : () => void cargarConfirmacion()}
    />
  );
  if (!armed) return boton;
  return (
    <Suspense fallback={boton}>
      <Popconfirm
        open={open}
        onOpenChange={setOpen}
        title={`¿Eliminar ${config.labels.singular.toLowerCase()}?`}
        description={config.deletion.mode === 'soft' ? 'Dejará de mostrarse en el catálogo.' : 'Esta acción no se puede deshacer.'}
        okText="Eliminar"
        okButtonProps={{ danger: true }}
        cancelText="Cancelar"
        onConfirm={onConfirm}
      >
        {boton}
      </Popconfirm>
    </Suspense>
  );
}
