/**
 * Privilegios between a granting and a receiving person:
 * the API schema, the permission presets by type and the activity of a relation.
 */
import { z } from 'zod';
import { isIsoDate, todayIso } from './dates';
import { dropEmpty } from './persona-campos';

export const TIPOS_PRIVILEGIO = ['REPRESENTANTE_LEGAL', 'GENERAL'] as const;
export type TipoPrivilegio = (typeof TIPOS_PRIVILEGIO)[number];

export const ETIQUETAS_TIPO_PRIVILEGIO: Record<TipoPrivilegio, string> = {
  REPRESENTANTE_LEGAL: 'Representante legal',
  GENERAL: 'General',
};

/** The eight permissions of the form, with their Spanish labels (permisoCrearPrivilegio is not one). */
export const PERMISOS_FORMULARIO = [
  { campo: 'permisoLeerFichaReducida', etiqueta: 'Leer ficha reducida' },
  { campo: 'permisoLeerFicha', etiqueta: 'Leer ficha completa' },
  { campo: 'permisoActualizarFicha', etiqueta: 'Actualizar ficha' },
  { campo: 'permisoLeerExpedientes', etiqueta: 'Leer expedientes' },
  { campo: 'permisoActualizarExpedientes', etiqueta: 'Actualizar expedientes' },
  { campo: 'permisoCrearExpedientes', etiqueta: 'Crear expedientes' },
  { campo: 'permisoLeerActos', etiqueta: 'Leer actos' },
  { campo: 'permisoTraspasarPermisos', etiqueta: 'Traspasar permisos' },
] as const;

export type PermisoFormulario = (typeof PERMISOS_FORMULARIO)[number]['campo'];
export type Permisos = Record<PermisoFormulario, boolean> & { permisoCrearPrivilegio: false };

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

export const AVISO_REPRESENTANTE_LEGAL = 'Los representantes legales tienen todos los permisos habilitados automáticamente.';

/**
 * Permissions and modificable for a privilege type: REPRESENTANTE_LEGAL has all eight on;
 * any other type starts with all off. Both are modificable; permisoCrearPrivilegio is always false.
 */
export function permissionPreset(tipo: TipoPrivilegio | string | undefined): Permisos & { modificable: true } {
  const on = tipo === 'REPRESENTANTE_LEGAL';
  const permisos = Object.fromEntries(PERMISOS_FORMULARIO.map((p) => [p.campo, on])) as Record<PermisoFormulario, boolean>;
  return { ...permisos, permisoCrearPrivilegio: false, modificable: true };
}

/** Whether a type fixes the permissions (the form disables the checkboxes). */
export const permissionsLocked = (tipo: string | undefined) => tipo === 'REPRESENTANTE_LEGAL';

/** A relation is active while it has no end date or its end date is still in the future. */
export function isRelationActive(p: { fechaFinRelacion?: string | null }, today: string = todayIso()): boolean {
  return !p.fechaFinRelacion || p.fechaFinRelacion.slice(0, 10) > today;
}

export const MENSAJES_PRIVILEGIO = {
  fechaInicio: 'La fecha de inicio es requerida',
  fecha: 'Fecha inválida (formato aaaa-mm-dd)',
  finAntesDeInicio: 'La fecha de fin no puede ser anterior a la fecha de inicio',
  tipo: 'El tipo de privilegio debe ser REPRESENTANTE_LEGAL o GENERAL',
  persona: 'Identificador de persona inválido',
  mismaPersona: 'Una persona no puede otorgarse un privilegio a sí misma',
  permiso: 'Los permisos deben ser verdadero o falso',
} as const;

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
