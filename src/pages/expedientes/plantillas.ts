import { useCustom } from '@refinedev/core';

export interface Plantilla {
  id: number;
  nombre: string;
  plantilla: string;
  acto_id: number | null;
  definicionactoid: number | null;
}

/**
 * The templates of an act at a notaría (idint), through the template-operations function
 * (loadTemplates), which reads them with the caller's token. Loaded only while `activo`; a
 * failure leaves the list empty and is reported by the caller.
 */
export function usePlantillas(actoId: number | undefined, notariaId: number, activo: boolean) {
  const { result, query } = useCustom<{ data: Plantilla[] }>({
    dataProviderName: 'supabase',
    url: 'template-operations',
    method: 'post',
    config: { payload: { action: 'loadTemplates', actoId, notariaId } },
    queryOptions: { enabled: activo && !!actoId, retry: false },
    errorNotification: false,
  });
  const data = result?.data?.data;
  const error = query.isError || (query.isSuccess && !Array.isArray(data));
  return { plantillas: !error && Array.isArray(data) ? data : [], cargando: query.isFetching, error };
}
