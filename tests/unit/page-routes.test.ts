import { describe, expect, it } from 'vitest';
import { pageRoutes } from '../../resources/page-routes';
import { privateRoutes, publicRoutes } from '../../src/routes';

describe('the pages the declarations state', () => {
  it('are each served at their route, guarded exactly when a client may not open them', () => {
    for (const [name, declared] of Object.entries(pageRoutes)) {
      const served = privateRoutes.find((r) => r.path === declared.path);
      expect(served, `${name}: ${declared.path} is served`).toBeDefined();
      expect(served?.guard, `${name}: its guard`).toBe(declared.opensTo.includes('client') ? undefined : name);
      if (!declared.show) continue;
      const show = privateRoutes.find((r) => r.path === declared.show);
      expect(show, `${name}: its record's page ${declared.show} is served`).toBeDefined();
      expect(show?.guard, `${name}: its record's page's guard`).toBe(served?.guard);
    }
  });

  it('no route is served twice', () => {
    const paths = [...publicRoutes, ...privateRoutes].map((r) => r.path);
    expect(paths.length).toBe(new Set(paths).size);
  });
});
