/**
 * An endpoint of the services API as the portal names it: its method and its path, relative to the
 * API's base, with `{name}` parameters. Declared in api/ (the portal reads api/routes.ts); typed
 * here by its shape, as domain/ imports no other layer. No other import: the sign-in pages' code
 * fills paths too.
 */
export interface Route {
  readonly method: string;
  readonly path: string;
}

const PARAM = /\{([^}]+)\}/g;

/** The names a path needs, e.g. '/acto/expediente/{expedienteId}' → ['expedienteId']. */
export const templateParams = (template: string): string[] => [...template.matchAll(PARAM)].map((m) => m[1]);

/** A path with its `{names}` filled, URL-encoded, from `values`; undefined when one is missing or empty. */
export function fillPath(template: string, values: Record<string, unknown>): string | undefined {
  let missing = false;
  const path = template.replace(PARAM, (_, name: string) => {
    const v = values[name];
    if (v === undefined || v === null || v === '' || typeof v === 'object') missing = true;
    return encodeURIComponent(String(v ?? ''));
  });
  return missing ? undefined : path;
}

/**
 * A page's path for one record: the page route's one parameter (react-router's `:id`, `:csv`)
 * filled, URL-encoded. `pagePath('/servicios/categoria/:id', 3)` is '/servicios/categoria/3'.
 */
export const pagePath = (pattern: string, value: string | number): string => pattern.replace(/:\w+/, encodeURIComponent(String(value)));
