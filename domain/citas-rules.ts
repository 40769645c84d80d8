/**
 * Appointments without zod (the pages' first screen reads these): the Cita record, the booking
 * wizard's choices and the texts of /citas. Stored in table public.citas; the wizard's schema is in
 * ./citas.
 */

export type TipoCita = 'presencial' | 'online';

/** A row of public.citas as the /rest/v1 gateway returns it. */
export interface CitaRow {
  id: number;
  user_id: string;
  client_id: string;
  notaria_id: number;
  staff_id: number;
  subject: string;
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:MM:SS' */
  time: string;
  type: TipoCita;
  created_at?: string;
}

/** A booked slot of public.citas_ocupadas (no personal data). */
export interface SlotOcupado {
  staff_id: number;
  date: string;
  time: string;
}

export const TIPOS_CITA: { value: TipoCita; label: string }[] = [
  { value: 'presencial', label: 'Presencial' },
  { value: 'online', label: 'Online' },
];
export const TIPO_CITA_POR_DEFECTO: TipoCita = 'presencial';
/** The subjects offered when the admin's table tipos_asunto has none: Firma, Consulta, Otros (default Consulta). */
export const ASUNTOS_POR_DEFECTO = ['Firma', 'Consulta', 'Otros'];
export const ASUNTO_POR_DEFECTO = 'Consulta';

export const TEXTOS_CITAS = {
  titulo: 'Citas',
  pedir: 'Pedir cita',
  vacio: 'No tienes citas programadas',
  confirmarCancelar: '¿Estás seguro que deseas cancelar esta cita?',
  cancelada: 'Cita cancelada',
  programada: 'Cita programada',
  actualizada: 'Cita actualizada',
  confirmar: 'Confirmar cita',
  continuar: 'Continuar',
  horaOcupada: 'Esa hora acaba de ser reservada por otra persona. Elija otra de las horas disponibles.',
  sinHoras: 'No hay horas disponibles para este día',
  errorGuardar: 'No se pudo guardar la cita',
  errorCancelar: 'No se pudo cancelar la cita',
  errorCargar: 'No se pudieron cargar las citas',
} as const;

/** 'YYYY-MM-DD' → 'dd/mm/yyyy' (how the Fecha column shows it). */
export function fechaEs(date: string): string {
  const [y, m, d] = date.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

export function etiquetaTipo(type: string): string {
  return TIPOS_CITA.find((t) => t.value === type)?.label ?? type;
}

/** True when the database refused the booking because the staff member's slot is taken (unique violation). */
export function esHoraOcupada(error: unknown): boolean {
  const e = error as { code?: unknown; statusCode?: unknown } | null;
  return String(e?.code) === '23505' || e?.statusCode === 23505;
}

/** Upcoming first: by date then time; those before `today` are left out. */
export function proximasCitas<T extends Pick<CitaRow, 'date' | 'time'>>(citas: T[], today: string): T[] {
  return citas
    .filter((c) => c.date >= today)
    .sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time));
}
