import { useEffect, useRef } from 'react';
import { useList, useNotification } from '@refinedev/core';
import type { ActoCatalogo } from '../expediente/formulario';

/** The services catalogue (categories and their acts), read by /servicios and by a case's 'Nuevo acto'. */

export interface CategoriaServicio {
  id: number;
  nombre: string;
  descripcion: string;
  imagen_url: string | null;
}

/** Shown when the categories cannot be loaded (the seven built-in categories). */
export const CATEGORIAS_PREDETERMINADAS: CategoriaServicio[] = [
  { id: 1, nombre: 'Poderes', descripcion: 'Poderes generales y especiales para que otra persona actúe en su nombre.', imagen_url: null },
  { id: 2, nombre: 'Inmobiliario', descripcion: 'Compraventas, hipotecas y demás operaciones sobre inmuebles.', imagen_url: null },
  { id: 3, nombre: 'Familia', descripcion: 'Capitulaciones matrimoniales, separaciones y divorcios de mutuo acuerdo.', imagen_url: null },
  { id: 4, nombre: 'Mercantil', descripcion: 'Constitución de sociedades y acuerdos societarios.', imagen_url: null },
  { id: 5, nombre: 'Pólizas', descripcion: 'Intervención de pólizas de préstamo y de crédito.', imagen_url: null },
  { id: 6, nombre: 'Sucesiones y Donaciones', descripcion: 'Testamentos, herencias y donaciones.', imagen_url: null },
  { id: 7, nombre: 'Actas', descripcion: 'Actas notariales de presencia, notoriedad y manifestaciones.', imagen_url: null },
];

/** Act descriptions in lists are cut at this many characters. */
export const LONGITUD_DESCRIPCION = 60;
export const recortar = (texto: string, max = LONGITUD_DESCRIPCION) => (texto.length > max ? `${texto.slice(0, max).trimEnd()}...` : texto);

/** The active categories by name; on failure the built-in ones, with a toast. */
export function useCategorias() {
  const { open } = useNotification();
  const { result, query } = useList<CategoriaServicio>({
    resource: 'categorias_servicios',
    dataProviderName: 'supabase',
    meta: { select: 'id,nombre,descripcion,imagen_url' },
    filters: [{ field: 'activo', operator: 'eq', value: true }],
    sorters: [{ field: 'nombre', order: 'asc' }],
    pagination: { mode: 'off' },
    errorNotification: false,
  });
  const avisado = useRef(false);
  useEffect(() => {
    if (query.isError && !avisado.current) {
      avisado.current = true;
      open?.({ type: 'error', message: 'Error', description: 'No se pudieron cargar las categorías.' });
    }
  }, [query.isError, open]);
  return {
    categorias: query.isError ? CATEGORIAS_PREDETERMINADAS : (result.data ?? []),
    isLoading: query.isLoading,
    fallo: query.isError,
  };
}

/** A category named in the address by id, or by its name in lowercase (the dashboard's links). */
export function buscarCategoria(categorias: CategoriaServicio[], param: string | undefined) {
  const p = decodeURIComponent(param ?? '').trim().toLowerCase();
  return categorias.find((c) => String(c.id) === p || c.nombre.toLowerCase() === p);
}

const CAMPOS_ACTO = 'id,categoria_id,nombre,descripcion,documentos_requeridos,json_definicion,url_acto';

/** The active acts of a category, by name. */
export function useActosDeCategoria(categoriaId: number | undefined) {
  const { result, query } = useList<ActoCatalogo>({
    resource: 'actos_servicios',
    dataProviderName: 'supabase',
    meta: { select: CAMPOS_ACTO },
    filters: [
      { field: 'categoria_id', operator: 'eq', value: categoriaId },
      { field: 'activo', operator: 'eq', value: true },
    ],
    sorters: [{ field: 'nombre', order: 'asc' }],
    pagination: { mode: 'off' },
    queryOptions: { enabled: categoriaId !== undefined },
    errorNotification: { type: 'error', message: 'Error', description: 'No se pudieron cargar los actos.' },
  });
  return { actos: result.data ?? [], isLoading: query.isLoading && categoriaId !== undefined, isError: query.isError };
}

/** One active act. */
export function useActoServicio(actoId: string | undefined) {
  const id = Number(actoId);
  const valido = Number.isSafeInteger(id) && id > 0;
  const { result, query } = useList<ActoCatalogo>({
    resource: 'actos_servicios',
    dataProviderName: 'supabase',
    meta: { select: CAMPOS_ACTO },
    filters: [
      { field: 'id', operator: 'eq', value: id },
      { field: 'activo', operator: 'eq', value: true },
    ],
    pagination: { mode: 'off' },
    queryOptions: { enabled: valido },
    errorNotification: { type: 'error', message: 'Error', description: 'No se pudieron cargar los actos.' },
  });
  return { acto: valido ? result.data?.[0] : undefined, isLoading: valido && query.isLoading, isError: query.isError };
}
