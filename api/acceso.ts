import { z } from 'zod';
import { doors, endpoint } from './endpoint';
import { ACCIONES_ACCESO } from '../supabase/functions/auth-proxy/acciones';
import {
  accesoConPinSchema, accesoSchema, llaveSchema, refreshSchema, registroConPinSchema, registroSchema, sesionVisibleSchema, sesionesCerradasSchema,
  solicitudAccesoSchema, tokensSchema,
} from '../domain/acceso';

const tag = 'Acceso';
const mensaje = z.object({ message: z.string() });
/** The anonymous actions take JSON only (415 otherwise), and count against the caller's address first. */
const anonima = { tag, access: doors.anyone, jsonOnly: true, rateLimit: 'PIN_IP_HOURLY_LIMIT' } as const;

/**
 * Sign-in with a one-time PIN e-mailed to the account's address. The portal calls these through the
 * auth-proxy function (`acceso.authProxy`), which forwards each action to its route here.
 */
export const acceso = {
  authProxy: endpoint({
    ...anonima,
    method: 'POST',
    base: '/functions/v1',
    path: '/auth-proxy',
    summary: 'Acceder o registrarse con un PIN (función auth-proxy)',
    description:
      'Cuerpo `{action, ...campos}`. `unifiedLogin` {username, tipoDocumento?} envía un PIN al email de la cuenta; ' +
      '`loginWithPincode` {username, tipoDocumento?, pincode, externalIdNotaria} lo canjea por tokens (access_token para ' +
      '`Authorization: Bearer`, refresh_token para /auth/refresh); `registerUser` {username, tipoDocumento, canal} envía un PIN ' +
      'de registro a ese email y `registerUserPincode` {…, pincode} crea la cuenta. El PIN llega por email (en desarrollo, a /dev/outbox).',
    body: z.union([
      z.intersection(z.object({ action: z.literal('unifiedLogin') }), solicitudAccesoSchema),
      z.intersection(z.object({ action: z.literal('loginWithPincode') }), accesoConPinSchema),
      z.intersection(z.object({ action: z.literal('registerUser') }), registroSchema),
      z.intersection(z.object({ action: z.literal('registerUserPincode') }), registroConPinSchema),
    ]),
    answer: z.union([accesoSchema.extend({ dispositivo: z.string() }), z.object({ message: z.string(), idPersona: z.string() }), mensaje]),
  }),
  unifiedLogin: endpoint({
    ...anonima,
    method: 'POST',
    path: ACCIONES_ACCESO.unifiedLogin,
    summary: 'Pedir un PIN de acceso (unifiedLogin)',
    body: solicitudAccesoSchema,
    answer: mensaje,
  }),
  loginWithPincode: endpoint({
    ...anonima,
    method: 'POST',
    path: ACCIONES_ACCESO.loginWithPincode,
    summary: 'Acceder con el PIN en una notaría (loginWithPincode)',
    body: accesoConPinSchema,
    answer: accesoSchema.extend({ dispositivo: z.string() }),
  }),
  registerUser: endpoint({
    ...anonima,
    method: 'POST',
    path: ACCIONES_ACCESO.registerUser,
    summary: 'Pedir un PIN de registro (registerUser)',
    body: registroSchema,
    answer: mensaje,
  }),
  registerUserPincode: endpoint({
    ...anonima,
    method: 'POST',
    path: ACCIONES_ACCESO.registerUserPincode,
    summary: 'Registrarse con el PIN (registerUserPincode)',
    body: registroConPinSchema,
    answer: z.object({ message: z.string(), idPersona: z.string() }),
  }),
  refresh: endpoint({
    tag,
    method: 'POST',
    path: '/auth/refresh',
    summary: 'Renovar los tokens con el refresh_token (que cambia en cada uso)',
    body: refreshSchema,
    answer: tokensSchema,
    access: doors.anyone,
  }),
  logout: endpoint({
    tag,
    method: 'POST',
    path: '/auth/logout',
    summary: 'Cerrar la sesión del refresh_token',
    body: refreshSchema,
    answer: null,
    access: doors.anyone,
  }),
};

const webauthn = z.looseObject({ challenge: z.string() }).describe('Opciones de WebAuthn (PublicKeyCredential…OptionsJSON)');
const respuesta = z.object(
  { id: z.string().max(1024), rawId: z.string().max(1024), type: z.literal('public-key'), response: z.object({ clientDataJSON: z.string().max(10_000) }).passthrough() },
  { error: 'Respuesta de la llave de acceso no válida' },
).passthrough();
const pruebaSchema = z.object({ respuesta, externalIdNotaria: z.string().max(100).optional() }, { error: 'Cuerpo JSON inválido' });
const idParams = z.object({ id: z.string() });

/** Passkeys: sign-in with one, adding, listing and removing them, proving one in a session (second factor, step-up). */
export const llaves = {
  signInOptions: endpoint({
    tag,
    method: 'POST',
    path: '/auth/passkey/acceso/opciones',
    summary: 'Opciones para acceder con una llave de acceso',
    answer: webauthn,
    access: doors.anyone,
    jsonOnly: true,
  }),
  signIn: endpoint({
    tag,
    method: 'POST',
    path: '/auth/passkey/acceso',
    summary: 'Acceder con una llave de acceso',
    body: pruebaSchema,
    answer: accesoSchema,
    access: doors.anyone,
    jsonOnly: true,
  }),
  addOptions: endpoint({
    tag,
    method: 'POST',
    path: '/auth/passkey/alta/opciones',
    summary: 'Opciones para añadir una llave de acceso',
    answer: webauthn,
    access: doors.signedIn,
  }),
  add: endpoint({
    tag,
    method: 'POST',
    path: '/auth/passkey/alta',
    summary: 'Añadir una llave de acceso (la primera prueba la sesión)',
    body: z.object(
      {
        nombre: z.string({ error: 'Indique un nombre para la llave de acceso' }).trim().min(1, 'Indique un nombre para la llave de acceso').max(60, 'El nombre no puede superar 60 caracteres'),
        respuesta,
      },
      { error: 'Cuerpo JSON inválido' },
    ),
    answer: z.object({ message: z.string(), id: z.string(), access_token: z.string().optional() }),
    status: 201,
    access: doors.signedIn,
    audit: { entity: 'llave' },
  }),
  confirmOptions: endpoint({
    tag,
    method: 'POST',
    path: '/auth/passkey/confirmar/opciones',
    summary: 'Opciones para confirmar la identidad con una llave de acceso',
    answer: webauthn,
    access: doors.signedIn,
  }),
  confirm: endpoint({
    tag,
    method: 'POST',
    path: '/auth/passkey/confirmar',
    summary: 'Confirmar la identidad con una llave de acceso (segundo factor, paso adicional)',
    body: pruebaSchema,
    answer: z.object({ message: z.string(), access_token: z.string() }),
    access: doors.signedIn,
  }),
  list: endpoint({
    tag,
    method: 'GET',
    path: '/auth/llaves',
    summary: 'Mis llaves de acceso',
    answer: z.array(llaveSchema),
    access: doors.signedIn,
  }),
  remove: endpoint({
    tag,
    method: 'DELETE',
    path: '/auth/llaves/{id}',
    summary: 'Quitar una llave de acceso',
    params: idParams,
    answer: null,
    access: doors.signedIn,
    audit: { entity: 'llave' },
  }),
};

/** Sessions of an account: listed and ended by their person, or all of a user's by an admin. */
export const sesiones = {
  list: endpoint({
    tag,
    method: 'GET',
    path: '/auth/sesiones',
    summary: 'Mis sesiones abiertas',
    answer: z.array(sesionVisibleSchema),
    access: doors.signedIn,
  }),
  end: endpoint({
    tag,
    method: 'DELETE',
    path: '/auth/sesiones/{id}',
    summary: 'Cerrar una de mis sesiones',
    params: idParams,
    answer: null,
    access: doors.signedIn,
    audit: { entity: 'sesion' },
  }),
  endOthers: endpoint({
    tag,
    method: 'POST',
    path: '/auth/sesiones/cerrar-otras',
    summary: 'Cerrar mis demás sesiones',
    answer: sesionesCerradasSchema,
    access: doors.signedIn,
    audit: { entity: 'sesion', action: 'delete' },
  }),
  endOfUser: endpoint({
    tag,
    method: 'DELETE',
    path: '/auth/usuarios/{idPersona}/sesiones',
    summary: 'Cerrar todas las sesiones de un usuario (administrador)',
    params: z.object({ idPersona: z.string() }),
    answer: sesionesCerradasSchema,
    access: doors.signedIn,
    audit: { entity: 'sesion' },
  }),
  endOfStaff: endpoint({
    tag,
    method: 'DELETE',
    path: '/auth/personal/{id}/sesiones',
    summary: 'Cerrar todas las sesiones de un miembro del personal (administrador)',
    params: idParams,
    answer: sesionesCerradasSchema,
    access: doors.signedIn,
    audit: { entity: 'sesion' },
  }),
};

/** Qualified certificates (FNMT, DNIe): linked to an account, or signing in; and the session's own facts. */
export const certificados = {
  link: endpoint({
    tag,
    method: 'POST',
    path: '/auth/certificate',
    summary: 'Vincular un certificado cualificado a mi cuenta (201 nuevo, 200 ya estaba)',
    body: z.object({ certificateData: z.string({ error: 'El certificado es obligatorio' }).min(1, 'El certificado es obligatorio').max(20_000, 'El certificado es demasiado grande') }),
    answer: z.object({
      message: z.string(),
      certificado: z.object({ titular: z.string(), tipoDocumento: z.string(), numeroDocumento: z.string(), emisor: z.string(), validoHasta: z.string() }),
    }),
    status: 201,
    access: doors.signedIn,
  }),
  signIn: endpoint({
    tag,
    method: 'GET',
    path: '/auth/certificate/login',
    summary: 'Empezar el acceso con certificado (redirige al puerto que lo pide)',
    query: z.object({ estado: z.string().optional() }),
    answer: { redirect: true },
    access: doors.anyone,
  }),
  session: endpoint({
    tag,
    method: 'POST',
    path: '/auth/certificate/session',
    summary: 'Canjear el código del acceso con certificado por una sesión',
    body: z.object({ codigo: z.string().min(1).max(200), externalIdNotaria: z.string().max(100).optional() }),
    answer: accesoSchema,
    access: doors.anyone,
    jsonOnly: true,
  }),
  verify: endpoint({
    tag,
    method: 'GET',
    path: '/auth/verify',
    summary: 'Quién es la sesión del token y cómo se probó',
    description: '401 sin token, con uno que no es de un acceso o con la sesión terminada.',
    answer: z.object({
      persona: z.object({ idPersona: z.string(), tipoDocumento: z.string(), numeroDocumento: z.string(), email: z.string() }),
      roles: z.array(z.string()),
      appRole: z.enum(['admin', 'assistant']),
      notarias: z.array(z.unknown()),
      sesion: z.object({ id: z.string(), inicio: z.string(), caduca: z.string() }),
      garantia: z.object({ metodos: z.array(z.string()), nivel: z.number(), desde: z.string() }),
    }),
    access: doors.signedIn,
  }),
};

/** The live changes of the cases the caller may see, as server-sent events. */
export const eventos = {
  stream: endpoint({
    tag: 'Expedientes y actos',
    method: 'GET',
    path: '/eventos',
    summary: 'Cambios en directo de mis expedientes (text/event-stream)',
    description: 'Eventos `listo`, `cambio` {expedienteId, recursos, tipo}, `recargar` y `caducado`; cada cambio lleva su posición como id.',
    answer: { events: true },
    access: doors.signedIn,
    rateLimit: 'EVENTOS_POR_USUARIO',
  }),
};
