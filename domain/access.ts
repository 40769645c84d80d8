/**
 * Who may do what: the roles, the viewer, the named access rules of the declarations (resources/)
 * and permits(), which answers them in the browser (buttons, route guards, menu) and on the server.
 * Data plus pure functions; ruleSql() (domain/access-sql.ts) compiles the same rules to SQL, for the
 * catalogues' RLS policies (domain/resource-policies.ts) and the generic handler's conditions.
 */

/**
 * The roles of a signed-in user: admin (the token's app_role), staff (a token that names the notarías
 * they work at, claim notarias) or client (everyone else; the token's app_role says 'assistant', as
 * the spec names it).
 */
export type AppRole = 'admin' | 'staff' | 'client';
/** Who a rule is for: a signed-in role, or 'anon' for visitors without a session. */
export type Role = AppRole | 'anon';
export const ROLES: readonly Role[] = ['anon', 'client', 'staff', 'admin'];
export type CrudAction = 'list' | 'create' | 'edit' | 'delete';
export const CRUD_ACTIONS: readonly CrudAction[] = ['list', 'create', 'edit', 'delete'];

/** Who asks: the role and, for staff, the notarías (ids) they work at. */
export interface Viewer {
  role: Role;
  notarias?: readonly number[];
  /** idPersona of the signed-in person (the token's sub): owns the rows whose owner column holds it. */
  id?: string;
}

/**
 * A named access predicate, the rule of one action (read like Payload's access functions:
 * `create: admin`, `list: anyone`). Data, not code, so the same rule answers the browser
 * (accessControlProvider, route guards, menu) and, compiled by ruleSql(), the SQL policy.
 */
export interface AccessRule {
  readonly name: 'anyone' | 'signedIn' | 'admin' | 'staffOfNotaria' | 'staffMember' | 'nobody';
  /** The roles it lets through at all (before any row condition). */
  readonly roles: readonly Role[];
  /** staffOfNotaria: the column with the row's notaría; staff pass only on rows of their own notarías (admins on every row). */
  readonly notariaColumn?: string;
  /** list only: those who may not edit see just the rows where this boolean column is true (e.g. active staff). */
  readonly liveColumn?: string;
  /** staffMember: only those whose token names notarías they work at (admins too, when they are staff). */
  readonly needsNotarias?: boolean;
  /** ownerOr: the signed-in person whose id this column holds passes on that row, whatever the rest of the rule says. */
  readonly ownerColumn?: string;
}

/** Everyone, also visitors without a session. */
export const anyone: AccessRule = { name: 'anyone', roles: ROLES };
/** Any signed-in user. */
export const signedIn: AccessRule = { name: 'signedIn', roles: ['client', 'staff', 'admin'] };
/** Admins only. */
export const admin: AccessRule = { name: 'admin', roles: ['admin'] };
/** Admins, and staff on the rows of the notarías they work at. */
export const staffOfNotaria = (notariaColumn = 'notaria_id'): AccessRule => ({ name: 'staffOfNotaria', roles: ['staff', 'admin'], notariaColumn });
/** Staff of some notaría (the office's work); an admin who is not staff is not let through. */
export const staffMember: AccessRule = { name: 'staffMember', roles: ['staff', 'admin'], needsNotarias: true };
/** Nobody (through this resource). */
export const nobody: AccessRule = { name: 'nobody', roles: [] };

/** `rule`, but those who may not edit see only rows where `column` is true (switched-off rows stay private). */
export const onlyLive = (rule: AccessRule, column: string): AccessRule => ({ ...rule, liveColumn: column });

/**
 * The person a row belongs to (its `column` holds their idPersona), and whoever `others` lets
 * through: `ownerOr('user_id', staffOfNotaria())` = the owner, staff of the row's notaría and
 * admins; `ownerOr('persona_id')` = the owner only. Without a row ("may at all") every signed-in
 * person passes: everyone may act on rows of their own.
 */
export const ownerOr = (column: string, others: AccessRule = nobody): AccessRule => ({ ...others, ownerColumn: column });

/** The rule of each action. */
export type ResourceAccess = Record<CrudAction, AccessRule>;

/** Reads are `read`, every change is admin's: the usual catalogue. */
export const catalogueAccess = (read: AccessRule = anyone): ResourceAccess => ({ list: read, create: admin, edit: admin, delete: admin });

/**
 * True when the rule lets `viewer` through; with a row, staffOfNotaria also checks the row's
 * notaría. Without a row it answers "may at all" (the button, the route, the menu entry).
 */
export function permits(rule: AccessRule, viewer: Viewer | Role | null | undefined, row?: Record<string, unknown>): boolean {
  const v: Viewer = typeof viewer === 'object' && viewer ? viewer : { role: (viewer as Role | null | undefined) ?? 'anon' };
  if (rule.ownerColumn && v.role !== 'anon') {
    if (!row) return true;
    if (v.id !== undefined && row[rule.ownerColumn] != null && String(row[rule.ownerColumn]) === v.id) return true;
  }
  if (!rule.roles.includes(v.role)) return false;
  if (rule.needsNotarias && !(v.notarias?.length)) return false;
  if (rule.notariaColumn && v.role === 'staff' && row) return (v.notarias ?? []).includes(Number(row[rule.notariaColumn]));
  return true;
}

/** Refine's action names → the declarations' four. */
export function crudAction(action: string): CrudAction | undefined {
  if (action === 'list' || action === 'show') return 'list';
  if (action === 'create' || action === 'clone') return 'create';
  if (action === 'edit') return 'edit';
  if (action === 'delete') return 'delete';
  return undefined;
}

/**
 * What the accessControlProvider, the route guards and the menu ask: may `viewer` do `action` on
 * `resource`, by `rules` (each name's rule of each action, resources/index.ts's accessRules)?
 * Names or actions the rules do not know: undefined.
 */
export function canAccess(
  rules: Readonly<Record<string, ResourceAccess>>,
  resource: string | undefined,
  action: string,
  viewer: Viewer | Role | null | undefined,
): boolean | undefined {
  const crud = crudAction(action);
  const rule = resource === undefined ? undefined : rules[resource];
  return rule && crud ? permits(rule[crud], viewer) : undefined;
}
