import { describe, expect, it } from 'vitest';
import { routes } from '../../api/routes';
import { serviciosResources } from '../../resources';
import type { Route } from '../../domain/route';

/**
 * The services resources name endpoints of api/ (api/routes.ts), never paths of their own, and
 * each operation one of its method: the servicios data provider sends the operation's method to
 * the endpoint's path.
 */
describe('the endpoints the services resources name', () => {
  const declared = new Set<Route>(Object.values(routes).flatMap((group) => Object.values(group) as Route[]));
  const METHOD = { list: 'GET', one: 'GET', create: 'POST', update: 'PUT', delete: 'DELETE' } as const;

  it.each(serviciosResources.map((r) => [r.name, r] as const))('%s', (_name, config) => {
    for (const op of ['list', 'one', 'create', 'update', 'delete'] as const) {
      const named = config.paths[op];
      for (const route of named === undefined ? [] : 'path' in named ? [named] : named) {
        expect(declared.has(route), `${config.name}.${op}: ${route.method} ${route.path} is not an endpoint of api/`).toBe(true);
        expect(route.method, `${config.name}.${op}: ${route.path}`).toBe(METHOD[op]);
      }
    }
    for (const [name, route] of Object.entries(config.paths.custom ?? {})) {
      expect(declared.has(route), `${config.name}.custom.${name}: ${route.method} ${route.path} is not an endpoint of api/`).toBe(true);
    }
  });
});
