/**
 * Personas of the services API: the signed-in person's own record, those they own (filter
 * ownerId; ?page&pageSize&q pages and searches on the server) and the look-up by document
 * (filter identificador) the act form uses.
 */
export default {
  name: 'personas',
  dataProvider: 'servicios' as const,
  labels: { singular: 'Persona', plural: 'Personas', gender: 'f' as const },
  route: '/datos-personales',
  paths: {
    list: ['/persona/owner/{ownerId}', '/persona/all/{identificador}'],
    one: '/persona/{id}',
    create: '/persona',
    update: '/persona/{id}',
  },
};
