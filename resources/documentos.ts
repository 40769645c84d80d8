import { defineResource, HARD_DELETE, nobody, signedIn } from '../domain/resource';
import { BASE_CONTRATO, BASE_LEGAL_NOTARIAL, tratamiento } from '../domain/tratamientos';
import { routes } from '../api/routes';

/**
 * Documents of a case (deeds, copies, other documents the office uploads) and of a persona (DNI,
 * deed of incorporation), on the services API. Uploads are multipart (field `archivo`); the file
 * itself downloads from `archivo`.
 */
export default defineResource({
  name: 'documentos',
  dataProvider: 'servicios',
  labels: { singular: 'Documento', plural: 'Documentos', gender: 'm' },
  tratamiento: tratamiento({
    actividad: 'Documentos de expedientes y de personas (incluidas imágenes de documentos de identidad)',
    finalidad: 'Entregar escrituras y copias; identificar a la persona para el otorgamiento (imágenes del DNI)',
    baseJuridica: `${BASE_LEGAL_NOTARIAL}; ${BASE_CONTRATO}`,
    categorias: 'Clientes: escrituras, copias, imágenes de documentos de identidad',
    destinatarios: 'La persona y el personal de la notaría que trabaja un expediente suyo',
    conservacion: 'Escrituras y copias: protocolo notarial. Imágenes de documentos de identidad: DOCUMENTOS_IDENTIDAD_DIAS (por defecto 30 días) tras terminar los expedientes de la persona',
  }),
  // the services API decides on every call: staff of the case's notaría upload to a case, the
  // persona's own side to a persona; the client side and representatives who may read cases see them
  access: { list: signedIn, create: signedIn, edit: nobody, delete: signedIn },
  deletion: HARD_DELETE,
  paths: {
    list: [routes.documentos.listOfExpediente, routes.documentos.listOfPersona],
    delete: routes.documentos.delete,
    custom: {
      subirExpediente: routes.documentos.uploadToExpediente,
      subirPersona: routes.documentos.uploadToPersona,
      archivo: routes.documentos.download,
    },
  },
});
