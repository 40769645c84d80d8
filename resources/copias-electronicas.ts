import { defineResource, NO_DELETE, nobody, signedIn, staffMember } from '../domain/resource';

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
    list: ['/expediente/{expedienteId}/copias-electronicas'],
    custom: {
      emitir: '/expediente/{expedienteId}/copias-electronicas',
      revocar: '/copia-electronica/{id}/revocar',
      verificar: '/verificacion/{csv}',
    },
  },
});
