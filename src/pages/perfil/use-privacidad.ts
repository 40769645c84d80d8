import { useCustom, useCustomMutation } from '@refinedev/core';
import { serviciosDescarga } from '../../../providers/servicios-http';
import { serviciosUrl } from '../../../resources/servicios-url';
import privacidad from '../../../resources/privacidad';
import type { Acceso, NuevaSolicitud, Solicitud } from '../../../domain/privacidad';

/** The /privacidad endpoints through Refine's hooks; the paths come from resources/privacidad.ts. */
const url = (endpoint: string, values: Record<string, unknown> = {}) => serviciosUrl(privacidad.name, endpoint, values);

/** Downloads the export at once, as JSON or PDF. */
export function descargarExportacion(formato: 'json' | 'pdf') {
  const fecha = new Date().toISOString().slice(0, 10);
  return serviciosDescarga(`${url('exportacion')}?formato=${formato}`, `datos-personales-${fecha}.${formato}`);
}

export function useAccesos(page: number, pageSize: number) {
  const { result, query } = useCustom<{ data: Acceso[]; total: number }>({
    url: url('accesos'),
    method: 'get',
    config: { query: { page, pageSize } },
    errorNotification: false,
  });
  const body = result.data as { data?: Acceso[]; total?: number } | undefined;
  return { accesos: body?.data ?? [], total: body?.total ?? 0, isLoading: query.isLoading, isError: query.isError };
}

export function useMisSolicitudes() {
  const { result, query } = useCustom<Solicitud[]>({ url: url('solicitudes'), method: 'get', errorNotification: false });
  return { solicitudes: Array.isArray(result.data) ? (result.data as Solicitud[]) : [], isLoading: query.isLoading, recargar: () => query.refetch() };
}

export function useSolicitar() {
  const { mutateAsync, mutation } = useCustomMutation<Solicitud>();
  const solicitar = (values: NuevaSolicitud) =>
    mutateAsync({ url: url('solicitudes'), method: 'post', values, successNotification: false, errorNotification: false });
  return { solicitar, enviando: mutation.isPending };
}
