import { defineResource, NO_DELETE, nobody, signedIn, staffMember } from '../domain/resource';
import { routes } from '../api/routes';

/**
 * Drafts of a case's deeds (services API): the office generates a version of an act's draft from
 * a template; both sides read them (the PDF downloads as a document); the client side answers.
 */
export default defineResource({
  name: 'borradores',
  dataProvider: 'servicios',
  labels: { singular: 'Borrador de escritura', plural: 'Borradores de escritura', gender: 'm' },
  // the services API decides on every call: staff of the case's notaría generate, its client side answers
  access: { list: signedIn, create: staffMember, edit: signedIn, delete: nobody },
  deletion: NO_DELETE,
  paths: {
    list: [routes.borradores.listOfExpediente],
    custom: {
      generar: routes.borradores.generate,
      responder: routes.borradores.answer,
      diferencias: routes.borradores.compare,
    },
  },
});
