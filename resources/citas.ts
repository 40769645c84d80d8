import { defineResource, HARD_DELETE, ownerOr, staffOfNotaria } from '../domain/resource';
import { BASE_CONTRATO, tratamiento } from '../domain/tratamientos';

/**
 * Appointments (table public.citas behind /rest/v1): each belongs to the person who booked it
 * (user_id). Its pages are its own (src/pages/citas). Its RLS lives in its migrations
 * (20260101000900_rls.sql, 20261125010000_personal_documento.sql); the /rest/v1 part of
 * tests/integration/authz-matrix.test.ts expects from these rules what the database answers.
 */
export default defineResource({
  name: 'citas',
  dataProvider: 'supabase',
  views: 'own',
  labels: { singular: 'Cita', plural: 'Citas', gender: 'f' },
  tratamiento: tratamiento({
    actividad: 'Citas con la notaría',
    finalidad: 'Reservar, cambiar y recordar citas presenciales u online',
    baseJuridica: BASE_CONTRATO,
    categorias: 'Clientes: fecha, hora, asunto y modalidad',
    destinatarios: 'El personal de la notaría de la cita',
    conservacion: 'Mientras dure la relación; tras una supresión aceptada, RETENCION_CITAS_DIAS (por defecto 3 años) y después destruidas',
  }),
  route: '/citas',
  menu: { order: 60 },
  access: {
    // the one who booked it, the active staff of its notaría and the admins
    list: ownerOr('user_id', staffOfNotaria()),
    // only in one's own name: not even an admin books for someone else
    create: ownerOr('user_id'),
    edit: ownerOr('user_id', staffOfNotaria()),
    delete: ownerOr('user_id', staffOfNotaria()),
  },
  deletion: HARD_DELETE,
  // each read or change of a cita by someone other than its client goes to the audit log (/privacidad/accesos)
  audit: { entity: 'cita', owner: 'client_id' },
});
