import { serviciosCall } from './servicios-http';
import { routes } from '../api/routes';
import { session } from './session';
import { publicRest } from './supabase-public';

/** A notaría offered at sign-in: value = externalidnotaria, label = nombre. */
export interface NotariaDeAcceso {
  value: string;
  label: string;
}

/**
 * The notary offices offered at sign-in (table notarias, by nombre, read as anon). When a
 * previous session left its id_persona, only the person's notarías (the services API's
 * personaNotaria, notariaId = idint); when that list is empty or fails, all of them.
 * A failure to read the offices rejects.
 */
export async function notariasDeAcceso(): Promise<NotariaDeAcceso[]> {
  const idPersona = session.get().idPersona;
  type Vinculo = { notariaId: number | string };
  const vinculadas = idPersona
    ? serviciosCall<Vinculo[] | { data: Vinculo[] }>(routes.personas.listNotarias, { idPersona })
        .then((body) => (Array.isArray(body) ? body : (body?.data ?? [])))
        .catch(() => [] as Vinculo[])
    : Promise.resolve([] as Vinculo[]);
  const [{ data, error }, vinculos] = await Promise.all([
    publicRest.from('notarias').select('nombre,externalidnotaria,idint').order('nombre'),
    vinculadas,
  ]);
  if (error) throw new Error('No se pudieron cargar las notarías');
  const todas = (data ?? []) as { nombre: string; externalidnotaria: string; idint: number }[];
  const mias = new Set(vinculos.map((l) => Number(l.notariaId)));
  return (mias.size ? todas.filter((n) => mias.has(Number(n.idint))) : todas).map((n) => ({ value: n.externalidnotaria, label: n.nombre }));
}
