import { fillPath } from '../domain/route';
import type { ServiciosPaths } from '../domain/resource';
import { refineResources } from './refine';

/**
 * The URL of a named endpoint of a services resource (its declaration's `paths.custom`), its path
 * filled from `values`, for useCustom / useCustomMutation: pages name the endpoint, never the path.
 * Read from Refine's resources (resources/refine.ts: data in the browser, without the declarations).
 */
export function serviciosUrl(resource: string, endpoint: string, values: Record<string, unknown> = {}): string {
  const paths = refineResources.find((r) => r.name === resource)?.meta?.paths as ServiciosPaths | undefined;
  const route = paths?.custom?.[endpoint];
  const path = route && fillPath(route.path, values);
  if (!path) throw new Error(`Sin ruta para ${resource}.${endpoint}`);
  return path;
}
