import { defineResource, NO_DELETE, nobody, signedIn, staffMember } from '../domain/resource';

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
    list: ['/expediente/{expedienteId}/borradores'],
    custom: {
      generar: '/acto/{actoId}/borradores',
      responder: '/borrador/{id}/respuesta',
      diferencias: '/borrador/{id}/diferencias',
    },
  },
});
