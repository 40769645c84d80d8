import { useCustom, useCustomMutation, useInvalidate, useList, useSubscription } from '@refinedev/core';
import { serviciosDescarga } from '../../providers/servicios-http';
import { serviciosUrl } from '../../resources/servicios-url';
import type { DocumentoDto } from '../../domain/documentos';
import type { CopiaDto } from '../../domain/copias';
import type { MensajeDto, NoLeidosDto } from '../../domain/mensajes';

/**
 * The documents, copies and conversation of a case through Refine's hooks on the servicios data
 * provider; the paths come from the resources' declarations (resources/documentos.ts, copias.ts,
 * mensajes.ts), read by name from Refine's resources: the shell shows the unread count without
 * loading the declarations.
 */
const caso = (expedienteId: string) => [{ field: 'expedienteId', operator: 'eq' as const, value: expedienteId }];

export function useDocumentosExpediente(expedienteId: string) {
  const { result, query } = useList<DocumentoDto>({
    resource: 'documentos',
    filters: caso(expedienteId),
    pagination: { mode: 'off' },
    errorNotification: false,
  });
  return { documentos: result.data, isLoading: query.isLoading, isError: query.isError };
}

export function useDocumentosPersona(personaId: string | undefined) {
  const { result, query } = useList<DocumentoDto>({
    resource: 'documentos',
    filters: [{ field: 'personaId', operator: 'eq', value: personaId }],
    pagination: { mode: 'off' },
    queryOptions: { enabled: !!personaId },
    errorNotification: false,
  });
  return { documentos: result.data, isLoading: query.isLoading };
}

/** Uploads a file (multipart, field `archivo`) to a case or a persona; the lists refresh. */
export function useSubirDocumento() {
  const { mutateAsync, mutation } = useCustomMutation<DocumentoDto>();
  const invalidate = useInvalidate();
  const subir = async (destino: { expedienteId: string } | { personaId: string }, archivo: File, tipo: string) => {
    const form = new FormData();
    form.set('archivo', archivo, archivo.name);
    form.set('tipo', tipo);
    const endpoint = 'expedienteId' in destino ? 'subirExpediente' : 'subirPersona';
    const { data } = await mutateAsync({
      url: serviciosUrl('documentos', endpoint, destino),
      method: 'post',
      values: form as never,
      successNotification: false,
      errorNotification: false,
    });
    await invalidate({ resource: 'documentos', invalidates: ['list'] });
    return data;
  };
  return { subir, subiendo: mutation.isPending };
}

/** Downloads a document or a delivered copy under its own name (the provider adds the session). */
export const descargarDocumento = (doc: { id: string; nombre: string }) =>
  serviciosDescarga(serviciosUrl('documentos', 'archivo', { id: doc.id }), doc.nombre);

export function useCopiasExpediente(expedienteId: string) {
  const { result, query } = useList<CopiaDto>({
    resource: 'copias',
    filters: caso(expedienteId),
    pagination: { mode: 'off' },
    errorNotification: false,
  });
  return { copias: result.data, isLoading: query.isLoading };
}

export function useMisCopias() {
  const { result, query } = useList<CopiaDto>({
    resource: 'copias',
    pagination: { mode: 'off' },
    errorNotification: false,
  });
  return { copias: result.data, isLoading: query.isLoading, isError: query.isError };
}

export function useCopiasDespacho() {
  const { result, query } = useCustom<CopiaDto[]>({ url: serviciosUrl('copias', 'despacho'), method: 'get', errorNotification: false });
  // useCustom answers {} until the request has answered
  return { copias: Array.isArray(result.data) ? (result.data as CopiaDto[]) : [], isLoading: query.isLoading };
}

/** Asks for a copy, or (office) moves a request on; every copy list refreshes. */
export function useCopiasAcciones() {
  const { mutateAsync, mutation } = useCustomMutation<CopiaDto>();
  const invalidate = useInvalidate();
  const refrescar = () => invalidate({ resource: 'copias', invalidates: ['list', 'all'] });
  const opts = { successNotification: false as const, errorNotification: false as const };
  return {
    ocupado: mutation.isPending,
    solicitar: async (expedienteId: string, values: { tipo: string; motivo: string }) => {
      const { data } = await mutateAsync({ url: serviciosUrl('copias', 'solicitar', { expedienteId }), method: 'post', values, ...opts });
      await refrescar();
      return data;
    },
    cambiar: async (id: string, values: { estado: string; documentoId?: string; motivo?: string }) => {
      const { data } = await mutateAsync({ url: serviciosUrl('copias', 'cambiar', { id }), method: 'put', values, ...opts });
      await refrescar();
      return data;
    },
  };
}

/**
 * The conversation, asked for again when the server says this case's messages changed (Refine's
 * live mode over GET /eventos, providers/live-provider.ts; polling only while the stream is down).
 */
export function useMensajes(expedienteId: string) {
  const { result, query } = useList<MensajeDto>({
    resource: 'mensajes',
    filters: caso(expedienteId),
    pagination: { mode: 'off' },
    liveMode: 'auto',
    errorNotification: false,
  });
  return { mensajes: result.data, isLoading: query.isLoading, isError: query.isError };
}

export function useEnviarMensaje(expedienteId: string) {
  const { mutateAsync, mutation } = useCustomMutation<MensajeDto>();
  const invalidate = useInvalidate();
  return {
    enviando: mutation.isPending,
    enviar: async (texto: string) => {
      await mutateAsync({ url: serviciosUrl('mensajes', 'enviar', { expedienteId }), method: 'post', values: { texto }, successNotification: false, errorNotification: false });
      await invalidate({ resource: 'mensajes', invalidates: ['list'] });
    },
  };
}

/**
 * Unread messages of the other side, per case (the navigation and the case list): one query shared
 * by every badge. `live`: this caller (one per page: the navigation's) asks for it again when the
 * server says messages changed on any of the caller's cases.
 */
export function useNoLeidos({ live = false }: { live?: boolean } = {}): NoLeidosDto {
  const { result, query } = useCustom<NoLeidosDto>({
    url: serviciosUrl('mensajes', 'noLeidos'),
    method: 'get',
    errorNotification: false,
  });
  useSubscription({
    channel: `resources/${'mensajes'}`,
    enabled: live,
    // a request on its way may have been answered before this change (a message read just now): asked anew
    onLiveEvent: () => void query.refetch(),
  });
  // useCustom answers {} until the request has answered
  const data = result.data as Partial<NoLeidosDto> | undefined;
  return { total: data?.total ?? 0, porExpediente: data?.porExpediente ?? {} };
}
