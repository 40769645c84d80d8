import { z } from 'zod';
import { doors, endpoint } from './endpoint';
import { idParams } from './common';
import { personaInputSchema, personaSchema } from '../domain/persona';
import { personaCambioSchema } from './personas';

const TAMANO_PAGINA = 20;

/** GET /clients (and /individuals, /entities): a page, searched by name or document. */
export const clientesQuerySchema = z.object({
  q: z.string().max(100, 'La búsqueda no puede superar 100 caracteres').optional(),
  page: z.coerce.number({ error: 'Página inválida' }).int('Página inválida').min(1, 'Página inválida').max(100_000, 'Página inválida').default(1),
  pageSize: z.coerce
    .number({ error: 'Tamaño de página inválido' })
    .int('Tamaño de página inválido')
    .min(1, 'Tamaño de página inválido')
    .max(100, 'Tamaño de página inválido')
    .default(TAMANO_PAGINA),
});

const paginaClientes = z.object({ data: z.array(personaSchema), total: z.number(), page: z.number(), pageSize: z.number() });

const tag = 'Clientes (portal del primer documento)';

const lista = (path: string, summary: string) =>
  endpoint({
    method: 'GET',
    path,
    summary,
    description: 'Las personas que quien llama creó o representa y puede leer (nunca la propia), una página cada vez.',
    tag,
    query: clientesQuerySchema,
    answer: paginaClientes,
    access: doors.signedIn,
    audit: { entity: 'persona' },
  });

/**
 * /clients: the calls of the first seed document's portal, answered from the same personas and
 * rules as /persona. A client is a persona the caller may read other than themself: one they
 * created or one whose privilegio names them. Individuals are FISICA, entities JURIDICA. What the
 * caller may not read answers 404; a persona is deleted only by its creator and while nothing uses it.
 */
export const clientes = {
  list: lista('/clients', 'Clientes de quien llama'),
  listIndividuals: lista('/clients/individuals', 'Clientes personas físicas'),
  listEntities: lista('/clients/entities', 'Clientes personas jurídicas'),
  create: endpoint({
    method: 'POST',
    path: '/clients',
    summary: 'Crear un cliente (una persona de quien llama)',
    tag,
    body: personaInputSchema,
    answer: personaSchema,
    status: 201,
    access: doors.signedIn,
    audit: { entity: 'persona' },
  }),
  get: endpoint({
    method: 'GET',
    path: '/clients/{id}',
    summary: 'Un cliente',
    tag,
    params: idParams,
    answer: personaSchema,
    access: doors.signedIn,
    audit: { entity: 'persona' },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/clients/{id}',
    summary: 'Cambiar un cliente',
    description: 'Como PUT /persona/{id}: sin permiso de actualizar la ficha, 404 antes de validar nada.',
    tag,
    params: idParams,
    body: personaCambioSchema,
    answer: personaSchema,
    access: doors.signedIn,
    audit: { entity: 'persona' },
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/clients/{id}',
    summary: 'Eliminar un cliente',
    description: 'Solo quien lo creó (si lo lee sin haberlo creado, 403) y mientras nada lo use (409).',
    tag,
    params: idParams,
    answer: null,
    access: doors.signedIn,
    audit: { entity: 'persona' },
  }),
};
