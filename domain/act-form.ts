import { z } from 'zod';
import { todayIso } from './dates';
import { validateIdentifier, looksLikeCif } from './identifiers';
import type { PersonaEncontrada } from './iframe-messages';

/**
 * The dynamic act form: its definition (actos_servicios.json_definicion), the visibility
 * conditions, the dd-mm-aaaa date fields and the datosFormulario it produces. Pure rules, shared
 * by the form in the iframe and the tests.
 */

export const TIPOS_CAMPO = ['texto', 'textarea', 'email', 'telefono', 'numero', 'fecha', 'select', 'checkbox', 'nif'] as const;

const valorCondicion = z.union([z.string(), z.number(), z.boolean()]);
const condicionSchema = z.object({ campo: z.string().min(1), valor: z.union([valorCondicion, z.array(valorCondicion)]) });
const opcionSchema = z.union([z.string(), z.object({ valor: z.string(), etiqueta: z.string() })]);

export const campoSchema = z.object({
  nombre: z.string().min(1),
  tipo: z.enum(TIPOS_CAMPO),
  etiqueta: z.string().min(1),
  requerido: z.boolean().optional(),
  ayuda: z.string().optional(),
  placeholder: z.string().optional(),
  opciones: z.array(opcionSchema).optional(),
  /**
   * Bounds: for 'numero' the smallest and largest number; for 'fecha' the earliest and latest
   * day, as yyyy-mm-dd or 'hoy' (today in the offices' zone).
   */
  min: z.union([z.number(), z.string()]).optional(),
  max: z.union([z.number(), z.string()]).optional(),
  /** 'numero' only: a whole number. */
  entero: z.boolean().optional(),
  condiciones_visibilidad: z.union([condicionSchema, z.array(condicionSchema)]).optional(),
});

export const seccionSchema = z.object({
  nombre: z.string().min(1),
  tipo: z.literal('bloque'),
  nombre_logico: z.string().min(1),
  descripcion: z.string().optional(),
  /** A list of rows (e.g. several otorgantes). Default: sections with a 'nif' field are lists. */
  repetible: z.boolean().optional(),
  campos: z.array(campoSchema).min(1),
});

export const definicionFormularioSchema = z.object({ secciones: z.array(seccionSchema).min(1) });

export type CampoDef = z.infer<typeof campoSchema>;
export type SeccionDef = z.infer<typeof seccionSchema>;
export type DefinicionFormulario = z.infer<typeof definicionFormularioSchema>;

/** One row of a section as the form holds it: text inputs as strings, checkboxes as booleans. */
export type FilaFormulario = Record<string, string | boolean>;
/** The whole form: the rows of each section by nombre_logico (one row for a non-list section). */
export type EstadoFormulario = Record<string, FilaFormulario[]>;

export const opcionesDe = (campo: CampoDef) =>
  (campo.opciones ?? []).map((o) => (typeof o === 'string' ? { valor: o, etiqueta: o } : o));

export const esSeccionLista = (s: SeccionDef) => s.repetible ?? s.campos.some((c) => c.tipo === 'nif');

// ---- Visibility -----------------------------------------------------------------------------

/** A field shows when each of its conditions holds: the other field equals the value or is in the list. */
export function campoVisible(campo: CampoDef, fila: FilaFormulario): boolean {
  const c = campo.condiciones_visibilidad;
  if (!c) return true;
  const condiciones = Array.isArray(c) ? c : [c];
  return condiciones.every(({ campo: otro, valor }) => {
    const actual = fila[otro];
    if (actual === undefined || actual === '') return false;
    const aceptados = Array.isArray(valor) ? valor : [valor];
    return aceptados.some((v) => String(v) === String(actual));
  });
}

// ---- Dates: typed dd-mm-aaaa, sent yyyy-mm-dd -------------------------------------------------

export const LONGITUD_FECHA = 10;

/** Keeps digits only and inserts the dashes as the user types: '01021990' → '01-02-1990'. */
export function mascaraFecha(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}-${d.slice(2)}`;
  return `${d.slice(0, 2)}-${d.slice(2, 4)}-${d.slice(4)}`;
}

/** 'dd-mm-aaaa' of a real day → 'yyyy-mm-dd'; anything else → ''. */
export function fechaFormularioAIso(value: string): string {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value.trim());
  if (!m) return '';
  const [, dd, mm, yyyy] = m;
  const d = new Date(Date.UTC(+yyyy, +mm - 1, +dd));
  if (d.getUTCFullYear() !== +yyyy || d.getUTCMonth() !== +mm - 1 || d.getUTCDate() !== +dd) return '';
  return `${yyyy}-${mm}-${dd}`;
}

/** 'yyyy-mm-dd' (or an ISO date-time) → 'dd-mm-aaaa'; anything else → ''. */
export function isoAFechaFormulario(value: unknown): string {
  if (typeof value !== 'string') return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
}

// ---- Validation -----------------------------------------------------------------------------

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The message of one visible field, or null when it is fine. */
/** A date bound of a definition: 'hoy' is today; a yyyy-mm-dd stays; anything else is no bound. */
const limiteFecha = (v: unknown, hoy: string): string | null =>
  v === 'hoy' ? hoy : typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;

export interface OpcionesValidacion {
  /** false: an empty required field passes (a draft saved on the way); the format rules still hold */
  requeridos?: boolean;
  /** today, yyyy-mm-dd (default: the offices' today) */
  hoy?: string;
}

export function validarCampo(campo: CampoDef, valor: string | boolean | undefined, { requeridos = true, hoy = todayIso() }: OpcionesValidacion = {}): string | null {
  const vacio = valor === undefined || valor === false || (typeof valor === 'string' && valor.trim() === '');
  if (vacio) return campo.requerido && requeridos ? `${campo.etiqueta} es obligatorio` : null;
  if (typeof valor !== 'string') return null;
  const v = valor.trim();
  switch (campo.tipo) {
    case 'fecha': {
      const iso = fechaFormularioAIso(v);
      if (!iso) return `${campo.etiqueta}: formato de fecha inválido (dd-mm-aaaa)`;
      const min = limiteFecha(campo.min, hoy);
      const max = limiteFecha(campo.max, hoy);
      if (min && iso < min) return `${campo.etiqueta} no puede ser anterior al ${isoAFechaFormulario(min)}`;
      if (max && iso > max) return `${campo.etiqueta} no puede ser posterior al ${isoAFechaFormulario(max)}`;
      return null;
    }
    case 'email':
      return EMAIL.test(v) ? null : `${campo.etiqueta}: email inválido`;
    case 'numero': {
      const n = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/.test(v) ? Number(v.replace(',', '.')) : NaN;
      if (!Number.isFinite(n)) return `${campo.etiqueta} debe ser un número`;
      if (campo.entero && !Number.isInteger(n)) return `${campo.etiqueta} debe ser un número entero`;
      if (typeof campo.min === 'number' && n < campo.min) return `${campo.etiqueta} debe ser como mínimo ${campo.min}`;
      if (typeof campo.max === 'number' && n > campo.max) return `${campo.etiqueta} debe ser como máximo ${campo.max}`;
      return null;
    }
    case 'telefono':
      return /^\+?[\d\s-]{6,20}$/.test(v) ? null : `${campo.etiqueta}: teléfono inválido`;
    case 'nif': {
      const numero = v.toUpperCase();
      const tipo = /^[XYZ]/.test(numero) ? 'NIE' : 'NIF';
      return validateIdentifier(looksLikeCif(numero) ? 'JURIDICA' : 'FISICA', tipo, numero);
    }
    case 'select':
      return opcionesDe(campo).some((o) => o.valor === v) ? null : `${campo.etiqueta}: opción no válida`;
    default:
      return null;
  }
}

/** Errors of the whole form keyed 'nombre_logico.fila.campo'; hidden fields are not checked. */
export function validarFormulario(def: DefinicionFormulario, estado: EstadoFormulario, opciones: OpcionesValidacion = {}): Record<string, string> {
  const errores: Record<string, string> = {};
  for (const s of def.secciones) {
    (estado[s.nombre_logico] ?? [{}]).forEach((fila, i) => {
      for (const campo of s.campos) {
        if (!campoVisible(campo, fila)) continue;
        const e = validarCampo(campo, fila[campo.nombre], opciones);
        if (e) errores[`${s.nombre_logico}.${i}.${campo.nombre}`] = e;
      }
    });
  }
  return errores;
}

// ---- From and to datosFormulario ------------------------------------------------------------

function valorEnviado(campo: CampoDef, valor: string | boolean | undefined): unknown {
  if (campo.tipo === 'checkbox') return valor === true;
  const v = typeof valor === 'string' ? valor.trim() : '';
  if (campo.tipo === 'fecha') return fechaFormularioAIso(v);
  if (campo.tipo === 'numero') return v === '' ? null : Number(v.replace(',', '.'));
  if (campo.tipo === 'nif') return v.toUpperCase();
  return v;
}

/** The form's state as datosFormulario: lists for list sections, one object otherwise; hidden fields left out. */
export function construirDatosFormulario(def: DefinicionFormulario, estado: EstadoFormulario): Record<string, unknown> {
  const datos: Record<string, unknown> = {};
  for (const s of def.secciones) {
    const filas = (estado[s.nombre_logico] ?? [{}]).map((fila) => {
      const salida: Record<string, unknown> = {};
      for (const campo of s.campos) {
        if (campoVisible(campo, fila)) salida[campo.nombre] = valorEnviado(campo, fila[campo.nombre]);
      }
      return salida;
    });
    datos[s.nombre_logico] = esSeccionLista(s) ? filas : (filas[0] ?? {});
  }
  return datos;
}

function valorMostrado(campo: CampoDef, valor: unknown): string | boolean {
  if (campo.tipo === 'checkbox') return valor === true;
  if (valor === null || valor === undefined) return '';
  if (campo.tipo === 'fecha') return isoAFechaFormulario(valor);
  return typeof valor === 'object' ? '' : String(valor);
}

/** The form's state from saved datosFormulario (dates back to dd-mm-aaaa); a list section has at least one row. */
export function estadoDesdeDatos(def: DefinicionFormulario, datos: unknown): EstadoFormulario {
  const fuente = datos && typeof datos === 'object' ? (datos as Record<string, unknown>) : {};
  const estado: EstadoFormulario = {};
  for (const s of def.secciones) {
    const guardado = fuente[s.nombre_logico];
    const filas = Array.isArray(guardado) ? guardado : guardado && typeof guardado === 'object' ? [guardado] : [];
    const convertidas = filas
      .filter((f): f is Record<string, unknown> => !!f && typeof f === 'object')
      .map((f) => Object.fromEntries(s.campos.map((c) => [c.nombre, valorMostrado(c, f[c.nombre])])) as FilaFormulario);
    estado[s.nombre_logico] = convertidas.length ? (esSeccionLista(s) ? convertidas : convertidas.slice(0, 1)) : [filaVacia(s)];
  }
  return estado;
}

export const filaVacia = (s: SeccionDef): FilaFormulario =>
  Object.fromEntries(s.campos.map((c) => [c.nombre, c.tipo === 'checkbox' ? false : '']));

// ---- A person found by NIF fills the row --------------------------------------------------------

/**
 * The values a found person gives to a row, under the field names a definition may use
 * (snake_case and camelCase). Only fields the section has are filled by the form.
 */
export function valoresDePersona(p: PersonaEncontrada): Record<string, string> {
  const dir = (p.direccion ?? {}) as Record<string, unknown>;
  const apellidos = [p.primerApellido, p.segundoApellido].filter(Boolean).join(' ');
  const domicilio = [dir.tipoVia, dir.nombreVia, dir.numeroVia, dir.piso, dir.puerta].filter(Boolean).join(' ');
  const pares: Array<[string[], unknown]> = [
    [['nif', 'numero_identificador', 'numeroIdentificador', 'cif'], p.identificador?.numero ?? p.numeroIdentificador],
    [['nombre'], p.nombre],
    [['primer_apellido', 'primerApellido'], p.primerApellido],
    [['segundo_apellido', 'segundoApellido'], p.segundoApellido],
    [['apellidos'], apellidos],
    [['razon_social', 'razonSocial'], p.razonSocial],
    [['fecha_nacimiento', 'fechaNacimiento'], isoAFechaFormulario(p.fechaNacimiento)],
    [['estado_civil', 'estadoCivil'], p.estadoCivil],
    [['regimen', 'regimen_economico', 'regimenEconomico'], p.regimenEconomico],
    [['profesion'], p.profesion],
    [['email'], p.email],
    [['telefono'], p.telefono],
    [['domicilio', 'direccion'], domicilio],
    [['codigo_postal', 'codPostal'], dir.codPostal],
    [['localidad'], dir.localidad],
    [['provincia'], dir.provincia],
  ];
  const valores: Record<string, string> = {};
  for (const [nombres, valor] of pares) {
    if (valor === null || valor === undefined || valor === '') continue;
    for (const n of nombres) valores[n] = String(valor);
  }
  return valores;
}

/**
 * The rules the server applies to stored datosFormulario: every format and bound of the
 * definition (numbers, dates, options, documents), but not required fields, since an act is
 * saved on the way as a draft. Errors keyed 'nombre_logico.fila.campo'.
 */
export function validarDatosFormulario(def: DefinicionFormulario, datos: unknown, hoy?: string): Record<string, string> {
  const estado = estadoDesdeDatos(def, datos);
  // a stored date that is not yyyy-mm-dd would read as empty: keep it as sent, so it fails its format
  const fuente = datos && typeof datos === 'object' ? (datos as Record<string, unknown>) : {};
  for (const s of def.secciones) {
    const guardado = fuente[s.nombre_logico];
    const filas = Array.isArray(guardado) ? guardado : guardado && typeof guardado === 'object' ? [guardado] : [];
    filas.forEach((f, i) => {
      for (const c of s.campos) {
        const v = f && typeof f === 'object' ? (f as Record<string, unknown>)[c.nombre] : undefined;
        const invalida = c.tipo === 'fecha' && v !== null && v !== undefined && v !== '' && !isoAFechaFormulario(v);
        const noTexto = c.tipo !== 'checkbox' && v !== null && v !== undefined && typeof v === 'object';
        if ((invalida || noTexto) && estado[s.nombre_logico]?.[i]) estado[s.nombre_logico][i][c.nombre] = typeof v === 'string' ? v : JSON.stringify(v);
      }
    });
  }
  return validarFormulario(def, estado, { requeridos: false, hoy });
}
