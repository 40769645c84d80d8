import { useEffect, useMemo, useRef } from 'react';
import { useList, useNotification } from '@refinedev/core';
import { compareSpanish } from '../../domain/text';

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
  (rows ?? []).map((r) => r.nombre).sort(compareSpanish);

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

  // the rows and the loading state, not the query objects (new at every render)
  const filasProvincias = provincias.result.data;
  const filasPaises = paises.result.data;
  const filasProfesiones = profesiones.result.data;
  const filasTiposVia = tiposVia.result.data;
  const cargando = [provincias, paises, profesiones, tiposVia].some((c) => c.query.isLoading);
  return useMemo(
    () => ({
      provincias: byName(filasProvincias),
      paises: byName(filasPaises),
      profesiones: byName(filasProfesiones),
      tiposVia: byName(filasTiposVia),
      cargando,
    }),
    [filasProvincias, filasPaises, filasProfesiones, filasTiposVia, cargando],
  );
}
