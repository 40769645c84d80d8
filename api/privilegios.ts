import { z } from 'zod';
import { doors, endpoint } from './endpoint';
import { idParams } from './common';
import { privilegioInputSchema, privilegioSchema, privilegioUpdateSchema, representanteBodySchema } from '../domain/representantes';

const tag = 'Privilegios y representantes';

/** The lists of one person's privileges; the parameter is named as the portal fills it (the record's field). */
const lista = <P extends z.ZodObject>(path: string, params: P, summary: string) =>
  endpoint({
    method: 'GET',
    path,
    summary,
    description: 'Para quien puede leer la ficha completa de la persona; si no, 404.',
    tag,
    params,
    answer: z.array(privilegioSchema),
    access: doors.signedIn,
    audit: { entity: 'privilegio' },
  });

/**
 * The privileges one person grants another. Lists need full read access to the person; granting
 * and changing need to be that person or the owner of its record. Anything else answers 404.
 */
export const privilegios = {
  listReceived: lista('/privilegio/recibidos/{personaReceptoraId}', z.object({ personaReceptoraId: z.string() }), 'Privilegios que ha recibido una persona'),
  listGranted: lista('/privilegio/concedidos/{personaOtorganteId}', z.object({ personaOtorganteId: z.string() }), 'Privilegios que ha concedido una persona'),
  create: endpoint({
    method: 'POST',
    path: '/privilegio',
    summary: 'Conceder un privilegio',
    description:
      'La persona otorgante o el propietario de su ficha, a una persona que ve (si no, 404); pide un paso adicional reciente (llave o certificado) a quien lo tenga. Un segundo privilegio entre las mismas personas: 403 privilegio_exists.',
    tag,
    body: privilegioInputSchema,
    answer: privilegioSchema,
    status: 201,
    access: doors.signedIn,
    audit: { entity: 'privilegio' },
  }),
  createRepresentante: endpoint({
    method: 'POST',
    path: '/privilegio/representante',
    summary: 'Hacer representante a una persona por su documento (la crea si no existe) y concederle el privilegio',
    description:
      'En una transacción: la persona se busca por su documento o se crea con `persona`; de una ficha propia solo se escriben los campos de `rellenados`. Responde el privilegio: 201 si es nuevo, 200 si ya existía y se ha actualizado.',
    tag,
    body: representanteBodySchema,
    answer: privilegioSchema,
    status: 201,
    access: doors.signedIn,
    audit: { entity: 'privilegio' },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/privilegio/{id}',
    summary: 'Cambiar un privilegio',
    description:
      'La persona otorgante o el propietario de su ficha (si no, 404). Las personas no cambian (400); uno no modificable: 403.',
    tag,
    params: idParams,
    body: privilegioUpdateSchema,
    answer: privilegioSchema,
    access: doors.signedIn,
    audit: { entity: 'privilegio' },
  }),
};
