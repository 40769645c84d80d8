import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider, useList, useNotification } from '@refinedev/core';
import { isTempId, type ActoDto, type EstadoActo } from '../../../domain/expediente';
import { guardarActoLocal, leerActosLocales, quitarActoLocal } from './actos-locales';

/** Pending local acts are retried this often (and when the browser comes back online). */
const REINTENTO_MS = 15_000;

// Shared by every save in this tab: a temp- act is created once, even if the retry loop and the
// open form save it at the same time; afterwards its temp id stands for the stored id.
const creando = new Map<string, Promise<ActoDto>>();
const creados = new Map<string, string>();

export interface OpcionesGuardado {
  /** Autosave: its own messages, and no success toast. */
  auto?: boolean;
}

/** The acts of a case: stored ones plus local temp- ones, their saving, status changes and retries. */
export function useActos(expedienteId: string) {
  const dataProvider = useDataProvider();
  const { open } = useNotification();
  const [locales, setLocales] = useState<ActoDto[]>(() => leerActosLocales(expedienteId));
  const { result, query } = useList<ActoDto>({
    resource: 'acto',
    meta: { path: `/acto/expediente/${encodeURIComponent(expedienteId)}` },
    pagination: { mode: 'off' },
    errorNotification: false,
  });
  const servidor = query.isError ? [] : (result.data ?? []); // spec: an empty list on error
  const refrescarLocales = useCallback(() => setLocales(leerActosLocales(expedienteId)), [expedienteId]);
  // hooks' functions change identity between renders; the callbacks below read the latest ones
  const ultimo = useRef({ dataProvider, open, refetch: query.refetch });
  ultimo.current = { dataProvider, open, refetch: query.refetch };
  const avisar = (type: 'success' | 'error', message: string, description: string) => ultimo.current.open?.({ type, message, description });
  const error = (description: string, message = 'Error') => avisar('error', message, description);
  const refetch = () => ultimo.current.refetch();

  const crear = useCallback(
    async (acto: ActoDto): Promise<ActoDto> => {
      const body = { ...acto, id: '' };
      const tempId = isTempId(acto.id) ? acto.id : null;
      const peticion = ultimo.current.dataProvider().create<ActoDto>({ resource: 'acto', variables: body }).then((r) => r.data);
      if (tempId) creando.set(tempId, peticion);
      try {
        const creado = await peticion;
        if (tempId) {
          creados.set(tempId, creado.id);
          quitarActoLocal(tempId);
        }
        return creado;
      } finally {
        if (tempId) creando.delete(tempId);
      }
    },
    [],
  );

  const actualizar = useCallback(
    async (id: string, cambios: Partial<ActoDto>) =>
      (await ultimo.current.dataProvider().update<ActoDto>({ resource: 'acto', id, variables: { ...cambios, id } })).data,
    [],
  );

  /**
   * Saves an act: updates it when it has a stored id, creates it otherwise. A failed creation
   * keeps it locally with a temp- id (a later save or the retry loop sends it again).
   * Answers the act as it now stands (stored or local), or null when nothing could be kept.
   */
  const guardar = useCallback(
    async (acto: ActoDto, { auto = false }: OpcionesGuardado = {}): Promise<ActoDto | null> => {
      const pendiente = isTempId(acto.id) ? creando.get(acto.id) : undefined;
      if (pendiente) await pendiente.catch(() => undefined);
      const id = isTempId(acto.id) ? (creados.get(acto.id) ?? '') : acto.id;
      if (id) {
        try {
          const guardado = await actualizar(id, acto);
          await refetch();
          if (!auto) avisar('success', 'Acto actualizado', 'El acto se ha guardado correctamente');
          return guardado;
        } catch {
          error(auto ? 'No se pudo actualizar el acto automáticamente' : 'No se pudo actualizar el acto');
          return null;
        }
      }
      try {
        const creado = await crear(acto);
        refrescarLocales();
        await refetch();
        if (!auto) avisar('success', 'Acto guardado', 'El acto se ha creado correctamente');
        return creado;
      } catch {
        try {
          const local = guardarActoLocal(acto);
          refrescarLocales();
          avisar(
            'error',
            auto ? 'No se pudo guardar el acto automáticamente' : 'No se pudo guardar el acto',
            'Se ha guardado una copia en este navegador; se enviará cuando el servidor responda.',
          );
          return local;
        } catch {
          if (auto) error('Error al guardar automáticamente. Use el botón manual.', 'Error en auto-save');
          else error('Error al guardar datos localmente');
          return null;
        }
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [actualizar, crear, refrescarLocales],
  );

  const cambiarEstado = useCallback(
    async (acto: ActoDto, status: EstadoActo) => {
      if (isTempId(acto.id) && !creados.has(acto.id)) {
        try {
          guardarActoLocal({ ...acto, status });
          refrescarLocales();
        } catch {
          error('Error al guardar datos localmente');
        }
        return;
      }
      try {
        await actualizar(creados.get(acto.id) ?? acto.id, { status });
        await refetch();
        avisar('success', 'Acto actualizado', `Estado: ${status}`);
      } catch (e) {
        // a refusal the person can act on says why (e.g. only the notaría may return a sent act once the case is in process)
        const rechazo = e as { status?: number; statusCode?: number; message?: string };
        error((rechazo?.status ?? rechazo?.statusCode) === 409 && rechazo.message ? rechazo.message : 'No se pudo actualizar el acto');
        await refetch();
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [actualizar, refrescarLocales],
  );

  /** Sends every local act of this case that is not being sent already. */
  const reintentar = useCallback(async () => {
    const pendientes = leerActosLocales(expedienteId).filter((a) => !creando.has(a.id) && !creados.has(a.id));
    let guardados = 0;
    for (const acto of pendientes) {
      try {
        await crear(acto);
        guardados++;
      } catch {
        break; // still down: try again later
      }
    }
    for (const a of leerActosLocales(expedienteId)) if (creados.has(a.id)) quitarActoLocal(a.id);
    refrescarLocales();
    if (guardados) {
      await refetch();
      avisar('success', 'Actos guardados', `Se han guardado ${guardados} acto(s) pendiente(s)`);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expedienteId, crear, refrescarLocales]);

  useEffect(() => {
    void reintentar();
    const timer = window.setInterval(() => void reintentar(), REINTENTO_MS);
    const online = () => void reintentar();
    window.addEventListener('online', online);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', online);
    };
  }, [reintentar]);

  const actos = [...servidor, ...locales.filter((l) => !creados.has(l.id))];
  return { actos, isLoading: query.isLoading, guardar, cambiarEstado, reintentar };
}
