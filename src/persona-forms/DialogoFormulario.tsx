import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Form, Modal, type ModalProps } from 'antd';

interface Props extends Omit<ModalProps, 'onCancel' | 'children'> {
  /** Closes the dialog; called straight away while nothing was changed, after a confirmation otherwise. */
  onClose: () => void;
  /** While saving the dialog does not close. */
  busy?: boolean;
  /** The content, given the dialog's own close (with the same confirmation) for a 'Cancelar' button. */
  children: ReactNode | ((cerrar: () => void) => ReactNode);
}

/**
 * A dialog holding a form. Escape inside an open list (a select or the country picker) closes
 * that list only; closing the dialog (Escape, ×, the mask, Cancelar) after the user changed a
 * field asks first, so nothing typed is lost by accident.
 */
export default function DialogoFormulario({ onClose, busy, children, open, ...modal }: Props) {
  const [cambiado, setCambiado] = useState(false);
  const [dialogos, contexto] = Modal.useModal();

  const cerrar = () => {
    if (busy) return;
    if (!cambiado) return void onClose();
    void dialogos.confirm({
      title: '¿Descartar los cambios?',
      content: 'Los datos introducidos en este formulario se perderán.',
      okText: 'Descartar cambios',
      okButtonProps: { danger: true },
      cancelText: 'Seguir editando',
      onOk: () => {
        setCambiado(false);
        onClose();
      },
    });
  };

  // a list that is open takes the Escape for itself
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && (e.target as HTMLElement).closest?.('[aria-expanded="true"]')) e.stopPropagation();
  };

  return (
    <Modal {...modal} open={open} onCancel={cerrar} maskClosable={!busy} destroyOnHidden afterClose={() => setCambiado(false)}>
      {contexto}
      <div onKeyDown={onKeyDown}>
        <Form.Provider onFormChange={(_, { changedFields }) => changedFields.some((f) => f.touched) && setCambiado(true)}>{typeof children === 'function' ? children(cerrar) : children}</Form.Provider>
      </div>
    </Modal>
  );
}
