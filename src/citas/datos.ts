import { useList } from '@refinedev/core';
import type { CitaRow } from '../../domain/citas-rules';
import { ASUNTOS_POR_DEFECTO } from '../../domain/citas-rules';
import type { Persona } from '../../domain/persona';
import { displayName } from '../../domain/display-name';

/**
 * Data of the appointments, always through Refine hooks (tables of the supabase provider): read by
 * /citas, the dashboard and the office's diary (/despacho/citas).
 */

export interface Notaria {
  id: number;
  nombre: string;
  direccion: string;
  idint: number;
  /** The notaría's video-conference room, where its online appointments take place. */
  sistema_videoconferencia?: string | null;
}

/** A row of the public staff directory (public.personal_directorio): active staff only. */
export interface Personal {
  id: number;
  name: string;
  position: string;
  notaria_id: number;
  is_active?: boolean;
}

/** A persona of the services API, only the fields the appointment pages show. */
export interface PersonaResumen {
  id: string;
  tipoPersona?: 'FISICA' | 'JURIDICA';
  nombre?: string | null;
  primerApellido?: string | null;
  segundoApellido?: string | null;
  razonSocial?: string | null;
  identificador?: { tipo?: string; numero?: string } | null;
  email?: string | null;
}

const supabase = { dataProviderName: 'supabase', pagination: { mode: 'off' as const } };

/** Display name of a client (domain/persona's displayName); 'Cliente no encontrado' when it could not be read. */
export function nombrePersona(p: PersonaResumen | undefined | null): string {
  if (!p) return 'Cliente no encontrado';
  return displayName(p as Persona);
}

export function useNotarias() {
  const { result, query } = useList<Notaria>({ resource: 'notarias', sorters: [{ field: 'nombre', order: 'asc' }], ...supabase });
  return { notarias: result.data, isLoading: query.isLoading, isError: query.isError };
}

/**
 * The active staff, by name: the public directory (name, position, notaría; never e-mails or
 * documents, supabase/migrations/20261126100000_directorio_personal.sql).
 */
export function usePersonal() {
  const { result, query } = useList<Personal>({ resource: 'personal_directorio', sorters: [{ field: 'name', order: 'asc' }], ...supabase });
  return { personal: result.data, isLoading: query.isLoading, isError: query.isError };
}

/** The admin's matter types; the three default ones (ASUNTOS_POR_DEFECTO) when the table is empty or unreadable. */
export function useAsuntos() {
  const { result, query } = useList<{ id: number; name: string }>({
    resource: 'tipos_asunto',
    sorters: [{ field: 'id', order: 'asc' }],
    ...supabase,
  });
  const names = result.data.map((t) => t.name);
  return { asuntos: names.length > 0 ? names : ASUNTOS_POR_DEFECTO, isLoading: query.isLoading };
}

/** The appointments row-level security lets this user see, soonest first. */
export function useCitas() {
  const { result, query } = useList<CitaRow>({
    resource: 'citas',
    sorters: [
      { field: 'date', order: 'asc' },
      { field: 'time', order: 'asc' },
    ],
    ...supabase,
  });
  return { citas: result.data, isLoading: query.isLoading, isError: query.isError, refetch: query.refetch };
}
