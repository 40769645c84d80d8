import { useMemo } from 'react';
import { useList } from '@refinedev/core';
import { session } from '../../../providers/session';

interface Notaria {
  id: number;
  nombre: string;
  externalidnotaria: string;
  idint: number;
}

export interface NotariaOption {
  value: string;
  label: string;
}

/**
 * The notary offices offered at login (table notarias, by nombre; value = externalidnotaria).
 * Once an id_persona is stored, only the person's notarías (GET /personaNotaria/persona/{id},
 * notariaId = idint); when that list is empty or fails, all of them.
 */
export function useNotariaOptions(): { options: NotariaOption[]; loading: boolean } {
  const idPersona = session.get().idPersona;
  const notarias = useList<Notaria>({
    resource: 'notarias',
    dataProviderName: 'supabase',
    pagination: { mode: 'off' },
    sorters: [{ field: 'nombre', order: 'asc' }],
    meta: { select: 'id,nombre,externalidnotaria,idint' },
    errorNotification: { type: 'error', message: 'Error', description: 'No se pudieron cargar las notarías' },
  });
  const links = useList<{ notariaId: number | string }>({
    resource: 'personaNotaria',
    meta: { path: `/personaNotaria/persona/${encodeURIComponent(idPersona ?? '')}` },
    pagination: { mode: 'off' },
    queryOptions: { enabled: !!idPersona, retry: false },
    errorNotification: false,
  });

  const linked = links.query.isError ? [] : links.result.data;
  const options = useMemo(() => {
    const ids = new Set(linked.map((l) => Number(l.notariaId)));
    const all = notarias.result.data;
    const mine = ids.size ? all.filter((n) => ids.has(Number(n.idint))) : all;
    return mine.map((n) => ({ value: n.externalidnotaria, label: n.nombre }));
  }, [notarias.result.data, linked]);

  return { options, loading: notarias.query.isLoading || (!!idPersona && links.query.isLoading) };
}
