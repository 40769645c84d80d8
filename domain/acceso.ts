import { z } from 'zod';
import { TIPOS_DOCUMENTO, normalizeIdentifier, type TipoDocumento } from './identifiers';
import { loginDocumentError } from './login-rules';
import { registroEmailSchema } from './registro-email';

/** Bodies of the sign-in calls (services API /auth/*, reached through the auth-proxy function). */

const MENSAJE_DOCUMENTO_OBLIGATORIO = 'El número de documento es obligatorio';

const body = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { error: 'Cuerpo JSON inválido' });

/** A document number, normalised (no spaces or dashes, upper case); letters and digits only. */
const documento = z
  .string({ error: MENSAJE_DOCUMENTO_OBLIGATORIO })
  .max(40, 'Documento inválido')
  .transform(normalizeIdentifier)
  .pipe(
    z
      .string()
      .min(1, MENSAJE_DOCUMENTO_OBLIGATORIO)
      .max(20, 'Documento inválido')
      .regex(/^[A-Z0-9]+$/, 'Documento inválido'),
  );

/** NIF, NIE or PASAPORTE (any case; the services API's older 'DNI' means NIF). */
const tipoDocumento = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim().toUpperCase() === 'DNI' ? 'NIF' : v.trim().toUpperCase()) : v),
  z.enum(TIPOS_DOCUMENTO as [TipoDocumento, ...TipoDocumento[]], { error: 'Tipo de documento no válido' }),
);

/** The login screen's own rule, after a type and size check. */
const email = z.string({ error: 'El email es obligatorio' }).max(254, 'Email inválido').pipe(registroEmailSchema);

/** A PIN as typed (a number is accepted too); whether it is right is decided against the store. */
const pincode = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z
    .string({ error: 'El código PIN es obligatorio' })
    .trim()
    .min(1, 'El código PIN es obligatorio')
    .max(12, 'Código PIN incorrecto'),
);

const notaria = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z
    .string({ error: 'Número de documento y notaría son obligatorios' })
    .trim()
    .min(1, 'Número de documento y notaría son obligatorios')
    .max(64, 'Notaría no encontrada'),
);

/** Registration is for natural persons only, with a valid NIF or NIE (the login screen's rule). */
function personaFisica(v: { username: string; tipoDocumento: TipoDocumento }, ctx: z.RefinementCtx) {
  const message = loginDocumentError(v.tipoDocumento, v.username);
  if (message) ctx.addIssue({ code: 'custom', path: ['username'], message });
}

/** The device token a browser got at an earlier sign-in (server/auth/dispositivo.ts); optional. */
const dispositivo = z.string({ error: 'Dispositivo inválido' }).max(200, 'Dispositivo inválido').optional();

/** unifiedLogin: ask for a sign-in PIN. */
export const solicitudAccesoSchema = body({ username: documento, tipoDocumento: tipoDocumento.optional(), dispositivo });

/** loginWithPincode: sign in with the PIN at a notary office. */
export const accesoConPinSchema = body({
  username: documento,
  tipoDocumento: tipoDocumento.optional(),
  pincode,
  externalIdNotaria: notaria,
  dispositivo,
});

const registro = {
  username: documento,
  tipoDocumento: tipoDocumento.default('NIF'),
  canal: email,
  tipoCanal: z.literal('EMAIL', { error: 'Solo se admite el canal EMAIL' }).optional(),
};

/** registerUser: ask for a registration PIN, sent to the given e-mail. */
export const registroSchema = body(registro).superRefine(personaFisica);

/** registerUserPincode: confirm the registration with that PIN. */
export const registroConPinSchema = body({ ...registro, pincode }).superRefine(personaFisica);

const refreshToken = z
  .string({ error: 'El token de refresco es obligatorio' })
  .min(1, 'El token de refresco es obligatorio')
  .max(200, 'Token de refresco inválido');

/** POST /auth/refresh and /auth/logout. */
export const refreshSchema = body({ refresh_token: refreshToken });

// ---- The answers of the account's calls ---------------------------------------------------------

export const METODOS_ACCESO = ['pin', 'certificado', 'passkey'] as const;

/** A session's tokens; `segundoFactor`: the account holds office rights this session does not carry yet ('confirmar' a passkey, or 'alta' of a first one). */
export const tokensSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  segundoFactor: z.enum(['confirmar', 'alta']).optional(),
});

/** A sign-in's answer: the tokens and whose they are. */
export const accesoSchema = tokensSchema.extend({ message: z.string(), idPersona: z.string() });

/** A passkey as /perfil lists it. */
export const llaveSchema = z.object({ id: z.string(), nombre: z.string(), creada: z.string(), ultimoUso: z.string().nullable() });
export type Llave = z.infer<typeof llaveSchema>;

/** A live session as /perfil lists it. */
export const sesionVisibleSchema = z.object({
  id: z.string(),
  /** 'Chrome 140 en Linux': the browser and system its user agent names. */
  dispositivo: z.string(),
  metodo: z.enum(METODOS_ACCESO),
  /** A passkey or certificate was proven in it (after the PIN, or to sign in). */
  factorFuerte: z.boolean(),
  iniciada: z.string(),
  ultimoUso: z.string(),
  /** The session of the token that asks. */
  actual: z.boolean(),
});
export type SesionVisible = z.infer<typeof sesionVisibleSchema>;

/** Sessions ended: how many, and the sentence that says so. */
export const sesionesCerradasSchema = z.object({ message: z.string(), cerradas: z.number() });
