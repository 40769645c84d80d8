import { API_BASE } from '../api/routes';
import { fillPath, type Route } from '../domain/route';

/** Where the portal finds its back ends; same origin unless built for a hosted deployment. */
const origin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost:8080';

export const SERVICES_URL = `${import.meta.env.VITE_SERVICES_URL || origin}${API_BASE}`;
export const SUPABASE_URL: string = import.meta.env.VITE_SUPABASE_URL || origin;
/** Non-JWT keys are read as anonymous by the built-in gateway; a hosted project needs its real key. */
export const SUPABASE_ANON_KEY: string = import.meta.env.VITE_SUPABASE_ANON_KEY || 'public-anon-key';

/**
 * The path of an endpoint of the services API (routes.<group>.<name> of api/routes.ts), its
 * `{names}` filled from `values`; a missing one throws.
 */
export function endpointPath(route: Route, values: Record<string, unknown> = {}): string {
  const path = fillPath(route.path, values);
  if (path === undefined) throw new Error(`Faltan datos para ${route.method} ${route.path}`);
  return path;
}

/** The URL of an endpoint of the services API, for a fetch of its own (no session, a stream) or a link. */
export const endpointUrl = (route: Route, values?: Record<string, unknown>) => `${SERVICES_URL}${endpointPath(route, values)}`;
