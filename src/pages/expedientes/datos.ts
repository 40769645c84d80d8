import { useList } from '@refinedev/core';
import { EXPEDIENTE_SESSION_KEY } from '../../../providers/session';
import { ETIQUETA_GRUPO_ESTADO, grupoEstado } from '../../../domain/expediente-rules';

/** Where a clicked case row is kept for the next screens: session storage, key expedienteData. */
export { EXPEDIENTE_SESSION_KEY };

export function guardarExpedienteEnSesion(row: unknown) {
  try {
    sessionStorage.setItem(EXPEDIENTE_SESSION_KEY, JSON.stringify(row));
  } catch {
    /* private mode or full storage: the detail page reads the server anyway */
  }
}

export const COLOR_ESTADO = { finalizado: 'green', en_tramite: 'blue', pendiente: 'gold' } as const;
export function estadoVisible(estado: string | null | undefined) {
  const grupo = grupoEstado(estado);
  return { grupo, etiqueta: ETIQUETA_GRUPO_ESTADO[grupo], color: COLOR_ESTADO[grupo] };
}

export interface NotariaOpcion {
  id: number;
  nombre: string;
  idint: number;
}

/** The notary offices (public.notarias), by name; a case names its office by idint. */
export function useNotarias() {
  const { result, query } = useList<NotariaOpcion>({
    resource: 'notarias',
    dataProviderName: 'supabase',
    meta: { select: 'id,nombre,idint' },
    sorters: [{ field: 'nombre', order: 'asc' }],
    pagination: { mode: 'off' },
    errorNotification: { type: 'error', message: 'Error', description: 'No se pudieron cargar las notarías.' },
  });
  return { notarias: result.data, isLoading: query.isLoading };
}

