import { publicRest } from './supabase-public';

/** A notaría as controller of personal data (public.notarias, read as anon). */
export interface NotariaResponsable {
  nombre: string;
  direccion: string;
  email: string | null;
  telefono: string | null;
  externalidnotaria: string;
  responsable_tratamiento: string | null;
  dpd_nombre: string | null;
  dpd_email: string | null;
}

/** Every notaría with its controller and data-protection officer contacts, by nombre. */
export async function notariasResponsables(): Promise<NotariaResponsable[]> {
  const { data, error } = await publicRest
    .from('notarias')
    .select('nombre,direccion,email,telefono,externalidnotaria,responsable_tratamiento,dpd_nombre,dpd_email')
    .order('nombre');
  if (error) throw new Error('No se pudieron cargar las notarías');
  return (data ?? []) as NotariaResponsable[];
}
