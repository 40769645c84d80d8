import { session } from './session';
import type { AppRole, Viewer } from '../domain/resource';

/*
 * Who the signed-in user is, read from the session's token: light (no registry, no Refine), so the
 * authProvider and the login page can use it; the access rules themselves are in
 * access-control-provider.ts.
 */

/** The last token decoded and its claims: every access check of a render reads the same token. */
let decoded: { token: string; claims: Record<string, unknown> } | undefined;

/** The claims of a JWT, read without verifying (the server verifies; the browser only displays). */
export function tokenClaims(token: string | undefined | null): Record<string, unknown> {
  if (!token) return {};
  if (decoded?.token !== token) decoded = { token, claims: decodeClaims(token) };
  return decoded.claims;
}

function decodeClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const claims = JSON.parse(json) as unknown;
    return claims && typeof claims === 'object' ? Object.freeze(claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The role the server's token says: admin (claim app_role), staff when it names notarías the user
 * works at (claim notarias, read from the staff rows at sign-in and every refresh), else client.
 */
export function roleFromToken(token: string | undefined | null): AppRole {
  if (tokenClaims(token).app_role === 'admin') return 'admin';
  return staffNotariasFromToken(token).length > 0 ? 'staff' : 'client';
}

/** Who the token says the user is: the role and the notarías of claim `notarias`. */
export function viewerFromToken(token: string | undefined | null): Viewer {
  const role = roleFromToken(token);
  return role === 'client' ? { role } : { role, notarias: staffNotariasFromToken(token) };
}

/** Do two tokens give the same role and notarías (what the menu, the routes and the buttons read)? */
export function sameViewer(a: string | null | undefined, b: string | null | undefined): boolean {
  const [x, y] = [viewerFromToken(a), viewerFromToken(b)];
  return x.role === y.role && (x.notarias ?? []).join() === (y.notarias ?? []).join();
}

let limitedSession = false;
/** A session kept despite a failed check (cross-origin problem) runs as a client. */
export function setLimitedSession(limited: boolean) {
  limitedSession = limited;
}

/** The signed-in user's role; the browser only reads it, the server decides it. */
export function currentRole(): AppRole {
  return currentViewer().role as AppRole;
}

export function currentViewer(): Viewer {
  return limitedSession ? { role: 'client' } : viewerFromToken(session.get().token);
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
