import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';

/**
 * Errors of the services API: JSON { message, fieldErrors? }. The portal shows `message`;
 * `fieldErrors` maps a field path to the schema's Spanish message.
 */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'No encontrado') => new HttpError(404, what);

export function errorResponse(c: Context, e: HttpError) {
  return c.json({ message: e.message, ...(e.fieldErrors ? { fieldErrors: e.fieldErrors } : {}) }, e.status);
}

/** Reads the JSON body or answers 400 'Cuerpo JSON inválido'. */
export async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new HttpError(400, 'Cuerpo JSON inválido');
  }
}

/** Validates with the shared zod schema; the first issue's message becomes the error message. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const key = issue.path.join('.') || '_';
    fieldErrors[key] ??= issue.message;
  }
  throw new HttpError(400, r.error.issues[0]?.message ?? 'Datos inválidos', fieldErrors);
}
