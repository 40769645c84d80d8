import { defineResource, NO_DELETE, nobody, signedIn } from '../domain/resource';
import { BASE_CONTRATO, BASE_LEGAL_NOTARIAL, CONSERVACION_PROTOCOLO, SIN_CESIONES, tratamiento } from '../domain/tratamientos';
import { routes } from '../api/routes';

/**
 * The notarial acts of a case (services API); a case's acts are filtered by expedienteId.
 * A new act the server did not answer is kept in this browser and sent again (`pendientes`,
 * see providers/servicios-pendientes.ts).
 */
export default defineResource({
  name: 'actos',
  dataProvider: 'servicios',
  labels: { singular: 'Acto', plural: 'Actos', gender: 'm' },
  tratamiento: tratamiento({
    actividad: 'Actos notariales y sus formularios',
    finalidad: 'Recoger los datos que necesita la escritura de cada acto',
    baseJuridica: `${BASE_CONTRATO}; ${BASE_LEGAL_NOTARIAL}`,
    categorias: 'Otorgantes y terceros que el acto nombra: los datos del formulario de cada acto',
    destinatarios: SIN_CESIONES,
    conservacion: CONSERVACION_PROTOCOLO,
  }),
  // any signed-in person, on the records the services API lets them see (others answer 404)
  access: { list: signedIn, create: signedIn, edit: signedIn, delete: nobody },
  deletion: NO_DELETE,
  paths: {
    list: routes.actos.listOfExpediente,
    create: routes.actos.create,
    update: routes.actos.update,
  },
  // kept in the act's draft form, as earlier versions of the portal kept them
  pendientes: {
    clave: 'actos_pendientes',
    campos: {
      acto_id: 'id',
      expediente_id: 'expedienteId',
      titulo: 'titulo',
      estado: 'status',
      fecha_creacion: 'fecha',
      nombre_acto: 'nombre_acto',
      datos_formulario: 'datosFormulario',
      definicion_acto_id: 'definicionActoId',
      url_acto: 'url_acto',
    },
    vacios: { datosFormulario: {} },
  },
});
