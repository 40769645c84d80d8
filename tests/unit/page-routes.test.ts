import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageRoutes, publicPages, subpages } from '../../resources/page-routes';
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

describe('the pages beneath the declared ones and the public pages', () => {
  it('are each served at the path resources/page-routes.ts names', () => {
    const served = new Set([...publicRoutes, ...privateRoutes].map((r) => r.path));
    for (const [name, p] of Object.entries({ ...subpages, ...publicPages })) expect(served.has(p), `${name}: ${p} is served`).toBe(true);
  });

  it('are written nowhere else in the portal: links name them (src/paths.ts)', () => {
    const paths = new Set([...Object.values(pageRoutes).flatMap((r) => [r.path, r.show]), ...Object.values(subpages), ...Object.values(publicPages)].filter((p): p is string => !!p && p !== '/'));
    const root = path.resolve(import.meta.dirname, '../..');
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, e.name);
        if (e.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(e.name)) {
          // string literals and the fixed start of template literals, not comments
          for (const m of fs.readFileSync(file, 'utf8').matchAll(/['"`](\/[a-z0-9/:_-]*)(?=['"`?$])/g)) {
            if (paths.has(m[1])) found.push(`${path.relative(root, file)}: ${m[1]}`);
          }
        }
      }
    };
    for (const dir of ['src', 'providers']) walk(path.join(root, dir));
    expect(found).toEqual([]);
  });
});
