/**
 * Privilegios between a granting and a receiving person: the API's schemas (the rules without zod
 * are in ./representantes-rules).
 */
import { z } from 'zod';
import { isIsoDate } from './dates';
import { dropEmpty } from './persona-campos';
import { MENSAJES_PRIVILEGIO, PERMISOS_FORMULARIO, TIPOS_PRIVILEGIO, permissionPreset, type PermisoFormulario, type TipoPrivilegio } from './representantes-rules';

/** A privilegio as the API answers it. */
export const privilegioSchema = z.object({
  id: z.string(),
  /** yyyy-mm-dd */
  fechaInicioRelacion: z.string(),
  fechaFinRelacion: z.string().optional(),
  tipoPrivilegio: z.enum(TIPOS_PRIVILEGIO),
  personaOtorganteId: z.string(),
  personaReceptoraId: z.string(),
  modificable: z.boolean(),
  ...(Object.fromEntries(PERMISOS_FORMULARIO.map((p) => [p.campo, z.boolean()])) as Record<PermisoFormulario, z.ZodBoolean>),
  permisoCrearPrivilegio: z.literal(false),
});
export type Privilegio = z.infer<typeof privilegioSchema>;

const uuid = z.uuid({ error: MENSAJES_PRIVILEGIO.persona });
const isoDate = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).refine(isIsoDate, MENSAJES_PRIVILEGIO.fecha);
const flag = z.boolean({ error: MENSAJES_PRIVILEGIO.permiso });

const permisoFields = Object.fromEntries(PERMISOS_FORMULARIO.map((p) => [p.campo, flag.default(false)])) as Record<
  PermisoFormulario,
  z.ZodDefault<z.ZodBoolean>
>;

const privilegioFields = {
  fechaInicioRelacion: isoDate(MENSAJES_PRIVILEGIO.fechaInicio),
  fechaFinRelacion: isoDate(MENSAJES_PRIVILEGIO.fecha).optional(),
  tipoPrivilegio: z.enum(TIPOS_PRIVILEGIO, { error: MENSAJES_PRIVILEGIO.tipo }),
  modificable: flag.default(true),
  permisoCrearPrivilegio: flag.optional(),
  ...permisoFields,
};

/** The stored form of a privilege: REPRESENTANTE_LEGAL gets every permission; permisoCrearPrivilegio false. */
function normalizePrivilegio<T extends { tipoPrivilegio: TipoPrivilegio; permisoCrearPrivilegio?: boolean }>(p: T) {
  const preset = p.tipoPrivilegio === 'REPRESENTANTE_LEGAL' ? permissionPreset('REPRESENTANTE_LEGAL') : {};
  return { ...p, ...preset, permisoCrearPrivilegio: false as const };
}

function checkDates(p: { fechaInicioRelacion: string; fechaFinRelacion?: string }, ctx: z.RefinementCtx) {
  if (p.fechaFinRelacion && p.fechaFinRelacion < p.fechaInicioRelacion) {
    ctx.addIssue({ code: 'custom', path: ['fechaFinRelacion'], message: MENSAJES_PRIVILEGIO.finAntesDeInicio });
  }
}

/** Body of POST /privilegio. */
export const privilegioInputSchema = z.preprocess(
  (v) => dropEmpty(v),
  z
    .object(
      {
        ...privilegioFields,
        personaOtorganteId: uuid,
        personaReceptoraId: uuid,
      },
      { error: 'El cuerpo debe ser un privilegio' },
    )
    .superRefine((p, ctx) => {
      checkDates(p, ctx);
      if (p.personaOtorganteId === p.personaReceptoraId) {
        ctx.addIssue({ code: 'custom', path: ['personaReceptoraId'], message: MENSAJES_PRIVILEGIO.mismaPersona });
      }
    })
    .transform(normalizePrivilegio),
);

/** Body of PUT /privilegio/{id}: the persons may be repeated but not changed (checked by the route). */
export const privilegioUpdateSchema = z.preprocess(
  (v) => dropEmpty(v),
  z
    .object(
      {
        ...privilegioFields,
        personaOtorganteId: uuid.optional(),
        personaReceptoraId: uuid.optional(),
      },
      { error: 'El cuerpo debe ser un privilegio' },
    )
    .superRefine(checkDates)
    .transform(normalizePrivilegio),
);

/**
 * Body of POST /privilegio/representante: a representative found or created by their document,
 * and the privilegio the granting person gives them, in one operation. `persona` is the whole
 * form (used when the person is new); `rellenados`, the fields the user filled in, are the only
 * ones written over an existing record of the caller's.
 */
export const representanteBodySchema = z.object(
  {
    persona: z.unknown(),
    rellenados: z.unknown().optional(),
    privilegio: z.preprocess(
      (v) => dropEmpty(v),
      z
        .object({ ...privilegioFields, personaOtorganteId: uuid }, { error: 'El privilegio debe ser un objeto' })
        .superRefine(checkDates)
        .transform(normalizePrivilegio),
    ),
  },
  { error: 'El cuerpo debe tener persona y privilegio' },
);

export type PrivilegioInput = z.output<typeof privilegioInputSchema>;
export type PrivilegioUpdate = z.output<typeof privilegioUpdateSchema>;
