import { fillPath } from '../domain/route';
import { resourceConfig } from './index';

/**
 * The URL of a named endpoint of a services resource (its declaration's `paths.custom`), its path
 * filled from `values`, for useCustom / useCustomMutation: pages name the endpoint, never the path.
 */
export function serviciosUrl(resource: string, endpoint: string, values: Record<string, unknown> = {}): string {
  const config = resourceConfig(resource);
  const route = config?.dataProvider === 'servicios' ? config.paths.custom?.[endpoint] : undefined;
  const path = route && fillPath(route.path, values);
  if (!path) throw new Error(`Sin ruta para ${resource}.${endpoint}`);
  return path;
}
