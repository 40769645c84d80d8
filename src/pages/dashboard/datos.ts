import { useList } from '@refinedev/core';
import { session } from '../../../providers/session';
import type { ExpedienteDto } from '../../../domain/expediente';

/** Data of the dashboard, through Refine hooks. */

export interface Categoria {
  id: number;
  nombre: string;
  descripcion: string;
}

export interface ActoServicio {
  id: number;
  nombre: string;
  categoria_id: number;
}

/** The signed-in person's cases, newest first (GET /expediente/owner/{personaId}). */
export function useMisExpedientes() {
  const idPersona = session.get().idPersona ?? '';
  const { result, query } = useList<ExpedienteDto>({
    resource: 'expedientes',
    filters: [{ field: 'ownerId', operator: 'eq', value: idPersona }],
    sorters: [{ field: 'fechaAlta', order: 'desc' }],
    pagination: { mode: 'off' },
    queryOptions: { enabled: !!idPersona },
    errorNotification: { type: 'error', message: 'Error', description: 'No se pudieron cargar los expedientes' },
  });
  return { expedientes: result.data, isLoading: query.isLoading, isError: query.isError };
}

/** Active categories and acts, for the service search and the popular services. */
export function useServicios() {
  const categorias = useList<Categoria>({
    resource: 'categorias_servicios',
    dataProviderName: 'supabase',
    filters: [{ field: 'activo', operator: 'eq', value: true }],
    sorters: [{ field: 'id', order: 'asc' }],
    pagination: { mode: 'off' },
  });
  const actos = useList<ActoServicio>({
    resource: 'actos_servicios',
    dataProviderName: 'supabase',
    meta: { select: 'id,nombre,categoria_id' },
    filters: [{ field: 'activo', operator: 'eq', value: true }],
    sorters: [{ field: 'nombre', order: 'asc' }],
    pagination: { mode: 'off' },
  });
  return {
    categorias: categorias.result.data,
    actos: actos.result.data,
    isLoading: categorias.query.isLoading,
    isError: categorias.query.isError,
  };
}
