import { defineResource, HARD_DELETE, nobody, signedIn } from '../domain/resource';

/**
 * Documents of a case (deeds, copies, other documents the office uploads) and of a persona (DNI,
 * deed of incorporation), on the services API. Uploads are multipart (field `archivo`); the file
 * itself downloads from `archivo`.
 */
export default defineResource({
  name: 'documentos',
  dataProvider: 'servicios',
  labels: { singular: 'Documento', plural: 'Documentos', gender: 'm' },
  // the services API decides on every call: staff of the case's notaría upload to a case, the
  // persona's own side to a persona; the client side and representatives who may read cases see them
  access: { list: signedIn, create: signedIn, edit: nobody, delete: signedIn },
  deletion: HARD_DELETE,
  paths: {
    list: ['/expediente/{expedienteId}/documentos', '/persona/{personaId}/documentos'],
    delete: '/documento/{id}',
    custom: {
      subirExpediente: '/expediente/{expedienteId}/documentos',
      subirPersona: '/persona/{personaId}/documentos',
      archivo: '/documento/{id}',
    },
  },
});
