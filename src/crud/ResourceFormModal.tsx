import { useEffect } from 'react';
import { Form, Modal } from 'antd';
import type { BaseKey } from '@refinedev/core';
import type { CatalogueConfig } from '../../domain/resource';
import ResourceFormFields from './ResourceFormFields';
import { useResourceModal } from './use-resource-modal';

export interface PeticionFormulario {
  /** The record to edit (nothing for a new one). */
  id?: BaseKey;
}

/**
 * The create or edit form of a resource in its modal. The list loads it on the first press of
 * 'Crear ...' or 'Editar' (with the form's inputs: selects, date and time pickers, schemas) and
 * keeps it mounted; each new `peticion` object opens it again.
 */
export default function ResourceFormModal({ config, action, peticion }: { config: CatalogueConfig; action: 'create' | 'edit'; peticion: PeticionFormulario }) {
  const modal = useResourceModal(config, action);
  const { show } = modal;
  useEffect(() => {
    show(peticion.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new request opens the form, not a new render: `show` is a new function at every render
  }, [peticion]);
  return (
    <Modal {...modal.modalProps}>
      <Form {...modal.formProps}>
        <ResourceFormFields config={config} />
      </Form>
    </Modal>
  );
}
