/**
 * The persona of the services API: its shape, the zod schema that
 * validates every body the server accepts, and the display rules the portal shows.
 */
import { z } from 'zod';
import { normalizeIdentifier, validateIdentifier } from './identifiers';
import { dateRangeError, isIsoDate, MENSAJES_FECHA } from './dates';
import { isAlpha3 } from './countries';
import { DIRECCION_CAMPOS, PERSONA_CAMPOS, dropEmpty } from './persona-campos';

export const TIPOS_PERSONA = ['FISICA', 'JURIDICA'] as const;
export const TIPOS_IDENTIFICADOR = ['NIF', 'NIE', 'PASAPORTE'] as const;
export const GENEROS = ['MASCULINO', 'FEMENINO', 'OTROS'] as const;
export const ESTADOS_CIVILES = ['SOLTERO', 'CASADO', 'SEPARADO', 'DIVORCIADO', 'VIUDO'] as const;
export const REGIMENES_ECONOMICOS = ['PRIVATIVO', 'GANANCIALES'] as const;

export type TipoIdentificador = (typeof TIPOS_IDENTIFICADOR)[number];
export type Genero = (typeof GENEROS)[number];
export type EstadoCivil = (typeof ESTADOS_CIVILES)[number];
export type RegimenEconomico = (typeof REGIMENES_ECONOMICOS)[number];


/** A stored address as the API answers it: only the fields that hold something. */
export const direccionGuardadaSchema = z.object({
  tipoVia: z.string().optional(),
  nombreVia: z.string().optional(),
  numeroVia: z.string().optional(),
  bloque: z.string().optional(),
  escalera: z.string().optional(),
  piso: z.string().optional(),
  puerta: z.string().optional(),
  portal: z.string().optional(),
  codPostal: z.string().optional(),
  localidad: z.string().optional(),
  provincia: z.string().optional(),
  /** ISO 3166 alpha-3 */
  pais: z.string().optional(),
});

/** Where the API serves what hangs from a persona (a reduced record has `self` only). */
export const personaLinksSchema = z.object({
  self: z.string(),
  archivoDni: z.string().optional(),
  personaNotarias: z.string().optional(),
  privilegiosOtorgados: z.string().optional(),
  privilegiosRecibidos: z.string().optional(),
});

/** A persona as the API answers it; empty values are left out. */
export const personaSchema = z.object({
  id: z.string(),
  tipoPersona: z.enum(TIPOS_PERSONA),
  email: z.string().optional(),
  telefono: z.string().optional(),
  identificador: z.object({ tipo: z.string(), numero: z.string() }),
  direccion: direccionGuardadaSchema.optional(),
  nombre: z.string().optional(),
  primerApellido: z.string().optional(),
  segundoApellido: z.string().optional(),
  genero: z.enum(GENEROS).optional(),
  /** yyyy-mm-dd */
  fechaNacimiento: z.string().optional(),
  estadoCivil: z.enum(ESTADOS_CIVILES).optional(),
  regimenEconomico: z.enum(REGIMENES_ECONOMICOS).optional(),
  profesion: z.string().optional(),
  razonSocial: z.string().optional(),
  links: personaLinksSchema,
  /** true when the caller may only read the reduced record (names and identifier). */
  fichaReducida: z.boolean().optional(),
});
export type Persona = z.infer<typeof personaSchema>;

const text = (label: string, max = 100) =>
  z.string({ error: `${label} debe ser un texto` }).trim().max(max, `${label} no puede superar ${max} caracteres`);

export const TELEFONO_REGEX = /^\+?[\d\s().-]{6,20}$/;
export const MENSAJES_PERSONA = {
  tipoPersona: 'El tipo de persona debe ser FISICA o JURIDICA',
  tipoIdentificador: 'El tipo de identificador debe ser NIF, NIE o PASAPORTE',
  numeroIdentificador: 'El número de identificador es obligatorio',
  email: 'Email inválido',
  telefono: 'Teléfono inválido',
  codigoPostal: 'El código postal debe tener 5 dígitos',
  pais: 'El país debe ser un código ISO de tres letras',
  genero: 'El género debe ser MASCULINO, FEMENINO u OTROS',
  estadoCivil: 'Estado civil inválido',
  regimenEconomico: 'El régimen económico debe ser PRIVATIVO o GANANCIALES',
} as const;

export const direccionSchema = z
  .object({
    tipoVia: text('El tipo de vía').optional(),
    nombreVia: text('La vía', 200).optional(),
    numeroVia: text('El número', 20).optional(),
    bloque: text('El bloque', 20).optional(),
    escalera: text('La escalera', 20).optional(),
    piso: text('El piso', 20).optional(),
    puerta: text('La puerta', 20).optional(),
    portal: text('El portal', 20).optional(),
    codPostal: text('El código postal', 10).optional(),
    localidad: text('La localidad').optional(),
    provincia: text('La provincia').optional(),
    pais: z.string({ error: MENSAJES_PERSONA.pais }).refine(isAlpha3, MENSAJES_PERSONA.pais).optional(),
  }, { error: 'La dirección debe ser un objeto' })
  .superRefine((d, ctx) => {
    // Spanish postal codes have five digits; foreign ones are free text.
    if (d.codPostal && (d.pais ?? 'ESP') === 'ESP' && !/^\d{5}$/.test(d.codPostal)) {
      ctx.addIssue({ code: 'custom', path: ['codPostal'], message: MENSAJES_PERSONA.codigoPostal });
    }
  });

const identificadorSchema = z.object(
  {
    // The API-side form of the identifier type may read DNI: the same as NIF.
    tipo: z
      .enum([...TIPOS_IDENTIFICADOR, 'DNI'], { error: MENSAJES_PERSONA.tipoIdentificador })
      .default('NIF')
      .transform((t): TipoIdentificador => (t === 'DNI' ? 'NIF' : t)),
    numero: z
      .string({ error: MENSAJES_PERSONA.numeroIdentificador })
      .transform(normalizeIdentifier)
      .pipe(z.string().min(1, MENSAJES_PERSONA.numeroIdentificador).max(20, 'El número de identificador no puede superar 20 caracteres')),
  },
  { error: MENSAJES_PERSONA.numeroIdentificador },
);

const fechaNacimientoSchema = z.string({ error: MENSAJES_FECHA.isoInvalida }).superRefine((v, ctx) => {
  const error = isIsoDate(v) ? dateRangeError(v) : MENSAJES_FECHA.isoInvalida;
  if (error) ctx.addIssue({ code: 'custom', message: error });
});

/**
 * A persona body of POST /persona and PUT /persona/{id} (id and links are ignored).
 * Empty values are dropped first; the identifier is checked by person kind; fields of the
 * other kind are discarded.
 */
export const personaInputSchema = z.preprocess(
  (v) => dropEmpty(v),
  z
    .object(
      {
        tipoPersona: z.enum(TIPOS_PERSONA, { error: MENSAJES_PERSONA.tipoPersona }),
        identificador: identificadorSchema,
        email: z.email({ error: MENSAJES_PERSONA.email }).max(254, MENSAJES_PERSONA.email).optional(),
        telefono: z.string({ error: MENSAJES_PERSONA.telefono }).trim().regex(TELEFONO_REGEX, MENSAJES_PERSONA.telefono).optional(),
        direccion: direccionSchema.default({}),
        nombre: text('El nombre').optional(),
        primerApellido: text('El primer apellido').optional(),
        segundoApellido: text('El segundo apellido').optional(),
        genero: z.enum(GENEROS, { error: MENSAJES_PERSONA.genero }).optional(),
        fechaNacimiento: fechaNacimientoSchema.optional(),
        estadoCivil: z.enum(ESTADOS_CIVILES, { error: MENSAJES_PERSONA.estadoCivil }).optional(),
        regimenEconomico: z.enum(REGIMENES_ECONOMICOS, { error: MENSAJES_PERSONA.regimenEconomico }).optional(),
        profesion: text('La profesión').optional(),
        razonSocial: text('La razón social', 200).optional(),
      },
      { error: 'El cuerpo debe ser una persona' },
    )
    .superRefine((p, ctx) => {
      const error = validateIdentifier(p.tipoPersona, p.identificador.tipo, p.identificador.numero);
      if (error) ctx.addIssue({ code: 'custom', path: ['identificador', 'numero'], message: error });
    })
    .transform((p) => {
      if (p.tipoPersona === 'JURIDICA') {
        const { nombre, primerApellido, segundoApellido, genero, fechaNacimiento, estadoCivil, regimenEconomico, profesion, ...juridica } = p;
        void [nombre, primerApellido, segundoApellido, genero, fechaNacimiento, estadoCivil, regimenEconomico, profesion];
        return juridica;
      }
      const { razonSocial, ...fisica } = p;
      void razonSocial;
      return fisica;
    }),
);

export type PersonaInput = z.output<typeof personaInputSchema>;

/** Data as the portal may send it (the same fields, before validation). */
export type PersonaPayload = Omit<Persona, 'id' | 'links' | 'fichaReducida'>;

// how a person is named on screen: display-name.ts (light, used by the session and the shell)
export { displayName, nameOrFallback, isInformed } from './display-name';
// labels, emptiness and the PUT body of a record: persona-campos.ts (light, no zod or country tables)
export { ETIQUETAS, dropEmpty, conBorrados } from './persona-campos';


/** A value that clears a field: an explicit null (or an empty text, which the portal never sends). */
const borra = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A change applied to a stored record: a field left out is kept, an explicit null clears it,
 * anything else replaces it; the address merges field by field the same way (direccion: null
 * clears all of it). The result is validated as a whole record by personaInputSchema.
 */
export function mergePersona(stored: PersonaPayload, cambios: unknown): unknown {
  if (!cambios || typeof cambios !== 'object' || Array.isArray(cambios)) return cambios;
  const c = cambios as Record<string, unknown>;
  const out: Record<string, unknown> = { ...stored };
  for (const campo of PERSONA_CAMPOS) {
    if (!(campo in c) || c[campo] === undefined) continue;
    out[campo] = borra(c[campo]) ? undefined : c[campo];
  }
  if ('direccion' in c && c.direccion !== undefined) {
    const d = c.direccion;
    if (d === null) out.direccion = {};
    else if (typeof d !== 'object' || Array.isArray(d)) out.direccion = d;
    else {
      const nueva: Record<string, unknown> = { ...(stored.direccion ?? {}) };
      for (const campo of DIRECCION_CAMPOS) {
        const v = (d as Record<string, unknown>)[campo];
        if (v === undefined) continue;
        nueva[campo] = borra(v) ? undefined : v;
      }
      out.direccion = nueva;
    }
  }
  // a regime only means something for a married person
  if (out.estadoCivil !== 'CASADO' && 'estadoCivil' in c) out.regimenEconomico = undefined;
  return out;
}
