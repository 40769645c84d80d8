import { defineResource, HARD_DELETE, NO_DELETE, nobody, staffMember } from '../domain/resource';
import { routes } from '../api/routes';

/**
 * The office's work, for staff of a notaría only (the services API answers 404 to anyone else,
 * admins who are not staff included): the cases of my notarías and their appointments.
 */
export const despachoExpedientes = defineResource({
  name: 'despacho-expedientes',
  dataProvider: 'servicios',
  labels: { singular: 'Expediente del despacho', plural: 'Expedientes del despacho', gender: 'm' },
  route: '/despacho',
  showRoute: '/despacho/expedientes/:id',
  menu: { order: 70, label: 'Despacho' },
  access: { list: staffMember, create: nobody, edit: staffMember, delete: nobody },
  deletion: NO_DELETE,
  paths: {
    // ?estado&q&orden&page&pageSize → { data, total, contadores }
    list: routes.despacho.listExpedientes,
    // the case with its client, acts and history
    one: routes.despacho.getExpediente,
    custom: {
      // PUT { estado, motivo? }
      estado: routes.expedientes.changeEstado,
      // PUT { comentario }: a sent act back to BORRADOR
      devolver: routes.actos.returnToClient,
    },
  },
});

export const despachoCitas = defineResource({
  name: 'despacho-citas',
  dataProvider: 'servicios',
  labels: { singular: 'Cita de la notaría', plural: 'Citas de la notaría', gender: 'f' },
  route: '/despacho/citas',
  access: { list: staffMember, create: nobody, edit: staffMember, delete: staffMember },
  deletion: HARD_DELETE,
  paths: {
    // ?desde&hasta (31 days at most) → CitaDespacho[]
    list: routes.despacho.listCitas,
    // PUT { date, time, staffId? } moves it; DELETE cancels it (the client is e-mailed either way)
    custom: { mover: routes.despacho.moveCita, cancelar: routes.despacho.cancelCita },
  },
});
