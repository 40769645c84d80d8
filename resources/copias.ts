import { defineResource, NO_DELETE, nobody, signedIn, staffMember } from '../domain/resource';
import { BASE_LEGAL_NOTARIAL, CONSERVACION_PROTOCOLO, SIN_CESIONES, tratamiento } from '../domain/tratamientos';
import { routes } from '../api/routes';

/** Copies of a finished case's deed: asked for by the client side, delivered or refused by the office (services API). */
export default defineResource({
  name: 'copias',
  dataProvider: 'servicios',
  labels: { singular: 'Copia', plural: 'Copias', gender: 'f' },
  tratamiento: tratamiento({
    actividad: 'Solicitudes de copias de escrituras',
    finalidad: 'Expedir copias simples y autorizadas a quien tiene derecho',
    baseJuridica: BASE_LEGAL_NOTARIAL,
    categorias: 'Solicitantes: motivo, tipo y estado de la copia',
    destinatarios: SIN_CESIONES,
    conservacion: CONSERVACION_PROTOCOLO,
  }),
  route: '/copias',
  menu: { order: 50 },
  // the client side asks for a copy; only staff of the case's notaría move it on (the API decides)
  access: { list: signedIn, create: signedIn, edit: staffMember, delete: nobody },
  deletion: NO_DELETE,
  paths: {
    list: [routes.copias.listOfExpediente, routes.copias.mine],
    update: routes.copias.change,
    custom: {
      solicitar: routes.copias.request,
      cambiar: routes.copias.change,
      despacho: routes.copias.ofOffice,
    },
  },
});
