import { fillPath } from '../providers/servicios-paths';
import { serviciosConfigs } from './index';

/**
 * The URL of a named endpoint of a services resource (its declaration's `paths.custom`), filled
 * from `values`, for useCustom / useCustomMutation: pages name the endpoint, never the path.
 */
export function serviciosUrl(resource: string, endpoint: string, values: Record<string, unknown> = {}): string {
  const template = serviciosConfigs.find((r) => r.name === resource)?.paths as { custom?: Record<string, string> } | undefined;
  const path = template?.custom?.[endpoint] && fillPath(template.custom[endpoint], values);
  if (!path) throw new Error(`Sin ruta para ${resource}.${endpoint}`);
  return path;
}
