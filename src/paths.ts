import { pageRoutes } from '../resources/page-routes';

export { publicPages, subpages } from '../resources/page-routes';
export { pagePath } from '../domain/route';

/**
 * Where a link goes, named rather than written: the path of a declared page comes from its
 * declaration, the public pages and those beneath the declared ones from the constants beside the
 * declared routes (resources/page-routes.ts); src/routes.tsx serves each at the same constant.
 */
export function pathOf(declaration: string): string {
  const declared = pageRoutes[declaration];
  if (!declared) throw new Error(`src/paths.ts: no declaration '${declaration}' states a route`);
  return declared.path;
}
