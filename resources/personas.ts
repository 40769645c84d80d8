import { defineResource, NO_DELETE, nobody, signedIn } from '../domain/resource';
import { BASE_CONTRATO, BASE_LEGAL_NOTARIAL, CONSERVACION_BLOQUEO, SIN_CESIONES, tratamiento } from '../domain/tratamientos';
import { routes } from '../api/routes';

/**
 * Personas of the services API: the signed-in person's own record, those they own (filter
 * ownerId; ?page&pageSize&q pages and searches on the server) and the look-up by document
 * (filter identificador) the act form uses.
 */
export default defineResource({
  name: 'personas',
  dataProvider: 'servicios',
  labels: { singular: 'Persona', plural: 'Personas', gender: 'f' },
  tratamiento: tratamiento({
    actividad: 'Fichas de clientes y de las personas que gestionan',
    finalidad: 'Identificar a los otorgantes y preparar los actos y escrituras que solicitan',
    baseJuridica: `${BASE_CONTRATO}; ${BASE_LEGAL_NOTARIAL}`,
    categorias: 'Clientes y personas que gestionan o representan: identificación, contacto, dirección, estado civil y régimen económico, profesión',
    destinatarios: SIN_CESIONES,
    conservacion: CONSERVACION_BLOQUEO,
  }),
  // any signed-in person, on the records the services API lets them see (others answer 404)
  access: { list: signedIn, create: signedIn, edit: signedIn, delete: nobody },
  deletion: NO_DELETE,
  paths: {
    list: [routes.personas.listOwned, routes.personas.findByIdentificador],
    one: routes.personas.get,
    create: routes.personas.create,
    update: routes.personas.update,
    // identity by proof (server/routes/identidad.ts): the own level, a client's for the office,
    // the office's check, the admin's invitation of a staff row and the office's conflicts;
    // ending a staff member's sessions
    custom: {
      identidad: routes.identidad.getOwn,
      identidadDe: routes.identidad.getOfPersona,
      verificar: routes.identidad.verify,
      invitarPersonal: routes.identidad.invitePersonal,
      conflictos: routes.identidad.listConflictos,
      // the admin ends every session of the account signed in with a staff row's document
      cerrarSesionesPersonal: routes.sesiones.endOfStaff,
    },
  },
});
