import { useList } from '@refinedev/core';
import type { SlotOcupado } from '../../../domain/citas-rules';
import { officeNow } from '../../../domain/dates';
import { horaCorta, slotsDisponibles, type ReglaDisponibilidad } from '../../../domain/slots';

const supabase = { dataProviderName: 'supabase', pagination: { mode: 'off' as const } };

/**
 * The times a staff member offers on a date: their availability rules and the booked slots
 * (view citas_ocupadas, every client's) go through the rule of domain/slots.ts.
 * `ownTime` is the appointment being edited: its own slot stays offered.
 */
export function useSlots(staffId: number | undefined, date: string | undefined, ownTime?: string) {
  const reglas = useList<ReglaDisponibilidad & { id: number }>({
    resource: 'disponibilidad',
    filters: [{ field: 'staff_id', operator: 'eq', value: staffId }],
    queryOptions: { enabled: staffId !== undefined },
    ...supabase,
  });
  const ocupadas = useList<SlotOcupado>({
    resource: 'citas_ocupadas',
    filters: [
      { field: 'staff_id', operator: 'eq', value: staffId },
      { field: 'date', operator: 'eq', value: date },
    ],
    queryOptions: { enabled: staffId !== undefined && !!date },
    ...supabase,
  });

  const booked = ocupadas.result.data.map((s) => horaCorta(s.time)).filter((t) => t !== (ownTime && horaCorta(ownTime)));
  const slots = date
    ? slotsDisponibles({ date, rules: reglas.result.data, booked, now: officeNow() })
    : [];

  return {
    slots,
    isLoading: reglas.query.isLoading || (!!date && ocupadas.query.isLoading),
    isError: reglas.query.isError || ocupadas.query.isError,
    /** Re-reads the booked slots (after another client took one). */
    refetch: () => ocupadas.query.refetch(),
  };
}
