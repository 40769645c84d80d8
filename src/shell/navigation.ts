import { canAccess, type Role, type Viewer } from '../../domain/access';
import { accessRules, refineResources } from '../../resources/refine';

/**
 * The navigation bar, built from Refine's resources (useMenu's items): the declarations of
 * resources/ with a `menu`, in their order, grouped by meta.parent, without meta.hide ones and
 * without those whose `list` rule refuses the viewer (a group's entries also need the group's).
 */
export interface NavEntry {
  name: string;
  label: string;
  to: string;
  /** Path prefixes that highlight this entry (besides `to`). */
  also?: string[];
  children?: NavEntry[];
}

/** The shape of Refine's useMenu items that the bar reads. */
export interface MenuItemLike {
  name: string;
  label?: string;
  route?: string;
  meta?: { label?: string; hide?: boolean; also?: string[] } & Record<string, unknown>;
  children: MenuItemLike[];
}

const allowed = (name: string, viewer: Viewer | Role | null | undefined) => canAccess(accessRules, name, 'list', viewer ?? 'anon') !== false;

/** useMenu's items → the entries `viewer` may open. */
export function navEntries(items: MenuItemLike[], viewer: Viewer | Role | null | undefined): NavEntry[] {
  return items.flatMap((item): NavEntry[] => {
    if (item.meta?.hide || !allowed(item.name, viewer)) return [];
    const children = navEntries(item.children ?? [], viewer);
    const label = item.label ?? item.meta?.label ?? item.name;
    if (!item.route && children.length === 0) return [];
    return [{ name: item.name, label, to: item.route ?? children[0].to, ...(item.meta?.also ? { also: item.meta.also } : {}), ...(children.length ? { children } : {}) }];
  });
}

/** The same entries straight from the registry (what useMenu gives, for code outside Refine and tests). */
export function registryMenuItems(): MenuItemLike[] {
  const items: MenuItemLike[] = refineResources.map((r) => ({
    name: r.name,
    label: r.meta?.label,
    route: typeof r.list === 'string' ? r.list : undefined,
    meta: r.meta as MenuItemLike['meta'],
    children: [],
  }));
  const byName = new Map(items.map((i) => [i.name, i]));
  return items.filter((i) => {
    const parent = byName.get(String(i.meta?.parent ?? ''));
    if (parent) parent.children.push(i);
    return !parent;
  });
}

/** The route of a resource's list (its declaration's `route`), from Refine's resources. */
export const routeOf = (name: string): string | undefined => {
  const list = refineResources.find((r) => r.name === name)?.list;
  return typeof list === 'string' ? list : undefined;
};

const within = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
const flat = (entries: NavEntry[]): NavEntry[] => entries.flatMap((e) => [...(e.children ? flat(e.children) : []), e]);

/** The entry to highlight for a path, if any (the innermost one of a group). */
export function activeEntry(pathname: string, entries: NavEntry[] = navEntries(registryMenuItems(), 'admin')): NavEntry | undefined {
  return flat(entries).find((e) => [e.to, ...(e.also ?? [])].some((p) => within(pathname, p)));
}
