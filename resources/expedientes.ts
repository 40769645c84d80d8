import { defineResource, NO_DELETE, nobody, signedIn } from '../domain/resource';

/** Case files (expedientes) of the services API: the cases of every persona the caller may see. */
export default defineResource({
  name: 'expedientes',
  dataProvider: 'servicios',
  labels: { singular: 'Expediente', plural: 'Expedientes', gender: 'm' },
  route: '/expedientes',
  menu: { order: 40, also: ['/expediente'] },
  // any signed-in person, on the records the services API lets them see (others answer 404)
  access: { list: signedIn, create: signedIn, edit: signedIn, delete: nobody },
  deletion: NO_DELETE,
  paths: {
    // ?page&pageSize&sort&order&q: one page, sorted and searched by the server
    list: '/expediente/owner/{ownerId}',
    one: '/expediente/{id}',
    create: '/expediente',
  },
});
