import type { ComponentType } from 'react';
import { z } from 'zod';

/**
 * The configuration of a resource (resources/*.ts): everything the generic admin views
 * (src/crud), the access rules and the tests derive from. Pure data plus pure functions, so
 * server code and unit tests can import a resource's schema without React.
 */

export type AppRole = 'admin' | 'assistant';
/** Who a rule is for: a signed-in role, or 'anon' for visitors without a session. */
export type Role = AppRole | 'anon';
export type CrudAction = 'list' | 'create' | 'edit' | 'delete';

export interface Option {
  value: string | number;
  label: string;
}

/** Options read from another resource (through Refine's useSelect). */
export interface Relation {
  resource: string;
  labelField: string;
  /** Only rows where this column equals this value (e.g. active categories). */
  where?: { field: string; value: unknown };
  /** An extra first option, e.g. { value: '0', label: 'Todos los actos' }. */
  extraOption?: Option;
}

export type Widget =
  | 'text'
  | 'textarea'
  | 'email'
  | 'url'
  | 'number'
  | 'select'
  | 'boolean'
  | 'date'
  | 'time'
  | 'weekdays'
  | 'textRows'
  | 'image';

export interface FieldConfig {
  /** The column (and form field) name. */
  name: string;
  label: string;
  widget: Widget;
  placeholder?: string;
  help?: string;
  /** For 'select': fixed options or a relation. */
  options?: Option[];
  relation?: Relation;
  /** For 'textRows': the label of the add button. */
  addLabel?: string;
  /** Shown only while another field has this value (hidden fields are saved as null). */
  visibleWhen?: { field: string; equals: unknown };
}

/** How a list cell shows its value. */
export type Display = 'text' | 'boolean' | 'tag' | 'image' | 'weekdays' | 'date' | 'time' | 'preview';

export interface ColumnConfig {
  title: string;
  /** The column it shows and sorts by; absent for derived values. */
  field?: string;
  /** A derived value (e.g. the name of a related row from the list's nested select). */
  value?: (record: Record<string, unknown>) => unknown;
  sortable?: boolean;
  display?: Display;
  /** For 'boolean': the texts of true and false. */
  booleanLabels?: [string, string];
  /** For 'tag': value → text. */
  tagLabels?: Record<string, string>;
  /** For 'preview': number of characters (spec: 150 for templates). */
  previewLength?: number;
}

export interface ResourceMessages {
  /** Spec: 'No se pudo guardar la notaría'. */
  saveError: string;
  /** Spec: 'No se pudo eliminar la notaría'. */
  deleteError: string;
  saved: string;
  deleted: string;
  /** Spec: 'No se pudieron cargar las notarías.' */
  loadError: string;
  /** The message of a unique violation (Postgres 23505), shown on that field. */
  unique?: { field: string; message: string };
  /** The message of a row still referenced elsewhere (Postgres 23503). */
  inUse?: string;
  /** After 'Restaurar' of a softly deleted row, e.g. 'Categoría restaurada'. */
  restored?: string;
}

export interface ResourceConfig {
  /** Refine resource name; for the supabase provider also the table. */
  name: string;
  dataProvider: 'supabase' | 'servicios';
  labels: { singular: string; plural: string };
  icon?: ComponentType;
  /** A tab of /admin/notarias (the spec's seven), in this order. */
  adminTab?: { order: number };
  /** A resource without a tab gets its own admin page at this path (see docs/adding-a-resource.md). */
  route?: string;
  /** The single validation of a record: form fields, whole-form check and tests. */
  schema: z.ZodObject;
  fields: FieldConfig[];
  list: {
    columns: ColumnConfig[];
    /** Columns searched with the list's search box (case-insensitive "contains"). */
    searchFields?: string[];
    searchPlaceholder?: string;
    /** The supabase select with related rows, e.g. '*, notarias(nombre)'. */
    select?: string;
  };
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** hard: DELETE; soft: activo = false (and the admin list shows only active rows); none: no delete. */
  deletion: 'hard' | 'soft' | 'none';
  /** Who may do what; read by the accessControlProvider, mirrored by the RLS policies. */
  access: Record<CrudAction, Role[]>;
  messages: ResourceMessages;
  /** Values of a new record's form. */
  defaults?: () => Record<string, unknown>;
  /** A stored record → form values (e.g. null act → '0', '09:00:00' → '09:00'). */
  toForm?: (record: Record<string, unknown>) => Record<string, unknown>;
  /** Validated values → the row to store (e.g. clear the date of a recurring rule). */
  beforeSave?: (values: Record<string, unknown>) => Record<string, unknown>;
}

/** Identity with type checking: `export default defineResource({...})`. */
export const defineResource = (config: ResourceConfig): ResourceConfig => config;

export const ADMIN_ONLY: Record<CrudAction, Role[]> = {
  list: ['admin'],
  create: ['admin'],
  edit: ['admin'],
  delete: ['admin'],
};

/** True when `role` may perform `action` on the resource; no role (signed out) counts as 'anon'. */
export function allows(config: Pick<ResourceConfig, 'access' | 'deletion'>, action: CrudAction, role: Role | null | undefined): boolean {
  if (action === 'delete' && config.deletion === 'none') return false;
  return config.access[action].includes(role ?? 'anon');
}

// ---- Schema building blocks with the spec's messages -------------------------------------------

const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v);
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** A required text: missing, empty or blank → `message`. */
export const requiredText = (message: string) => z.preprocess(trimmed, z.string({ error: message }).min(1, message));

/** An optional text: empty becomes null. */
export const optionalText = () => z.preprocess((v) => trimmed(blankToNull(v)), z.string().nullable());

/** A phone: digits, spaces, +, (), - or . with 6 to 15 digits (the same check as the database's). */
export const TELEFONO_OFICINA = /^\+?[0-9 ().-]+$/;
const digitCount = (v: string) => v.match(/\d/g)?.length ?? 0;
/** An optional phone: fewer than 6 digits ('abcdef' too) → `tooFew`; other characters or over 15 digits → `invalid`. */
export const optionalPhone = (tooFew: string, invalid: string) =>
  optionalText()
    .refine((v) => v === null || digitCount(v) >= 6, { message: tooFew, abort: true })
    .refine((v) => v === null || (TELEFONO_OFICINA.test(v) && digitCount(v) <= 15), invalid);

/** A required e-mail; anything else (also empty) → `message`. */

export const requiredEmail = (message: string) => z.preprocess(trimmed, z.email({ error: message }));

/** An optional e-mail: empty becomes null, otherwise it must be valid. */
export const optionalEmail = (message: string) => z.preprocess((v) => trimmed(blankToNull(v)), z.email({ error: message }).nullable());

/** An optional http(s) URL: empty becomes null. */
export const optionalUrl = (message: string) =>
  z.preprocess((v) => trimmed(blankToNull(v)), z.url({ protocol: /^https?$/, error: message }).nullable());

/** A required id of another row (a select). */
export const requiredId = (message: string) =>
  z.preprocess(blankToNull, z.coerce.number({ error: message }).int(message).positive(message));

/** A required positive whole number: missing → `missing`, anything else invalid → `invalid`. */
export const requiredPositiveInt = (missing: string, invalid: string) =>
  z.preprocess(
    blankToNull,
    z.union([z.number(), z.string()], { error: missing }).pipe(z.coerce.number<string | number>({ error: invalid }).int(invalid).positive(invalid)),
  );

/** An optional positive whole number: empty becomes null. */
export const optionalPositiveInt = (invalid: string) => z.preprocess(blankToNull, z.coerce.number({ error: invalid }).int(invalid).positive(invalid).nullable());

/** An optional image: a data URL read from a file (or an http URL); at most about 1 MB. */
export const IMAGE_MAX_BYTES = 1024 * 1024;
export const MENSAJE_IMAGEN = 'La imagen no es válida o supera 1 MB';
export const optionalImage = () =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .regex(/^(data:image\/[a-z0-9.+-]+;base64,|https?:\/\/)/i, MENSAJE_IMAGEN)
      .max(Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 100, MENSAJE_IMAGEN)
      .nullable(),
  );

/** A time of day 'HH:mm' (a stored 'HH:mm:ss' is accepted too). */
export const timeOfDay = (message: string) => z.string({ error: message }).regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, message);

/** 'HH:mm:ss' or 'HH:mm' → 'HH:mm' (for comparing and for the form). */
export const hhmm = (v: unknown) => (typeof v === 'string' ? v.slice(0, 5) : v);

/** Weekday names, Sunday (0) to Saturday (6), as the spec lists them. */
export const WEEKDAYS = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'] as const;
/** The choices of an availability rule: Monday to Friday only. */
export const WORKING_WEEKDAYS = [1, 2, 3, 4, 5] as const;

/** 'Lunes a Viernes' for days 1-5; otherwise the names in week order. */
export function weekdaysLabel(days: readonly number[] | null | undefined): string {
  const sorted = [...new Set(days ?? [])].sort((a, b) => a - b);
  if (sorted.length === 5 && sorted.every((d, i) => d === i + 1)) return 'Lunes a Viernes';
  return sorted.map((d) => WEEKDAYS[d] ?? String(d)).join(', ');
}
