import type { Rule } from 'antd/es/form';
import type { CatalogueConfig, ResourceMessages, UniqueMessage } from '../../domain/resource';

/**
 * The bridge from a resource's zod schema to antd forms: one rule per field (the field's own
 * schema) and the whole-record check at submit (cross-field rules, e.g. start before end).
 */

type FieldSchema = { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } };

const fieldSchema = (config: CatalogueConfig, name: string) => (config.schema.shape as Record<string, FieldSchema>)[name];

/** An antd rule that validates the value with the schema of that field and shows its Spanish message. */
export function fieldRule(config: CatalogueConfig, name: string): Rule {
  return {
    validator: async (_rule, value) => {
      const schema = fieldSchema(config, name);
      const result = schema?.safeParse(value);
      if (result && !result.success) throw new Error(result.error?.issues[0]?.message ?? 'Valor no válido');
    },
  };
}

/** A field is required (asterisk) when its schema rejects an empty value. */
export function isRequired(config: CatalogueConfig, name: string): boolean {
  const schema = fieldSchema(config, name);
  return !!schema && !schema.safeParse(undefined).success && !schema.safeParse('').success;
}

/** The fields of the form: the declared ones but a soft-deleted resource's live flag (that is Eliminar / Restaurar). */
export const formFields = (config: CatalogueConfig) =>
  config.fields.filter((f) => config.deletion.mode !== 'soft' || f.name !== config.deletion.column);

/** Whether a field is shown, given the other values (visibleWhen). */
export function isVisible(field: CatalogueConfig['fields'][number], values: Record<string, unknown>): boolean {
  return !field.visibleWhen || values[field.visibleWhen.field] === field.visibleWhen.equals;
}

export type Prepared =
  | { ok: true; row: Record<string, unknown> }
  | { ok: false; errors: { name: string; errors: string[] }[] };

/**
 * Form values → the row to store: hidden fields become null, the schema validates and cleans
 * (trims, '' → null, '0' → null...), then the resource's beforeSave. Unknown keys are dropped.
 */
export function prepareRow(config: CatalogueConfig, values: Record<string, unknown>): Prepared {
  const input: Record<string, unknown> = { ...values };
  for (const field of config.fields) if (!isVisible(field, values)) input[field.name] = null;
  // A soft-deleted resource's live flag changes only through Eliminar / Restaurar, never in the form.
  if (config.deletion.mode === 'soft') delete input[config.deletion.column];
  const result = config.schema.safeParse(input);
  if (!result.success) {
    const byField = new Map<string, string>();
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? config.fields[0]?.name);
      if (!byField.has(name)) byField.set(name, issue.message);
    }
    return { ok: false, errors: [...byField].map(([name, message]) => ({ name, errors: [message] })) };
  }
  const row = { ...(result.data as Record<string, unknown>) };
  if (config.deletion.mode === 'soft') delete row[config.deletion.column];
  return { ok: true, row: config.beforeSave ? config.beforeSave(row) : row };
}

/** The code of a PostgREST/Postgres error as a string (@refinedev/supabase also adds a numeric statusCode). */
export const errorCode = (error: unknown): string => String((error as { code?: unknown } | null)?.code ?? '');

/**
 * The description under the 'No se pudo guardar / eliminar ...' title: the resource's own
 * message for a duplicate (23505) or a row in use (23503), a permission text for RLS refusals.
 */
export function errorDescription(messages: ResourceMessages, error: unknown): string {
  const code = errorCode(error);
  const unique = uniqueViolation(messages, error);
  if (unique) return unique.message;
  if (code === '23503' && messages.inUse) return messages.inUse;
  if (code === '42501') return 'No tiene permiso para realizar esta acción';
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : 'Error de conexión';
}

/**
 * The declared message of the unique constraint a 23505 broke, found by the constraint's name
 * (Postgres names it in the message: 'duplicate key value violates unique constraint "x"'), else
 * by the column its details name ('Key (codigo)=(es) already exists.').
 */
export function uniqueViolation(messages: ResourceMessages, error: unknown): UniqueMessage | undefined {
  if (errorCode(error) !== '23505' || !messages.unique) return undefined;
  const e = (error ?? {}) as { message?: unknown; details?: unknown };
  const text = `${String(e.message ?? '')} ${String(e.details ?? '')}`;
  const constraint = /constraint "([^"]+)"/.exec(text)?.[1];
  if (constraint && messages.unique[constraint]) return messages.unique[constraint];
  const columns = /Key \(([^)]*)\)=/.exec(text)?.[1]?.split(',').map((c) => c.trim()) ?? [];
  const entries = Object.values(messages.unique);
  return entries.find((u) => columns.includes(u.field)) ?? (entries.length === 1 ? entries[0] : undefined);
}
