import { useRef } from 'react';
import type { FormInstance, FormProps } from 'antd';
import { useModalForm } from '@refinedev/antd';
import { useNotification, type BaseKey, type BaseRecord, type HttpError } from '@refinedev/core';
import type { CatalogueConfig } from '../../domain/resource';
import { errorDescription, prepareRow, uniqueViolation } from './schema-rules';
import { useResourceMessages } from './use-resource-messages';
import { useUnaVez } from './use-una-vez';

/**
 * A create or edit form in a modal (Refine useModalForm) driven by the resource config: the
 * schema validates and cleans the values, the resource's messages become the toasts, and a
 * duplicate (unique index) is also shown on its field.
 */
export function useResourceModal(config: CatalogueConfig, action: 'create' | 'edit') {
  const { open: notify } = useNotification();
  const formRef = useRef<FormInstance | null>(null);
  const messages = useResourceMessages(config);

  const modal = useModalForm<BaseRecord, HttpError, Record<string, unknown>>({
    resource: config.name,
    action,
    redirect: false,
    warnWhenUnsavedChanges: false,
    disableServerSideValidation: true,
    successNotification: false,
    errorNotification: false,
    // The edit form reads the stored row in its form shape (e.g. null act → '0').
    // A row deleted while its form was open (the list refetches it) reads as nothing, not as an error.
    queryOptions: config.toForm
      ? { select: (res) => (res.data ? { ...res, data: config.toForm!(res.data as Record<string, unknown>) } : res) }
      : undefined,
    onMutationSuccess: () => notify?.({ type: 'success', message: messages.saved }),
    onMutationError: (error) => {
      // A duplicate shows under the field whose unique constraint it broke.
      const unique = uniqueViolation(messages, error);
      if (unique) formRef.current?.setFields([{ name: unique.field, errors: [unique.message] }]);
      notify?.({ type: 'error', message: messages.saveError, description: errorDescription(messages, error) });
    },
  });
  formRef.current = modal.form as FormInstance;

  // 'Guardar' pressed twice saves once
  const guardar = useUnaVez(async (values: Record<string, unknown>) => {
    const prepared = prepareRow(config, values);
    if (!prepared.ok) {
      modal.form.setFields(prepared.errors as never);
      return;
    }
    try {
      await modal.formProps.onFinish?.(prepared.row);
    } catch {
      // Shown by onMutationError; the modal stays open with what was typed.
    }
  });
  const onFinish: FormProps['onFinish'] = (values: Record<string, unknown>) => guardar.ejecutar(values);

  const verb = action === 'create' ? 'Crear' : 'Editar';
  return {
    formProps: {
      ...modal.formProps,
      onFinish,
      // Distinct ids per form: the create and edit modals of a list are both mounted.
      name: `${config.name}-${action}`,
      layout: 'vertical' as const,
      // While the stored row loads (and while saving), nothing typed could be lost to it.
      disabled: modal.formLoading,
      // A new record starts from the resource's defaults (resetFields returns to them).
      initialValues: action === 'create' ? (config.defaults?.() ?? {}) : modal.formProps.initialValues,
    },
    modalProps: {
      ...modal.modalProps,
      okButtonProps: { ...modal.modalProps.okButtonProps, loading: guardar.ocupado || modal.modalProps.okButtonProps?.loading },
      title: `${verb} ${config.labels.singular.toLowerCase()}`, width: 640, destroyOnHidden: false },
    show: (id?: BaseKey) => modal.show(id),
    open: modal.open,
  };
}
