/**
 * Privilegios between a granting and a receiving person, without zod (the pages' first screen
 * reads these): the types, the permission presets by type, the activity of a relation and the
 * messages. The API's schemas are in ./representantes.
 */
import { todayIso } from './dates';

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
