import { useNotification } from '@refinedev/core';
import { representanteToForm } from '../../../domain/persona-forms';
import RepresentanteForm from '../../persona-forms/RepresentanteForm';
import DialogoFormulario from '../../persona-forms/DialogoFormulario';
import type { RepresentanteSeleccionado } from './Representantes';
import { useGuardarRepresentante } from './use-guardar-representante';
import '../../persona-forms/persona-forms.css';

interface Props {
  /** null: closed; 'crear': a new representative of the client; otherwise the one being edited. */
  estado: null | 'crear' | RepresentanteSeleccionado;
  clienteId: string;
  onClose: () => void;
}

/** The representative form in a dialog; its toasts say whether the representative was created or updated, or why not. */
export default function RepresentanteDialog({ estado, clienteId, onClose }: Props) {
  const { crear, editar, busy } = useGuardarRepresentante();
  const { open: notify } = useNotification();
  const editando = estado !== null && estado !== 'crear';

  return (
    <DialogoFormulario
      open={estado !== null}
      title={editando ? 'Editar representante' : 'Crear representante'}
      onClose={onClose}
      busy={busy}
      footer={null}
      width={896}
      className="pf-dialog"
      style={{ top: '5vh', maxWidth: 'calc(100vw - 16px)' }}
    >
      {(cerrar) => estado !== null && (
        <RepresentanteForm
          key={editando ? estado.privilegio.id : 'nuevo'}
          modo={editando ? 'editar' : 'crear'}
          initialValues={editando ? representanteToForm(estado.persona, estado.privilegio) : undefined}
          submitText={editando ? 'Guardar cambios' : 'Crear representante'}
          busy={busy}
          onCancel={cerrar}
          onSubmit={async (values, rellenados) => {
            try {
              if (editando) {
                await editar(values, estado);
                notify?.({ type: 'success', message: 'Representante actualizado exitosamente' });
              } else {
                await crear(values, rellenados, { otorganteId: clienteId });
                notify?.({ type: 'success', message: 'Representante creado exitosamente' });
              }
              onClose();
            } catch (e) {
              // the server's Spanish reason when it gives one (e.g. a person cannot represent themself)
              const { message: motivo, status } = (e ?? {}) as { message?: string; status?: number };
              const base = editando ? 'No se pudieron guardar los cambios' : 'No se pudo crear el representante';
              notify?.({
                type: 'error',
                message: 'Error',
                description: motivo && status && status >= 400 && status < 500 ? `${base}: ${motivo}` : `${base}. Inténtalo de nuevo.`,
              });
            }
          }}
        />
      )}
    </DialogoFormulario>
  );
}
