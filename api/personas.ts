import { z } from 'zod';
import { doors, endpoint } from './endpoint';
import { idParams, listOrPage } from './common';
import { personaInputSchema, personaSchema, TIPOS_PERSONA } from '../domain/persona';

const tag = 'Personas';

/** GET /persona/owner/{id}: filters, search and the optional page. */
export const ownerListQuerySchema = z.object({
  'identificador.tipo': z.string().max(20).optional().describe('NIF, NIE o PASAPORTE (DNI se lee como NIF)'),
  'identificador.numero': z.string().max(40).optional(),
  q: z.string().max(100, 'La búsqueda no puede superar 100 caracteres').optional().describe('Busca en nombres y documentos, sin distinguir acentos ni mayúsculas'),
  page: z.coerce.number({ error: 'Página inválida' }).int('Página inválida').min(1, 'Página inválida').max(100_000, 'Página inválida').optional(),
  pageSize: z.coerce.number({ error: 'Tamaño de página inválido' }).int('Tamaño de página inválido').min(1, 'Tamaño de página inválido').max(100, 'Tamaño de página inválido').optional(),
});

/**
 * A change of a persona: only the fields sent change, an explicit null clears one. Validated as a
 * whole record once merged with the stored one, after the caller's permission is checked.
 */
export const personaCambioSchema = z
  .record(z.string(), z.unknown(), { error: 'El cuerpo debe ser una persona' })
  .describe('Los campos de la persona que cambian (los que no se envían se conservan; null borra uno); se valida la ficha completa resultante');

/** A persona found by its document for the act form: the record with every field, empty ones as null. */
export const personaEncontradaSchema = z.object({
  id: z.string(),
  tipoPersona: z.enum(TIPOS_PERSONA),
  identificador: z.object({ tipo: z.string(), numero: z.string() }),
  numeroIdentificador: z.string(),
  cif: z.string().nullable(),
  razonSocial: z.string().nullable(),
  nombre: z.string().nullable(),
  primerApellido: z.string().nullable(),
  segundoApellido: z.string().nullable(),
  genero: z.string().nullable(),
  fechaNacimiento: z.string().nullable(),
  estadoCivil: z.string().nullable(),
  regimenEconomico: z.string().nullable(),
  profesion: z.string().nullable(),
  email: z.string().nullable(),
  telefono: z.string().nullable(),
  direccion: z.record(z.string(), z.unknown()),
});

const porIdentificador = (tipo: 'all' | 'fisica' | 'juridica', quien: string) =>
  endpoint({
    method: 'GET',
    path: `/persona/${tipo}/{identificador}`,
    summary: `Buscar ${quien} por su documento`,
    description: 'Entre las personas cuya ficha completa puede leer quien llama (como mucho 20). Sin resultados, una lista vacía.',
    tag,
    params: z.object({ identificador: z.string() }),
    answer: z.array(personaEncontradaSchema),
    access: doors.signedIn,
    audit: { entity: 'persona' },
  });

/**
 * Person records: a person reads and changes themself, what they own, and what a privilegio in
 * force grants; anything else answers 404 so ids cannot be probed.
 */
export const personas = {
  listOwned: endpoint({
    method: 'GET',
    path: '/persona/owner/{ownerId}',
    summary: 'Personas de un propietario',
    description:
      'Las personas creadas por {ownerId}, cada una como quien llama puede leerla; con ?page una página y su total ({data,total}), sin ella como mucho 500 (Content-Range y X-Total-Count dicen cuántas hay). Sin permiso para leer la ficha completa de {ownerId}: 404.',
    tag,
    params: z.object({ ownerId: z.string() }),
    query: ownerListQuerySchema,
    answer: listOrPage(personaSchema),
    access: doors.signedIn,
    audit: { entity: 'persona' },
  }),
  findByIdentificador: porIdentificador('all', 'personas'),
  findFisicaByIdentificador: porIdentificador('fisica', 'personas físicas'),
  findJuridicaByIdentificador: porIdentificador('juridica', 'personas jurídicas'),
  get: endpoint({
    method: 'GET',
    path: '/persona/{id}',
    summary: 'Una persona',
    description: 'Con solo permiso de ficha reducida, los nombres y el documento (fichaReducida). Sin permiso: 404.',
    tag,
    params: idParams,
    answer: personaSchema,
    access: doors.signedIn,
    audit: { entity: 'persona' },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/persona/{id}',
    summary: 'Cambiar una persona',
    description:
      'Necesita permiso de actualizar la ficha (la propia persona y su propietario lo tienen); sin él, 404 antes de validar nada. Un email nuevo pide un paso adicional reciente (llave o certificado) a quien lo tenga.',
    tag,
    params: idParams,
    body: personaCambioSchema,
    answer: personaSchema,
    access: doors.signedIn,
    audit: { entity: 'persona' },
  }),
  create: endpoint({
    method: 'POST',
    path: '/persona',
    summary: 'Crear una persona (de quien llama)',
    tag,
    body: personaInputSchema,
    answer: personaSchema,
    status: 201,
    access: doors.signedIn,
    audit: { entity: 'persona' },
  }),
  listNotarias: endpoint({
    method: 'GET',
    path: '/personaNotaria/persona/{idPersona}',
    summary: 'Notarías a las que está vinculada una persona',
    description: 'Para quien puede leer al menos su ficha reducida; si no, 404 como una persona que no existe.',
    tag,
    params: z.object({ idPersona: z.string() }),
    answer: z.array(z.object({ notariaId: z.number() })),
    access: doors.signedIn,
  }),
};
