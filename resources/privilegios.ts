import { defineResource, NO_DELETE, nobody, signedIn } from '../domain/resource';
import { BASE_CONTRATO, CONSERVACION_BLOQUEO, tratamiento } from '../domain/tratamientos';
import { routes } from '../api/routes';

/**
 * Privilegios (what one persona lets another do with its record) of the services API: those a
 * persona grants (filter personaOtorganteId) or receives (filter personaReceptoraId).
 * `representante` saves a representative and its privilegio in one transaction.
 */
export default defineResource({
  name: 'privilegios',
  dataProvider: 'servicios',
  labels: { singular: 'Privilegio', plural: 'Privilegios', gender: 'm' },
  tratamiento: tratamiento({
    actividad: 'Representaciones y permisos entre personas',
    finalidad: 'Permitir que una persona actúe o consulte en nombre de otra, dentro de lo que esta autoriza',
    baseJuridica: `Consentimiento de quien concede el privilegio (RGPD art. 6.1.a); ${BASE_CONTRATO}`,
    categorias: 'Otorgantes y receptores: identidad, tipo de relación, fechas y permisos',
    destinatarios: 'Las personas del privilegio y el personal de la notaría',
    conservacion: CONSERVACION_BLOQUEO,
  }),
  // any signed-in person, on the records the services API lets them see (others answer 404)
  access: { list: signedIn, create: signedIn, edit: signedIn, delete: nobody },
  deletion: NO_DELETE,
  paths: {
    list: [routes.privilegios.listGranted, routes.privilegios.listReceived],
    create: routes.privilegios.create,
    update: routes.privilegios.update,
    custom: { representante: routes.privilegios.createRepresentante },
  },
});
