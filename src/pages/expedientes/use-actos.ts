import { useCallback, useEffect, useRef } from 'react';
import { useCreate, useInvalidate, useList, useNotification, useUpdate } from '@refinedev/core';
import type { ActoDto } from '../../../domain/expediente';
import { ETIQUETA_ESTADO_ACTO, type EstadoActo } from '../../../domain/expediente-rules';
import { isTempId } from '../../../domain/temp-id';

/** While an act is kept in this browser, the list is read (and the act sent) again this often. */
const REINTENTO_MS = 15_000;

export interface OpcionesGuardado {
  /** Autosave: its own messages, and no success toast. */
  auto?: boolean;
}

const callado = { successNotification: false, errorNotification: false } as const;

/**
 * The acts of a case, their saving and status changes. An act the server did not answer is kept
 * in this browser by the data provider (a `temp-` id, shown 'Pendiente de guardar') and sent again
 * whenever the list is read: every 15 s while one is kept, and when the browser is back online.
 */
export function useActos(expedienteId: string) {
  const { open } = useNotification();
  const invalidate = useInvalidate();
  const { mutateAsync: crear } = useCreate<ActoDto>();
  const { mutateAsync: actualizar } = useUpdate<ActoDto>();
  const { result, query } = useList<ActoDto>({
    resource: 'actos',
    filters: [{ field: 'expedienteId', operator: 'eq', value: expedienteId }],
    pagination: { mode: 'off' },
    errorNotification: false,
    queryOptions: {
      refetchInterval: (q) => ((q.state.data?.data ?? []).some((a) => isTempId(a.id)) ? REINTENTO_MS : false),
      refetchOnReconnect: 'always',
    },
  });
  const actos = query.isError ? [] : (result.data ?? []); // an empty list on error
  // hooks' functions change identity between renders; the callbacks below read the latest ones
  const ultimo = useRef({ open, crear, actualizar, invalidate });
  ultimo.current = { open, crear, actualizar, invalidate };
  const avisar = useCallback(
    (type: 'success' | 'error', message: string, description: string) => ultimo.current.open?.({ type, message, description }),
    [],
  );
  const error = useCallback((description: string, message = 'Error') => avisar('error', message, description), [avisar]);
  const releer = useCallback(() => ultimo.current.invalidate({ resource: 'actos', invalidates: ['list'] }), []);

  // acts kept earlier and created by this read
  const enviados = (query.data as { enviados?: number } | undefined)?.enviados ?? 0;
  const leidoAlEntrar = useRef(query.dataUpdatedAt);
  useEffect(() => {
    if (enviados && query.dataUpdatedAt !== leidoAlEntrar.current) avisar('success', 'Actos guardados', `Se han guardado ${enviados} acto(s) pendiente(s)`);
  }, [query.dataUpdatedAt, enviados, avisar]);

  /**
   * Saves an act: updates it when it has a stored id, creates it otherwise (a kept `temp-` act is
   * sent again with these data). Answers the act as it now stands (stored or kept), or null when
   * nothing could be kept.
   */
  const guardar = useCallback(async (acto: ActoDto, { auto = false }: OpcionesGuardado = {}): Promise<ActoDto | null> => {
    const { crear, actualizar } = ultimo.current;
    if (acto.id && !isTempId(acto.id)) {
      try {
        const { data } = await actualizar({ resource: 'actos', id: acto.id, values: { ...acto, id: acto.id }, ...callado });
        if (!auto) avisar('success', 'Acto actualizado', 'El acto se ha guardado correctamente');
        return data;
      } catch {
        error(auto ? 'No se pudo actualizar el acto automáticamente' : 'No se pudo actualizar el acto');
        return null;
      }
    }
    try {
      const { data } = isTempId(acto.id)
        ? await actualizar({ resource: 'actos', id: acto.id, values: acto, ...callado })
        : await crear({ resource: 'actos', values: { ...acto, id: '' }, ...callado });
      if (isTempId(data.id)) {
        avisar(
          'error',
          auto ? 'No se pudo guardar el acto automáticamente' : 'No se pudo guardar el acto',
          'Se ha guardado una copia en este navegador; se enviará cuando el servidor responda.',
        );
      } else if (!auto) avisar('success', 'Acto guardado', 'El acto se ha creado correctamente');
      return data;
    } catch (e) {
      // an answered refusal says why; otherwise not even the copy in this browser could be kept
      const motivo = (e as { status?: number; message?: string }).status ? (e as Error).message : undefined;
      if (motivo) error(motivo, auto ? 'No se pudo guardar el acto automáticamente' : 'No se pudo guardar el acto');
      else if (auto) error('Error al guardar automáticamente. Use el botón manual.', 'Error en auto-save');
      else error('Error al guardar datos localmente');
      return null;
    }
  }, [avisar, error]);

  const cambiarEstado = useCallback(async (acto: ActoDto, status: EstadoActo) => {
    try {
      const { data } = await ultimo.current.actualizar({ resource: 'actos', id: acto.id, values: isTempId(acto.id) ? { ...acto, status } : { status, id: acto.id }, ...callado });
      if (!isTempId(data.id)) avisar('success', 'Acto actualizado', `Estado: ${ETIQUETA_ESTADO_ACTO[status]}`);
    } catch (e) {
      // a refusal the person can act on says why (e.g. only the notaría may return a sent act once the case is in process)
      const rechazo = e as { status?: number; statusCode?: number; message?: string };
      const motivo = (rechazo?.status ?? rechazo?.statusCode) === 409 && rechazo.message ? rechazo.message : 'No se pudo actualizar el acto';
      error(isTempId(acto.id) ? 'Error al guardar datos localmente' : motivo);
      await releer();
    }
  }, [avisar, error, releer]);

  return { actos, isLoading: query.isLoading, guardar, cambiarEstado };
}
