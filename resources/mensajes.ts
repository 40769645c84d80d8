import { defineResource, NO_DELETE, nobody, signedIn } from '../domain/resource';
import { BASE_CONTRATO, tratamiento } from '../domain/tratamientos';
import { routes } from '../api/routes';

/** The conversation of a case between its client side and the office (services API). */
export default defineResource({
  name: 'mensajes',
  dataProvider: 'servicios',
  labels: { singular: 'Mensaje', plural: 'Mensajes', gender: 'm' },
  tratamiento: tratamiento({
    actividad: 'Conversación de los expedientes',
    finalidad: 'Comunicación entre el cliente y la notaría sobre un expediente',
    baseJuridica: BASE_CONTRATO,
    categorias: 'Clientes y personal: el texto de los mensajes y sus fechas',
    destinatarios: 'Las partes del expediente',
    conservacion: 'Con el expediente al que pertenecen',
  }),
  // both sides of a case write; a message is never changed or removed
  access: { list: signedIn, create: signedIn, edit: nobody, delete: nobody },
  deletion: NO_DELETE,
  paths: {
    list: routes.mensajes.listOfExpediente,
    create: routes.mensajes.write,
    custom: { enviar: routes.mensajes.write, noLeidos: routes.mensajes.unread },
  },
});
