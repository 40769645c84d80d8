import { z } from 'zod';

/** Appointments: the booking wizard's schema (the rest, without zod, is in ./citas-rules). */

const FECHA = /^\d{4}-\d{2}-\d{2}$/;
const HORA = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** What the wizard sends to insert into citas (user_id is set by the database). */
export const nuevaCitaSchema = z.object({
  notaria_id: z.number({ message: 'Debe seleccionar una notaría' }).int().positive('Debe seleccionar una notaría'),
  staff_id: z.number({ message: 'Debe seleccionar un notario' }).int().positive('Debe seleccionar un notario'),
  subject: z.string({ message: 'Debe seleccionar un asunto' }).trim().min(1, 'Debe seleccionar un asunto'),
  client_id: z.uuid({ message: 'Debe seleccionar un cliente' }),
  date: z.string({ message: 'Debe seleccionar una fecha' }).regex(FECHA, 'Debe seleccionar una fecha'),
  time: z.string({ message: 'Debe seleccionar una hora' }).regex(HORA, 'Debe seleccionar una hora'),
  type: z.enum(['presencial', 'online'], { message: 'Tipo de cita no válido' }),
});
