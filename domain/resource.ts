import type { z } from 'zod';
import type { Route } from './route';
import type { ColumnDeclaration } from './columns';
import { nobody, permits, type CrudAction, type ResourceAccess, type Role, type Viewer } from './access';

// a declaration imports from here what it states (the access rules and the messages live in their own
// modules); a catalogue's columns and their rules come from ./columns and ./schema-blocks, which bring zod
export * from './access';
export * from './resource-messages';

/**
 * The declaration of a resource (resources/*.ts): everything the generic admin views (src/crud),
 * Refine's resources, the navigation, the access rules and the tests derive from. Pure data plus
 * pure functions, so server code and unit tests can import a resource's schema without React.
 */

/**
 * How a row goes away. soft: `column` (a boolean, true = live) set to false; lists show live rows,
 * 'Ver eliminados' the others with 'Restaurar'; the database refuses a real DELETE.
 * hard: DELETE. none: rows are never deleted through the portal.
 */
export type Deletion = { mode: 'soft'; column: string } | { mode: 'hard' } | { mode: 'none' };
export const softDelete = (column = 'activo'): Deletion => ({ mode: 'soft', column });
export const HARD_DELETE: Deletion = { mode: 'hard' };
export const NO_DELETE: Deletion = { mode: 'none' };

/** Labels with the grammatical gender that the default messages agree with ('la notaría', 'el festivo'). */
export interface Labels {
  singular: string;
  plural: string;
  gender: 'f' | 'm';
}

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
  | 'image'
  /** A deed template's text, with the placeholders it may use listed beneath (see `placeholders`). */
  | 'template';

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
  /**
   * For 'template': the resource listing the placeholders (columns nombre, seccion, descripcion,
   * ejemplo, orden) and the form field whose value picks them (its `acto_id`).
   */
  placeholders?: { resource: string; byField: string };
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
  /** For 'preview': number of characters (150 for templates). */
  previewLength?: number;
}

/** A unique constraint broken (Postgres 23505): the field it is shown under and the message. */
export interface UniqueMessage {
  field: string;
  message: string;
}

export interface ResourceMessages {
  /** e.g. 'No se pudo guardar la notaría'. */
  saveError: string;
  /** e.g. 'No se pudo eliminar la notaría'. */
  deleteError: string;
  /** e.g. 'Notaría guardada'. */
  saved: string;
  /** e.g. 'Notaría eliminada'. */
  deleted: string;
  /** After 'Restaurar' of a softly deleted row, e.g. 'Categoría restaurada'. */
  restored: string;
  /** e.g. 'No se pudieron cargar las notarías.' */
  loadError: string;
  /** By constraint name (as Postgres reports it): which field broke and what it reads. */
  unique?: Record<string, UniqueMessage>;
  /** The message of a row still referenced elsewhere (Postgres 23503). */
  inUse?: string;
}

/** Sample rows for the tests (authorization matrix, fuzz, journeys): no seed needed for coverage. */
export interface SampleContext {
  /** A distinct number per call, for unique columns. */
  n: number;
  /**
   * The id of a sample row of another resource (inserted first), for foreign keys: a catalogue's
   * row, or for a services reference (ServiciosCrud.references) a row the caller may read.
   */
  ref: (resource: string) => number | string;
}

/** Where a resource shows in the navigation (Refine's meta.parent / meta.hide / order). */
export interface MenuPlacement {
  /** Label of the entry when it differs from labels.plural (e.g. 'Inicio'). */
  label?: string;
  /** The name of the group (another declaration) it belongs to: Refine's meta.parent. */
  parent?: string;
  /** Position in the menu (lower first). */
  order?: number;
  /** Not in the menu (its route still works). */
  hide?: boolean;
  /** Further path prefixes that highlight this entry (e.g. '/expediente' for '/expedientes'). */
  also?: string[];
}

/**
 * How a resource that holds personal data is processed (RGPD art. 30): the record of processing
 * activities (domain/registro-actividades.ts, the admin's /admin/privacidad/registro) derives from these.
 */
export interface Tratamiento {
  /** The processing activity's name. */
  actividad: string;
  finalidad: string;
  baseJuridica: string;
  /** Categories of data subjects and of personal data. */
  categorias: string;
  destinatarios: string;
  conservacion: string;
}

interface ResourceBase {
  /** Refine resource name; for the supabase provider also the table. */
  name: string;
  /** Declared when it holds personal data (RGPD art. 30). */
  tratamiento?: Tratamiento;
  labels: Labels;
  /** Its own page. A catalogue without an admin tab is served at `/admin/recursos/<name>`, and only if it declares that route. */
  route?: string;
  /** The page of one record (Refine's `show`), e.g. '/despacho/expedientes/:id'. */
  showRoute?: string;
  /** Navigation entry; none (or hide) keeps it out of the menu. */
  menu?: MenuPlacement;
  /** Who may do what: feeds the accessControlProvider, the route guards, the menu and the SQL policies. */
  access: ResourceAccess;
  deletion: Deletion;
  /** Overrides of the messages derived from the labels (see resourceMessages). */
  messages?: Partial<ResourceMessages>;
  /** A valid row, for the tests that iterate over the registry. */
  sample?: (ctx: SampleContext) => Record<string, unknown>;
}

/**
 * A table behind /rest/v1 with the generated admin views (list, form, delete/restore). Declared
 * with defineCatalogue (domain/columns.ts): its `columns` are the one source of the schema, the
 * form's fields, the list's columns and the database's checks, which it derives.
 */
export interface CatalogueConfig extends ResourceBase {
  dataProvider: 'supabase';
  /** A tab of /admin/notarias, in this order. */
  adminTab?: { order: number };
  /** Each column once: its rule, its form field, how it shows in the list. */
  columns: Record<string, ColumnDeclaration>;
  /** Derived: the single validation of a record (form fields, whole-form check, tests). */
  schema: z.ZodObject;
  /** Derived: the form's fields, the columns with a rule in declaration order. */
  fields: FieldConfig[];
  list: {
    /** Derived: the list's columns, in the declared order. */
    columns: ColumnConfig[];
    /** Columns searched with the list's search box (case-insensitive "contains"). */
    searchFields?: string[];
    searchPlaceholder?: string;
    /** The supabase select with related rows, e.g. '*, notarias(nombre)'. */
    select?: string;
  };
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** Values of a new record's form. */
  defaults?: () => Record<string, unknown>;
  /** A stored record → form values (e.g. null act → '0', '09:00:00' → '09:00'). */
  toForm?: (record: Record<string, unknown>) => Record<string, unknown>;
  /** Validated values → the row to store (e.g. clear the date of a recurring rule). */
  beforeSave?: (values: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * The endpoints a resource of the services API is served by (routes.<group>.<name> of api/routes.ts).
 * A `{name}` of a path is filled, URL-encoded, from the record id (`{id}`), from the call's `eq`
 * filter on that field (which the path then consumes: it is not sent again as a query parameter)
 * or from the call's meta. Read by the servicios data provider (providers/servicios-paths.ts).
 */
export interface ServiciosPaths {
  /**
   * GET of a list. Several endpoints are tried in order, the first whose every `{name}` has a
   * value wins, e.g. [privilegios.listGranted ('/privilegio/concedidos/{personaOtorganteId}'), privilegios.listReceived].
   */
  list?: Route | readonly Route[];
  /** GET of one record, e.g. expedientes.get ('/expediente/{id}'). */
  one?: Route;
  /** POST of a new record, e.g. expedientes.create. */
  create?: Route;
  /** PUT of a record, e.g. actos.update ('/acto/{id}'). */
  update?: Route;
  /** DELETE of a record. */
  delete?: Route;
  /** Further named endpoints (useCustom / useCustomMutation, resources/servicios-url.ts), e.g. { representante: privilegios.createRepresentante }. */
  custom?: Record<string, Route>;
}

/**
 * Creations the server did not answer, kept in this browser and sent again by the servicios
 * data provider (providers/servicios-pendientes.ts).
 */
export interface PendientesConfig {
  /** The localStorage key of the kept records. */
  clave: string;
  /**
   * The form a record is kept in (e.g. the act's draft form): each kept field → the record's field
   * it holds; the one that holds `id` holds the `temp-` id. Data, so the portal's start reads it
   * without the declaration (resources/refine.ts).
   */
  campos: Record<string, string>;
  /** A record's field that is missing → this value (else null). */
  vacios?: Record<string, unknown>;
}

/**
 * A services resource served by the generic handler (server/routes/recursos.ts) instead of routes
 * of its own: rows of one table of schema `servicios`, each belonging to the person in `owner`.
 * The handler validates bodies with the declaration's `schema` (its keys are the columns), stores
 * `owner` = the caller, and answers every action as `access` says; a row the caller may not see
 * answers 404, exactly like one that does not exist.
 */
export interface ServiciosCrud {
  /** The table, in schema servicios: `id uuid` primary key, the owner column, the schema's columns. */
  table: string;
  /** The column with the idPersona of the person the row belongs to (set from the token, never from the body). */
  owner: string;
  /**
   * Columns that point at a row of another services resource the caller must be able to read
   * (`{ expediente_id: 'expedientes' }`): a create or update naming one they may not read, or one
   * that does not exist, answers 400 with REFERENCIA_NO_LEGIBLE under the column.
   */
  references?: Readonly<Record<string, Referenciable>>;
}

/** The services resources a generic row may point at; the server knows how each is read (server/routes/referencias.ts). */
export type Referenciable = 'expedientes';

/** The answer under a column whose reference the caller may not read: the same whether it is hidden or missing. */
export const REFERENCIA_NO_LEGIBLE: Record<Referenciable, string> = {
  expedientes: 'El expediente no existe o no tiene acceso a él',
};

/** A resource of the services API: pages of its own, the endpoints it is served by named here. */
export interface ServiciosConfig extends ResourceBase {
  dataProvider: 'servicios';
  paths: ServiciosPaths;
  /** Keep a creation the server did not answer in this browser and send it again later. */
  pendientes?: PendientesConfig;
  /** The validation of a record when the resource has one (form, server route and tests). */
  schema?: z.ZodObject;
  /** Served by the generic owner-scoped handler (then `paths` is crudPaths('/<name>') and `schema` is required). */
  crud?: ServiciosCrud;
  /** The generic handler's list order. */
  defaultSort?: { field: string; order: 'asc' | 'desc' };
}

/** The five endpoints the generic handler serves for a resource at `base` ('/consultas'). */
export const crudPaths = (base: string) =>
  ({
    list: { method: 'GET', path: base },
    one: { method: 'GET', path: `${base}/{id}` },
    create: { method: 'POST', path: base },
    update: { method: 'PUT', path: `${base}/{id}` },
    delete: { method: 'DELETE', path: `${base}/{id}` },
  }) satisfies ServiciosPaths;

/**
 * A table behind /rest/v1 whose pages are its own (src/pages/…), not the generated views: e.g.
 * citas, rows of one person each. Declared for Refine's resource, its route, menu entry and access;
 * its RLS is written in its migrations (not stated from its declaration, as a catalogue's are) and the /rest/v1 part
 * of the authorization matrix reads its `access` for the expected answers.
 */
export interface PagesTableConfig extends ResourceBase {
  dataProvider: 'supabase';
  views: 'own';
  /**
   * Rows about a person: /rest/v1 records in the audit log each read and change of one by someone
   * else (server/gateway/audit.ts), under `entity`, its `id` and the person `owner` names.
   */
  audit?: { entity: import('./auditoria').AuditEntity; owner: string };
}

/** A page that is not a resource but has a menu entry and an access rule (dashboard, perfil…). */
export interface PageConfig {
  name: string;
  labels: Pick<Labels, 'plural'> & Partial<Labels>;
  route: string;
  menu?: MenuPlacement;
  /** Only `list` matters: who may open the page. */
  access: Pick<ResourceAccess, 'list'>;
}

export type ResourceConfig = CatalogueConfig | ServiciosConfig | PagesTableConfig;

/** A table behind /rest/v1 with the generated views (not one with pages of its own, like citas). */
export const isCatalogue = (r: ResourceConfig | undefined): r is CatalogueConfig => r?.dataProvider === 'supabase' && !('views' in r);

/** Identity with type checking: `export default defineResource({...})`; a catalogue is declared with defineCatalogue. */
export function defineResource<T extends ServiciosConfig | PagesTableConfig>(config: T): T {
  return config;
}
export const definePage = (config: PageConfig): PageConfig => config;

/** The rule of each action on the resource: its declared access, and nobody deletes rows that are never deleted. */
export const effectiveAccess = (config: Pick<ResourceBase, 'access' | 'deletion'>): ResourceAccess =>
  config.deletion.mode === 'none' ? { ...config.access, delete: nobody } : config.access;

/** True when `viewer` may perform `action` on the resource; no role (signed out) counts as 'anon'. */
export function allows(
  config: Pick<ResourceBase, 'access' | 'deletion'>,
  action: CrudAction,
  viewer: Viewer | Role | null | undefined,
  row?: Record<string, unknown>,
): boolean {
  return permits(effectiveAccess(config)[action], viewer, row);
}

/** The rows a list shows by default: the live ones of a soft-deleted resource. */
export const liveFilter = (deletion: Deletion, live = true) =>
  deletion.mode === 'soft' ? [{ field: deletion.column, operator: 'eq' as const, value: live }] : [];
