import { defineResource, NO_DELETE, nobody, signedIn, staffMember } from '../domain/resource';
import { routes } from '../api/routes';

/**
 * Electronic copies of a case's deed with a CSV, signed (services API): the office issues and
 * revokes them; both sides of the case list them; anyone verifies a CSV at /verificar.
 */
export default defineResource({
  name: 'copias-electronicas',
  dataProvider: 'servicios',
  labels: { singular: 'Copia electrónica', plural: 'Copias electrónicas', gender: 'f' },
  access: { list: signedIn, create: staffMember, edit: staffMember, delete: nobody },
  deletion: NO_DELETE,
  paths: {
    list: [routes.copiasElectronicas.listOfExpediente],
    custom: {
      emitir: routes.copiasElectronicas.issue,
      revocar: routes.copiasElectronicas.revoke,
      verificar: routes.copiasElectronicas.verify,
    },
  },
});
