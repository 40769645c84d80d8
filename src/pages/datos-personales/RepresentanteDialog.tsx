import { Modal } from 'antd';
import { useNotification } from '@refinedev/core';
import { representanteToForm } from '../../../domain/persona-forms';
import RepresentanteForm from '../../persona-forms/RepresentanteForm';
import type { RepresentanteSeleccionado } from './Representantes';
import { useGuardarRepresentante } from './use-guardar-representante';
import '../../persona-forms/persona-forms.css';

interface Props {
  /** null: closed; 'crear': a new representative of the client; otherwise the one being edited. */
  estado: null | 'crear' | RepresentanteSeleccionado;
  ownerId: string;
  clienteId: string;
  onClose: () => void;
}

/** The representative form in a dialog, with the spec's toasts. */
export default function RepresentanteDialog({ estado, ownerId, clienteId, onClose }: Props) {
  const { crear, editar, busy } = useGuardarRepresentante();
  const { open: notify } = useNotification();
  const editando = estado !== null && estado !== 'crear';

  return (
    <Modal
      open={estado !== null}
      title={editando ? 'Editar representante' : 'Crear representante'}
      onCancel={() => !busy && onClose()}
      footer={null}
      width={896}
      className="pf-dialog"
      style={{ top: '5vh', maxWidth: 'calc(100vw - 16px)' }}
      destroyOnHidden
      maskClosable={!busy}
    >
      {estado !== null && (
        <RepresentanteForm
          key={editando ? estado.privilegio.id : 'nuevo'}
          modo={editando ? 'editar' : 'crear'}
          initialValues={editando ? representanteToForm(estado.persona, estado.privilegio) : undefined}
          submitText={editando ? 'Guardar cambios' : 'Crear representante'}
          busy={busy}
          onCancel={onClose}
          onSubmit={async (values) => {
            try {
              if (editando) {
                await editar(values, estado);
                notify?.({ type: 'success', message: 'Representante actualizado exitosamente' });
              } else {
                await crear(values, { ownerId, otorganteId: clienteId });
                notify?.({ type: 'success', message: 'Representante creado exitosamente' });
              }
              onClose();
            } catch {
              notify?.({
                type: 'error',
                message: 'Error',
                description: editando ? 'No se pudieron guardar los cambios. Inténtalo de nuevo.' : 'No se pudo crear el representante. Inténtalo de nuevo.',
              });
            }
          }}
        />
      )}
    </Modal>
  );
}
