import type { AccessControlProvider } from '@refinedev/core';
import { session } from './session';
import { canAccessResource } from '../resources';
import type { AppRole, Viewer } from '../domain/resource';

export type { AppRole };

/** The claims of a JWT, read without verifying (the server verifies; the browser only displays). */
export function tokenClaims(token: string | undefined | null): Record<string, unknown> {
  const payload = token?.split('.')[1];
  if (!payload) return {};
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const claims = JSON.parse(json) as unknown;
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The role the server put in the access token (claim app_role); anything else is assistant. */
export function roleFromToken(token: string | undefined | null): AppRole {
  const role = tokenClaims(token).app_role;
  return role === 'admin' || role === 'staff' ? role : 'assistant';
}

/** Who the token says the user is: the role and, for staff, the notarías of claim `notarias`. */
export function viewerFromToken(token: string | undefined | null): Viewer {
  const role = roleFromToken(token);
  const notarias = tokenClaims(token).notarias;
  return role === 'staff' && Array.isArray(notarias) ? { role, notarias: notarias.filter((n): n is number => Number.isInteger(n)) } : { role };
}

let limitedSession = false;
/** A session kept despite a failed check (cross-origin problem) runs as assistant. */
export function setLimitedSession(limited: boolean) {
  limitedSession = limited;
}

/** The signed-in user's role; the browser only reads it, the server decides it. */
export function currentRole(): AppRole {
  return currentViewer().role as AppRole;
}

export function currentViewer(): Viewer {
  return limitedSession ? { role: 'assistant' } : viewerFromToken(session.get().token);
}

/**
 * Answers from the declarations of the registry (resources/*.ts and resources/pages.ts): the same
 * rules state the route guards, the menu and the SQL policies. What the registry does not declare
 * is not refused here (the server and RLS still decide every request).
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => {
    const viewer = session.get().token ? currentViewer() : { role: 'anon' as const };
    const can = canAccessResource(resource, action, viewer) ?? true;
    return can ? { can } : { can, reason: 'No tiene permiso de acceso' };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
