import type { Rule } from 'antd/es/form';
import type { ResourceConfig } from '../../domain/resource';

/**
 * The bridge from a resource's zod schema to antd forms: one rule per field (the field's own
 * schema) and the whole-record check at submit (cross-field rules, e.g. start before end).
 */

type FieldSchema = { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } };

const fieldSchema = (config: ResourceConfig, name: string) => (config.schema.shape as Record<string, FieldSchema>)[name];

/** An antd rule that validates the value with the schema of that field and shows its Spanish message. */
export function fieldRule(config: ResourceConfig, name: string): Rule {
  return {
    validator: async (_rule, value) => {
      const schema = fieldSchema(config, name);
      const result = schema?.safeParse(value);
      if (result && !result.success) throw new Error(result.error?.issues[0]?.message ?? 'Valor no válido');
    },
  };
}

/** A field is required (asterisk) when its schema rejects an empty value. */
export function isRequired(config: ResourceConfig, name: string): boolean {
  const schema = fieldSchema(config, name);
  return !!schema && !schema.safeParse(undefined).success && !schema.safeParse('').success;
}

/** Whether a field is shown, given the other values (visibleWhen). */
export function isVisible(field: ResourceConfig['fields'][number], values: Record<string, unknown>): boolean {
  return !field.visibleWhen || values[field.visibleWhen.field] === field.visibleWhen.equals;
}

export type Prepared =
  | { ok: true; row: Record<string, unknown> }
  | { ok: false; errors: { name: string; errors: string[] }[] };

/**
 * Form values → the row to store: hidden fields become null, the schema validates and cleans
 * (trims, '' → null, '0' → null...), then the resource's beforeSave. Unknown keys are dropped.
 */
export function prepareRow(config: ResourceConfig, values: Record<string, unknown>): Prepared {
  const input: Record<string, unknown> = { ...values };
  for (const field of config.fields) if (!isVisible(field, values)) input[field.name] = null;
  const result = config.schema.safeParse(input);
  if (!result.success) {
    const byField = new Map<string, string>();
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? config.fields[0]?.name);
      if (!byField.has(name)) byField.set(name, issue.message);
    }
    return { ok: false, errors: [...byField].map(([name, message]) => ({ name, errors: [message] })) };
  }
  const row = result.data as Record<string, unknown>;
  return { ok: true, row: config.beforeSave ? config.beforeSave(row) : row };
}

/** The code of a PostgREST/Postgres error as a string (@refinedev/supabase also adds a numeric statusCode). */
export const errorCode = (error: unknown): string => String((error as { code?: unknown } | null)?.code ?? '');

/**
 * The description under the spec's 'No se pudo guardar / eliminar ...' title: the resource's own
 * message for a duplicate (23505) or a row in use (23503), a permission text for RLS refusals.
 */
export function errorDescription(config: ResourceConfig, error: unknown): string {
  const code = errorCode(error);
  if (code === '23505' && config.messages.unique) return config.messages.unique.message;
  if (code === '23503' && config.messages.inUse) return config.messages.inUse;
  if (code === '42501') return 'No tiene permiso para realizar esta acción';
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : 'Error de conexión';
}
