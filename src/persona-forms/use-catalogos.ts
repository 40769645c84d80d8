import { useEffect, useMemo, useRef } from 'react';
import { useList, useNotification } from '@refinedev/core';

interface Fila {
  id: number;
  nombre: string;
}

export interface Catalogos {
  provincias: string[];
  paises: string[];
  profesiones: string[];
  tiposVia: string[];
  cargando: boolean;
}

const byName = (rows: Fila[] | undefined) =>
  (rows ?? []).map((r) => r.nombre).sort((a, b) => a.localeCompare(b, 'es'));

/** One catalogue table of the hosted data store, whole and sorted by nombre. */
function useCatalogo(resource: string) {
  return useList<Fila>({
    resource,
    dataProviderName: 'supabase',
    pagination: { mode: 'off' },
    sorters: [{ field: 'nombre', order: 'asc' }],
    errorNotification: false,
    queryOptions: { staleTime: 60 * 60 * 1000 },
  });
}

/**
 * provincias, paises, profesiones and tipos_via for the person forms. A failure leaves the lists
 * empty and shows 'No se pudieron cargar los catálogos' once.
 */
export function useCatalogos(): Catalogos {
  const provincias = useCatalogo('provincias');
  const paises = useCatalogo('paises');
  const profesiones = useCatalogo('profesiones');
  const tiposVia = useCatalogo('tipos_via');
  const { open } = useNotification();
  const avisado = useRef(false);
  const fallo = [provincias, paises, profesiones, tiposVia].some((c) => c.query.isError);

  useEffect(() => {
    if (fallo && !avisado.current) {
      avisado.current = true;
      open?.({ type: 'error', message: 'Error', description: 'No se pudieron cargar los catálogos' });
    }
  }, [fallo, open]);

  return useMemo(
    () => ({
      provincias: byName(provincias.result.data),
      paises: byName(paises.result.data),
      profesiones: byName(profesiones.result.data),
      tiposVia: byName(tiposVia.result.data),
      cargando: [provincias, paises, profesiones, tiposVia].some((c) => c.query.isLoading),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [provincias.result.data, paises.result.data, profesiones.result.data, tiposVia.result.data, provincias.query.isLoading, paises.query.isLoading, profesiones.query.isLoading, tiposVia.query.isLoading],
  );
}
