import type { Endpoint } from './endpoint';
import { API } from './index';

export { API_BASE } from './endpoint';

/** An endpoint as the portal calls it: its method and its path (relative to its base: API_BASE unless it names one). */
type Route = Readonly<Pick<Endpoint, 'method' | 'path' | 'base'>>;

type Routes = { readonly [G in keyof typeof API]: { readonly [K in keyof (typeof API)[G]]: Route } };

const routeOf = ({ method, path, base }: Endpoint): Route => (base ? { method, path, base } : { method, path });

/**
 * The route of every endpoint of api/, by group and name as there (routes.expedientes.get): what
 * the portal (resources/, providers/, src/) reads of the endpoints, never their schemas. In the
 * browser build this module is its value (scripts/vite-plugins.ts, buildTimeData): the paths come
 * from the one declaration of each endpoint while its zod schemas stay out of the bundle.
 */
export const routes = Object.fromEntries(
  Object.entries(API).map(([group, endpoints]) => [group, Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, routeOf(e)]))]),
) as Routes;
