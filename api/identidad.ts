import { z } from 'zod';
import { doors, endpoint } from './endpoint';
import { idParams } from './common';
import { conflictoIdentidadSchema, identidadSchema, verificacionSchema } from '../domain/identidad';

const tag = 'Identidad';

/**
 * Identity proofs (server/auth/identidad.ts): the caller's own level, a client's for the staff of
 * a notaría the client is linked to or has a case at, the office's verification, the admin's
 * invitation of a staff member and the documents whose proven owner displaced an earlier account.
 * Anyone else gets 404, as for a record that does not exist.
 */
export const identidad = {
  getOwn: endpoint({
    method: 'GET',
    path: '/identidad',
    summary: 'El nivel de identidad de quien llama',
    tag,
    answer: identidadSchema,
    access: doors.signedIn,
  }),
  getOfPersona: endpoint({
    method: 'GET',
    path: '/identidad/persona/{id}',
    summary: 'El nivel de identidad de un cliente (la notaría)',
    description:
      'Para el personal de una notaría a la que está vinculado el cliente o donde tiene un expediente, y para un administrador; si no, o si la persona no tiene cuenta, 404.',
    tag,
    params: idParams,
    answer: identidadSchema,
    access: doors.signedIn,
  }),
  verify: endpoint({
    method: 'POST',
    path: '/identidad/persona/{id}/verificacion',
    summary: 'Marcar verificada la identidad de un cliente (la notaría comprobó su documento)',
    description: 'Quien puede ver su nivel (si no, 404); presencial o por videoconferencia.',
    tag,
    params: idParams,
    body: verificacionSchema,
    answer: identidadSchema,
    access: doors.signedIn,
  }),
  invitePersonal: endpoint({
    method: 'POST',
    path: '/identidad/invitacion/personal/{id}',
    summary: 'Invitar por email a un miembro del personal (el administrador)',
    description: 'El miembro necesita su documento (si no, 400); uno inexistente o desactivado: 404.',
    tag,
    params: idParams,
    answer: z.object({ message: z.string(), email: z.string() }),
    access: doors.admin,
  }),
  listConflictos: endpoint({
    method: 'GET',
    path: '/identidad/conflictos',
    summary: 'Documentos cuyo titular probado desplazó una cuenta anterior',
    description: 'Los de las notarías de quien llama (todos para un administrador); los 100 más recientes.',
    tag,
    answer: z.array(conflictoIdentidadSchema),
    access: doors.staffOrAdmin,
  }),
};
