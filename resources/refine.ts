import { accessRules, refineResources } from './index';

/**
 * What the signed-in portal reads of the registry as it starts: Refine's resources (routes, menu,
 * the services resources' paths) and the access rule of each action on each name. In the browser
 * build this module is its value (buildTimeData, scripts/vite-plugins.ts), so the Portal, its
 * providers and its shell start without the declarations and the zod schemas they hold; the pages
 * that edit a declaration's records load it with them.
 */
export { accessRules, refineResources };
