import type { AccessControlProvider } from '@refinedev/core';
import { session } from './session';
import { canAccess } from '../domain/access';
import { accessRules } from '../resources/refine';
import { currentViewer } from './viewer';

export { roleFromToken, viewerFromToken } from './viewer';

/**
 * Answers from the declarations of the registry (resources/*.ts and resources/pages.ts): the same
 * rules state the route guards, the menu and the SQL policies. What the registry does not declare
 * is not refused here (the server and RLS still decide every request).
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => {
    const viewer = session.get().token ? currentViewer() : { role: 'anon' as const };
    const can = canAccess(accessRules, resource, action, viewer) ?? true;
    return can ? { can } : { can, reason: 'No tiene permiso de acceso' };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
