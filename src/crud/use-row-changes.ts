import { useState } from 'react';
import { useDelete, useNotification, useUpdate, type BaseKey } from '@refinedev/core';
import type { CatalogueConfig, ResourceMessages } from '../../domain/resource';
import { errorDescription } from './schema-rules';

/**
 * Eliminar and Restaurar of a list's rows: one set of Refine's mutation hooks for the whole list,
 * not one per row (each row's own useDelete, useUpdate and messages were ~70 ms of a phone's main
 * thread as /admin/notarias first showed seven rows). Each call waits on its own promise, so two
 * rows changed at once each get their toast and their button's spinner.
 */
export function useRowChanges(config: CatalogueConfig, messages: ResourceMessages) {
  const { open: notify } = useNotification();
  const { mutateAsync: remove } = useDelete();
  const { mutateAsync: update } = useUpdate();
  const [pending, setPending] = useState<ReadonlySet<BaseKey>>(new Set());

  const run = (id: BaseKey, change: Promise<unknown>, done: string, failed: string) => {
    setPending((ids) => new Set(ids).add(id));
    change
      .then(
        () => notify?.({ type: 'success', message: done }),
        (error: unknown) => notify?.({ type: 'error', message: failed, description: errorDescription(messages, error) }),
      )
      .finally(() =>
        setPending((ids) => {
          const rest = new Set(ids);
          rest.delete(id);
          return rest;
        }),
      );
  };
  const common = (id: BaseKey) => ({ resource: config.name, id, successNotification: false as const, errorNotification: false as const });
  const deletion = config.deletion;

  return {
    /** 'hard' removes the row; 'soft' sets its deletion column to false ('Ver eliminados' lists it). */
    deleteRow: (id: BaseKey) =>
      run(id, deletion.mode === 'soft' ? update({ ...common(id), values: { [deletion.column]: false } }) : remove(common(id)), messages.deleted, messages.deleteError),
    /** A row deleted softly shows in the catalogue again. */
    restoreRow: (id: BaseKey) => {
      if (deletion.mode === 'soft') run(id, update({ ...common(id), values: { [deletion.column]: true } }), messages.restored, 'No se pudo restaurar');
    },
    pending: (id: BaseKey) => pending.has(id),
  };
}
