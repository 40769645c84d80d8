import { z } from 'zod';
import { doors, endpoint } from './endpoint';
import { idParams } from './common';
import { personaSchema } from '../domain/persona';
import { privilegioSchema } from '../domain/representantes';

/** ?userEmail=: every legacy call carries it; it must be the signed-in person's e-mail. */
const userEmailQuery = z.object({
  userEmail: z.string().optional().describe('El email de la persona que llama (obligatorio: sin él, 400; si no es el suyo, 403 Usuario no registrado)'),
});

/** The legacy user answer: the caller's persona and its id as userPk. */
const usuarioLegado = z.object({ user: personaSchema.extend({ userPk: z.object({ id: z.string() }) }) });

/** A legacy client body: a persona (its `representantes` are ignored: they are added through /privilegio). */
const clienteLegadoSchema = z
  .record(z.string(), z.unknown(), { error: 'El cuerpo debe ser una persona' })
  .describe('Una persona (se valida tras comprobar userEmail; `representantes` se ignora)');

const tagLegado = 'Llamadas heredadas (/usuarios, /clientes)';

const usuario = (path: string) =>
  endpoint({
    method: 'GET',
    path,
    summary: 'La persona que llama',
    tag: tagLegado,
    query: userEmailQuery,
    answer: usuarioLegado,
    access: doors.signedIn,
  });

/**
 * The legacy client calls (/usuarios, /clientes), answered from the same personas and privilegios.
 * Unlike the old service they need the bearer token: answering personal data to anyone who knows
 * an e-mail address would leak it.
 */
export const legado = {
  getUsuario: usuario('/usuarios'),
  getUsuarioUno: usuario('/usuarios/1'),
  registerUsuario: endpoint({
    method: 'POST',
    path: '/usuarios/1',
    summary: 'Registrarse (siempre 403 Usuario ya registrado)',
    description: 'El registro es el PIN de auth-proxy: quien tiene un token ya está registrado.',
    tag: tagLegado,
    query: userEmailQuery,
    answer: usuarioLegado,
    access: doors.signedIn,
  }),
  listClientes: endpoint({
    method: 'GET',
    path: '/clientes',
    summary: 'Las personas que ha creado quien llama',
    tag: tagLegado,
    query: userEmailQuery,
    answer: z.array(personaSchema),
    access: doors.signedIn,
    audit: { entity: 'persona' },
  }),
  getCliente: endpoint({
    method: 'GET',
    path: '/clientes/{id}',
    summary: 'Un cliente',
    tag: tagLegado,
    params: idParams,
    query: userEmailQuery,
    answer: personaSchema,
    access: doors.signedIn,
    audit: { entity: 'persona' },
  }),
  createCliente: endpoint({
    method: 'POST',
    path: '/clientes',
    summary: 'Crear un cliente',
    tag: tagLegado,
    query: userEmailQuery,
    body: clienteLegadoSchema,
    answer: personaSchema,
    status: 201,
    access: doors.signedIn,
    audit: { entity: 'persona' },
  }),
  updateCliente: endpoint({
    method: 'PUT',
    path: '/clientes/{id}',
    summary: 'Cambiar un cliente',
    tag: tagLegado,
    params: idParams,
    query: userEmailQuery,
    body: clienteLegadoSchema,
    answer: personaSchema,
    access: doors.signedIn,
    audit: { entity: 'persona' },
  }),
  listRepresentantes: endpoint({
    method: 'GET',
    path: '/clientes/{id}/representantes',
    summary: 'Los representantes de un cliente',
    description: 'Sus privilegios concedidos, cada uno con la persona que lo recibe y si está en vigor.',
    tag: tagLegado,
    params: idParams,
    query: userEmailQuery,
    answer: z.array(privilegioSchema.extend({ activo: z.boolean(), representante: personaSchema })),
    access: doors.signedIn,
    audit: { entity: 'persona' },
  }),
};
