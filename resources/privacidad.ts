import { defineResource, NO_DELETE, nobody, signedIn } from '../domain/resource';
import { tratamiento } from '../domain/tratamientos';
import { routes } from '../api/routes';

/**
 * Personal data (RGPD arts. 15-21; services API, server/routes/privacidad.ts): the person's export,
 * who read or changed their records, their requests; the office's inbox of requests (staff of the
 * person's notarías and admins: the API decides).
 */
export default defineResource({
  name: 'privacidad',
  dataProvider: 'servicios',
  labels: { singular: 'Solicitud de protección de datos', plural: 'Solicitudes de protección de datos', gender: 'f' },
  tratamiento: tratamiento({
    actividad: 'Ejercicio de derechos de protección de datos',
    finalidad: 'Atender las solicitudes de supresión, oposición y limitación en el plazo de un mes',
    baseJuridica: 'Obligación legal (RGPD arts. 12 y 17-21)',
    categorias: 'Solicitantes: tipo de solicitud, motivo, respuesta y fechas',
    destinatarios: 'El personal de la notaría y los administradores',
    conservacion: 'Tres años desde la respuesta (prescripción de infracciones, LOPDGDD art. 78)',
  }),
  access: { list: signedIn, create: signedIn, edit: signedIn, delete: nobody },
  deletion: NO_DELETE,
  paths: {
    list: routes.privacidad.listSolicitudes,
    create: routes.privacidad.createSolicitud,
    custom: {
      exportacion: routes.privacidad.export,
      accesos: routes.privacidad.listAccesos,
      solicitudes: routes.privacidad.listSolicitudes,
      bandeja: routes.privacidadDespacho.listBandeja,
      responder: routes.privacidadDespacho.answerSolicitud,
    },
  },
});
