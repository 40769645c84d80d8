import { useState, type ReactNode } from 'react';
import { Popconfirm } from 'antd';
import { TEXTOS_CITAS } from '../../../domain/citas-rules';

/**
 * The confirmation of a cancel button, open from its first render: the list mounts it when the
 * button is first pressed (Popconfirm's code loads then), and it then opens and closes as usual.
 */
export default function ConfirmarCancelar({ children, pending, onConfirm }: { children: ReactNode; pending: boolean; onConfirm: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <Popconfirm
      open={open}
      onOpenChange={setOpen}
      title={TEXTOS_CITAS.confirmarCancelar}
      okText="Sí, cancelar"
      cancelText="No"
      okButtonProps={{ danger: true, loading: pending }}
      onConfirm={onConfirm}
    >
      {children}
    </Popconfirm>
  );
}
