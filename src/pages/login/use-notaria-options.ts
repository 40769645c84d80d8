import { useEffect, useMemo, useState } from 'react';
import { serviciosFetch } from '../../../providers/servicios-http';
import { session } from '../../../providers/session';
import { publicRest } from '../../../providers/supabase-public';
import { useToast } from '../../shell/notifications';

interface Notaria {
  nombre: string;
  externalidnotaria: string;
  idint: number;
}

export interface NotariaOption {
  value: string;
  label: string;
}

type Linked = { notariaId: number | string }[] | { data: { notariaId: number | string }[] };

/**
 * The notary offices offered at login (table notarias, by nombre; value = externalidnotaria).
 * Once an id_persona is stored, only the person's notarías (GET /personaNotaria/persona/{id},
 * notariaId = idint); when that list is empty or fails, all of them.
 */
export function useNotariaOptions(): { options: NotariaOption[]; loading: boolean } {
  const toast = useToast();
  const [notarias, setNotarias] = useState<Notaria[] | null>(null);
  const [linked, setLinked] = useState<Set<number> | null>(null);

  useEffect(() => {
    let live = true;
    const idPersona = session.get().idPersona;
    publicRest
      .from('notarias')
      .select('nombre,externalidnotaria,idint')
      .order('nombre')
      .then(({ data, error }) => {
        if (!live) return;
        if (error) toast({ type: 'error', message: 'Error', description: 'No se pudieron cargar las notarías' });
        setNotarias((data as Notaria[] | null) ?? []);
      });
    if (!idPersona) setLinked(new Set());
    else
      serviciosFetch<Linked>(`/personaNotaria/persona/${encodeURIComponent(idPersona)}`)
        .then((body) => (Array.isArray(body) ? body : (body?.data ?? [])))
        .catch(() => [])
        .then((links) => live && setLinked(new Set(links.map((l) => Number(l.notariaId)))));
    return () => {
      live = false;
    };
  }, []);

  const options = useMemo(() => {
    const all = notarias ?? [];
    const mine = linked?.size ? all.filter((n) => linked.has(Number(n.idint))) : all;
    return mine.map((n) => ({ value: n.externalidnotaria, label: n.nombre }));
  }, [notarias, linked]);

  return { options, loading: notarias === null || linked === null };
}
