import { useCustom, useCustomMutation, useInvalidate, useList } from '@refinedev/core';
import borradores from '../../resources/borradores';
import documentos from '../../resources/documentos';
import { serviciosUrl } from '../../resources/servicios-url';
import { serviciosArchivoUrl } from '../../providers/servicios-http';
import type { BorradorDto, DiferenciasDto, RespuestaBorrador } from '../../domain/borrador';

/** The drafts of a case's deeds through Refine's hooks (paths from resources/borradores.ts); the list is live. */
export function useBorradores(expedienteId: string) {
  const { result, query } = useList<BorradorDto>({
    resource: borradores.name,
    filters: [{ field: 'expedienteId', operator: 'eq', value: expedienteId }],
    pagination: { mode: 'off' },
    liveMode: 'auto',
    errorNotification: false,
  });
  return { borradores: result.data, isLoading: query.isLoading, isError: query.isError };
}

export function useAccionesBorrador() {
  const { mutateAsync, mutation } = useCustomMutation<BorradorDto>();
  const invalidate = useInvalidate();
  const hecho = () => invalidate({ resource: borradores.name, invalidates: ['list'] });
  const generar = async (actoId: string) => {
    await mutateAsync({ url: serviciosUrl(borradores.name, 'generar', { actoId }), method: 'post', values: {}, successNotification: false, errorNotification: false });
    await hecho();
  };
  const responder = async (id: string, respuesta: RespuestaBorrador, observaciones?: string) => {
    await mutateAsync({ url: serviciosUrl(borradores.name, 'responder', { id }), method: 'put', values: { respuesta, observaciones }, successNotification: false, errorNotification: false });
    await hecho();
  };
  return { generar, responder, ocupado: mutation.isPending };
}

export function useDiferencias(id: string | null, con: string | null) {
  const { result, query } = useCustom<DiferenciasDto>({
    url: id ? serviciosUrl(borradores.name, 'diferencias', { id }) : '',
    method: 'get',
    config: { query: { con } },
    queryOptions: { enabled: !!id && !!con },
    errorNotification: false,
  });
  return { diferencias: id && con && result?.data && 'partes' in result.data ? result.data : null, isLoading: query.isFetching };
}

/** The PDF of a version, as an object URL for the page (the caller revokes it). */
export const urlPdfBorrador = (b: BorradorDto) => serviciosArchivoUrl(serviciosUrl(documentos.name, 'archivo', { id: b.documentoId }));
