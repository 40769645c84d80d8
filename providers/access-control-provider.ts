import type { AccessControlProvider } from '@refinedev/core';
import { session } from './session';
import { canAccessResource } from '../resources';

export type AppRole = 'admin' | 'assistant';

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
  return tokenClaims(token).app_role === 'admin' ? 'admin' : 'assistant';
}

let limitedSession = false;
/** A session kept despite a failed check (cross-origin problem) runs as assistant. */
export function setLimitedSession(limited: boolean) {
  limitedSession = limited;
}

/** The signed-in user's role; the browser only reads it, the server decides it. */
export function currentRole(): AppRole {
  return limitedSession ? 'assistant' : roleFromToken(session.get().token);
}

/**
 * The notarías (public.notarias.id) the server says the user is staff of (claim notarias, read from
 * the staff rows at sign-in and every refresh); [] for clients and for admins who are not staff.
 */
export function staffNotariasFromToken(token: string | undefined | null): number[] {
  const n = tokenClaims(token).notarias;
  return Array.isArray(n) ? n.filter((x): x is number => Number.isSafeInteger(x) && x > 0) : [];
}

export function currentStaffNotarias(): number[] {
  return limitedSession ? [] : staffNotariasFromToken(session.get().token);
}

/**
 * What only admins may do, by resource: '*' = every action, or a list of actions.
 * 'admin' is the administration area (/admin/notarias). Resource configs add their rules here.
 */
export const ADMIN_ONLY: Record<string, '*' | readonly string[]> = {
  admin: '*',
};

/** Whether a role may do an action on a resource. */
export function roleCan(role: AppRole, resource: string | undefined, action: string): boolean {
  if (role === 'admin') return true;
  const rule = resource ? ADMIN_ONLY[resource] : undefined;
  return !(rule === '*' || rule?.includes(action));
}

export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => {
    // A resource with a configuration (resources/*.ts) answers from its access rules.
    const can = canAccessResource(resource, action, currentRole()) ?? roleCan(currentRole(), resource, action);
    return can ? { can } : { can, reason: 'No tiene permiso de acceso' };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
