import { z } from 'zod';
import { doors, endpoint } from './endpoint';

/** POST /notificaciones/invitacion-calendario: the staff member (public.personal.id). */
export const invitacionSchema = z.object({
  notarioId: z.coerce.number({ error: 'El miembro del personal no es válido' }).int('El miembro del personal no es válido').positive('El miembro del personal no es válido'),
});

/** Notifications the office sends. */
export const notificaciones = {
  sendCalendarInvitation: endpoint({
    method: 'POST',
    path: '/notificaciones/invitacion-calendario',
    summary: 'Enviar a un miembro del personal su invitación de calendario (.ics) por email',
    description:
      'Solo un administrador (si no, 403): su disponibilidad semanal y sus próximas citas. Con el calendario del portal no hace falta (sent: false); un miembro desactivado: 409.',
    tag: 'Notificaciones',
    body: invitacionSchema,
    answer: z.object({ message: z.string(), sent: z.boolean() }),
    access: doors.signedIn,
  }),
};
