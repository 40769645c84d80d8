/**
 * Privilegios (what one persona lets another do with its record) of the services API: those a
 * persona grants (filter personaOtorganteId) or receives (filter personaReceptoraId).
 * `representante` saves a representative and its privilegio in one transaction.
 */
export default {
  name: 'privilegios',
  dataProvider: 'servicios' as const,
  labels: { singular: 'Privilegio', plural: 'Privilegios', gender: 'm' as const },
  paths: {
    list: ['/privilegio/concedidos/{personaOtorganteId}', '/privilegio/recibidos/{personaReceptoraId}'],
    create: '/privilegio',
    update: '/privilegio/{id}',
    custom: { representante: '/privilegio/representante' },
  },
};
