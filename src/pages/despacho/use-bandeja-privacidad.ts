import { useCustom, useCustomMutation } from '@refinedev/core';
import { serviciosUrl } from '../../../resources/servicios-url';
import privacidad from '../../../resources/privacidad';
import type { RespuestaSolicitud, Solicitud, SolicitudBandeja } from '../../../domain/privacidad';

/** The office's side of the /privacidad endpoints through Refine's hooks; the paths come from resources/privacidad.ts. */
const url = (endpoint: string, values: Record<string, unknown> = {}) => serviciosUrl(privacidad.name, endpoint, values);

/** The office's inbox (staff of the person's notarías, admins). */
export function useBandejaPrivacidad() {
  const { result, query } = useCustom<SolicitudBandeja[]>({ url: url('bandeja'), method: 'get', errorNotification: false });
  return {
    solicitudes: Array.isArray(result.data) ? (result.data as SolicitudBandeja[]) : [],
    isLoading: query.isLoading,
    isError: query.isError,
    recargar: () => query.refetch(),
  };
}

export function useResponder() {
  const { mutateAsync, mutation } = useCustomMutation<Solicitud>();
  const responder = (id: string, values: RespuestaSolicitud) =>
    mutateAsync({ url: url('responder', { id }), method: 'put', values, successNotification: false, errorNotification: false });
  return { responder, respondiendo: mutation.isPending };
}
