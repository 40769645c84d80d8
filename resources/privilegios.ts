import { defineResource, NO_DELETE, nobody, signedIn } from '../domain/resource';

/**
 * Privilegios (what one persona lets another do with its record) of the services API: those a
 * persona grants (filter personaOtorganteId) or receives (filter personaReceptoraId).
 * `representante` saves a representative and its privilegio in one transaction.
 */
export default defineResource({
  name: 'privilegios',
  dataProvider: 'servicios',
  labels: { singular: 'Privilegio', plural: 'Privilegios', gender: 'm' },
  // any signed-in person, on the records the services API lets them see (others answer 404)
  access: { list: signedIn, create: signedIn, edit: signedIn, delete: nobody },
  deletion: NO_DELETE,
  paths: {
    list: ['/privilegio/concedidos/{personaOtorganteId}', '/privilegio/recibidos/{personaReceptoraId}'],
    create: '/privilegio',
    update: '/privilegio/{id}',
    custom: { representante: '/privilegio/representante' },
  },
});
