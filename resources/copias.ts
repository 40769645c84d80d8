/** Copies of a finished case's deed: asked for by the client side, delivered or refused by the office (services API). */
export default {
  name: 'copias',
  dataProvider: 'servicios' as const,
  labels: { singular: 'Copia', plural: 'Copias', gender: 'f' as const },
  paths: {
    list: ['/expediente/{expedienteId}/copias', '/copias'],
    update: '/copia/{id}',
    custom: {
      solicitar: '/expediente/{expedienteId}/copias',
      despacho: '/despacho/copias',
    },
  },
} as const;
