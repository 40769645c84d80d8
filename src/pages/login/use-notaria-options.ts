import { useEffect, useState } from 'react';
import { notariasDeAcceso, type NotariaDeAcceso } from '../../../providers/notarias-de-acceso';
import { useToast } from '../../shell/notifications';

export type NotariaOption = NotariaDeAcceso;

/** The notary offices offered at login (see notariasDeAcceso); an error is said once and leaves the list empty. */
export function useNotariaOptions(): { options: NotariaOption[]; loading: boolean } {
  const toast = useToast();
  const [options, setOptions] = useState<NotariaOption[] | null>(null);

  useEffect(() => {
    let live = true;
    notariasDeAcceso()
      .catch(() => {
        if (live) toast({ type: 'error', message: 'Error', description: 'No se pudieron cargar las notarías' });
        return [];
      })
      .then((o) => live && setOptions(o));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once, when the page opens; `toast` is a new function at every render and only a failure calls it
  }, []);

  return { options: options ?? [], loading: options === null };
}
