import { defineResource, NO_DELETE, nobody, signedIn } from '../domain/resource';

/** The conversation of a case between its client side and the office (services API). */
export default defineResource({
  name: 'mensajes',
  dataProvider: 'servicios',
  labels: { singular: 'Mensaje', plural: 'Mensajes', gender: 'm' },
  // both sides of a case write; a message is never changed or removed
  access: { list: signedIn, create: signedIn, edit: nobody, delete: nobody },
  deletion: NO_DELETE,
  paths: {
    list: '/expediente/{expedienteId}/mensajes',
    create: '/expediente/{expedienteId}/mensajes',
    custom: { enviar: '/expediente/{expedienteId}/mensajes', noLeidos: '/mensajes/no-leidos' },
  },
});
