import { adminPages, adminTabs } from './index';

/**
 * What /admin/notarias shows before a declaration loads: its tabs, in their order, and the
 * catalogues with a page of their own, by label. In the browser build this module is its value
 * (buildTimeData, scripts/vite-plugins.ts): the page loads the declaration of the open tab alone
 * (src/crud/ListaDeclarada.tsx), not the registry with every schema.
 */
export const adminNav = {
  tabs: adminTabs.map((c) => ({ name: c.name, label: c.labels.plural })),
  pages: adminPages.map((c) => ({ name: c.name, label: c.labels.plural, route: c.route! })),
};
