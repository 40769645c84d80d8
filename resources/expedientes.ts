/** Case files (expedientes) of the services API: the cases of every persona the caller may see. */
export default {
  name: 'expedientes',
  dataProvider: 'servicios' as const,
  labels: { singular: 'Expediente', plural: 'Expedientes', gender: 'm' as const },
  route: '/expedientes',
  paths: {
    // ?page&pageSize&sort&order&q: one page, sorted and searched by the server
    list: '/expediente/owner/{ownerId}',
    one: '/expediente/{id}',
    create: '/expediente',
  },
};
