import { defineResource, NO_DELETE, nobody, signedIn } from '../domain/resource';
import { BASE_CONTRATO, BASE_LEGAL_NOTARIAL, CONSERVACION_PROTOCOLO, SIN_CESIONES, tratamiento } from '../domain/tratamientos';
import { routes } from '../api/routes';

/** Case files (expedientes) of the services API: the cases of every persona the caller may see. */
export default defineResource({
  name: 'expedientes',
  dataProvider: 'servicios',
  labels: { singular: 'Expediente', plural: 'Expedientes', gender: 'm' },
  tratamiento: tratamiento({
    actividad: 'Expedientes notariales',
    finalidad: 'Tramitar los asuntos que los clientes encargan a la notaría',
    baseJuridica: `${BASE_CONTRATO}; ${BASE_LEGAL_NOTARIAL}`,
    categorias: 'Clientes: asunto, estado, fechas y notaría',
    destinatarios: SIN_CESIONES,
    conservacion: CONSERVACION_PROTOCOLO,
  }),
  route: '/expedientes',
  // the case view (Refine's show: useNavigation().show('expedientes', id))
  showRoute: '/expediente/:id',
  menu: { order: 40, also: ['/expediente'] },
  // any signed-in person, on the records the services API lets them see (others answer 404)
  access: { list: signedIn, create: signedIn, edit: signedIn, delete: nobody },
  deletion: NO_DELETE,
  paths: {
    // ?page&pageSize&sort&order&q: one page, sorted and searched by the server
    list: routes.expedientes.listOfPersona,
    one: routes.expedientes.get,
    create: routes.expedientes.create,
  },
});
