import type { AccessRule, Role, Viewer } from './access';

/**
 * An access rule as a SQL condition on a row: the algebra of domain/access.ts compiled once, for
 * the two places the database answers it. permits() is its TypeScript twin; a test evaluates both
 * for every rule, caller and row (tests/integration/access-sql.test.ts).
 *
 * How the condition names the caller is the one difference between the two places, so it is a
 * parameter: the RLS policies read the request's token (tokenCaller), the generic handler binds
 * the viewer it already knows (boundCaller).
 */
export interface SqlCaller {
  /** True when the caller's role is one of `roles`. */
  hasRole(roles: readonly Role[]): string;
  /** True when the caller works at some notaría. */
  readonly worksAnywhere: string;
  /** True when the caller works at the notaría in `column`. */
  worksAt(column: string): string;
  /** True when the caller is the person whose id `column` holds. */
  owns(column: string): string;
}

// folded where a side is constant; the right side is compiled only when it can matter, so a caller
// that binds parameters (boundCaller) binds none for a fragment that is dropped
const and = (a: string, b: () => string) => {
  if (a === 'false') return 'false';
  const r = b();
  return r === 'false' ? 'false' : a === 'true' ? r : r === 'true' ? a : `(${a} and ${r})`;
};
const or = (a: string, b: () => string) => {
  if (a === 'true') return 'true';
  const r = b();
  return r === 'true' ? 'true' : a === 'false' ? r : r === 'false' ? a : `(${a} or ${r})`;
};

/** The condition a row must meet for `rule` to let the caller through: permits(rule, viewer, row) in SQL. */
export function ruleSql(rule: AccessRule, caller: SqlCaller): string {
  const notaria = rule.notariaColumn;
  // staffOfNotaria: staff pass on their own notarías' rows (which needsNotarias implies), the rule's other roles on every row
  let inRole = caller.hasRole(notaria ? rule.roles.filter((r) => r !== 'staff') : rule.roles);
  if (rule.needsNotarias) inRole = and(inRole, () => caller.worksAnywhere);
  if (notaria && rule.roles.includes('staff')) inRole = or(inRole, () => and(caller.hasRole(['staff']), () => caller.worksAt(notaria)));
  const owner = rule.ownerColumn;
  return owner ? or(inRole, () => caller.owns(owner)) : inRole;
}

/** The reading condition of a list rule: with a live column (true = live), those the edit rule refuses read only live rows. */
export function readSql(list: AccessRule, edit: AccessRule, caller: SqlCaller, live = list.liveColumn): string {
  const read = ruleSql(list, caller);
  return live ? and(read, () => or(`"${live}"`, () => ruleSql(edit, caller))) : read;
}

/**
 * The caller's role as server/auth/viewer.ts reads it from the same token: app_role says only
 * admin or not; staff are the others whose token names notarías (claim notarias); anon has no sub.
 */
const ROLE_OF_TOKEN = `(case when public.es_admin() then 'admin' when cardinality(public.notarias_de_personal()) > 0 then 'staff' when public.persona_actual() is not null then 'client' else 'anon' end)`;
const SIGNED_IN: readonly Role[] = ['client', 'staff', 'admin'];

/**
 * The caller of an RLS policy: the claims of the request's token (request.jwt.claims, which the
 * gateway and a hosted PostgREST set), as the database's own functions read them.
 */
export const tokenCaller: SqlCaller = {
  hasRole(roles) {
    if (roles.length === 0) return 'false';
    // a policy's grants already keep visitors out when anon is not among them (see resource-policies.ts)
    if (SIGNED_IN.every((r) => roles.includes(r))) return 'true';
    if (roles.length === 1 && roles[0] === 'admin') return 'public.es_admin()';
    return `${ROLE_OF_TOKEN} in (${roles.map((r) => `'${r}'`).join(', ')})`;
  },
  worksAnywhere: 'cardinality(public.notarias_de_personal()) > 0',
  worksAt: (column) => `public.es_personal_de("${column}")`,
  owns: (column) => `"${column}"::text = public.persona_actual()::text`,
};

/**
 * The caller as the generic handler knows it: role, notarías and id become constants or bound
 * parameters (added to `params`), so a list is one bounded query with no claims to read.
 * `row` qualifies the columns (the handler's table alias).
 */
export function boundCaller(viewer: Viewer, params: unknown[], row = 't'): SqlCaller {
  const bind = (value: unknown) => `$${params.push(value)}`;
  return {
    hasRole: (roles) => String(roles.includes(viewer.role)),
    worksAnywhere: String(Boolean(viewer.notarias?.length)),
    worksAt: (column) => (viewer.role === 'staff' && viewer.notarias?.length ? `${row}."${column}"::text = any(${bind(viewer.notarias.map(String))}::text[])` : 'false'),
    owns: (column) => (viewer.role !== 'anon' && viewer.id !== undefined ? `${row}."${column}"::text = ${bind(viewer.id)}` : 'false'),
  };
}
