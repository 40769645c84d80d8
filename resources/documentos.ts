/**
 * Documents of a case (deeds, copies, other documents the office uploads) and of a persona (DNI,
 * deed of incorporation), on the services API. Uploads are multipart (field `archivo`); the file
 * itself downloads from `archivo`.
 */
export default {
  name: 'documentos',
  dataProvider: 'servicios' as const,
  labels: { singular: 'Documento', plural: 'Documentos', gender: 'm' as const },
  paths: {
    list: ['/expediente/{expedienteId}/documentos', '/persona/{personaId}/documentos'],
    delete: '/documento/{id}',
    custom: {
      subirExpediente: '/expediente/{expedienteId}/documentos',
      subirPersona: '/persona/{personaId}/documentos',
      archivo: '/documento/{id}',
    },
  },
} as const;
