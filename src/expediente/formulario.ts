import { useList } from '@refinedev/core';
import { URL_ACTO_PROPIA } from '../../resources/actos-servicios';

/** The act form document of this portal (formulario.html, its own Vite entry). */
export const FORMULARIO_POR_DEFECTO = '/formulario.html';
/** The definition used when an act names none: act 3, 'Poder General'. */
export const DEFINICION_POR_DEFECTO = 3;

/**
 * The address framed for an act: its url_acto when that is the portal's own form document (the
 * rule the catalogue and the database enforce: the frame receives the act's data), otherwise the
 * default form. Another site, '//host' or a portal route such as /acto-poder-general falls back.
 */
export function urlFormulario(urlActo: string | null | undefined): string {
  const u = (urlActo ?? '').trim();
  return URL_ACTO_PROPIA.test(u) ? u : FORMULARIO_POR_DEFECTO;
}

export interface ActoCatalogo {
  id: number;
  categoria_id: number;
  nombre: string;
  descripcion: string;
  documentos_requeridos: string[];
  json_definicion: unknown;
  url_acto: string | null;
}

/** The form definition (actos_servicios.json_definicion) of a definition id, or of act 3 when none is given. */
export function useDefinicionActo(definicionActoId: number | null | undefined, enabled = true) {
  const id = definicionActoId || DEFINICION_POR_DEFECTO;
  const { result, query } = useList<ActoCatalogo>({
    resource: 'actos_servicios',
    dataProviderName: 'supabase',
    meta: { select: 'id,categoria_id,nombre,descripcion,documentos_requeridos,json_definicion,url_acto' },
    filters: [{ field: 'id', operator: 'eq', value: id }],
    pagination: { mode: 'off' },
    queryOptions: { enabled },
    errorNotification: { type: 'error', message: 'Error', description: 'No se pudieron cargar los actos.' },
  });
  const acto = result.data?.[0];
  return { acto, definicion: acto?.json_definicion ?? null, isLoading: query.isLoading, isError: query.isError };
}
