/** The entries of the navigation shell (spec part 2, section 2) and which one a path belongs to. */
export interface NavEntry {
  label: string;
  to: string;
  /** Path prefixes that highlight this entry (besides `to`). */
  also?: string[];
  adminOnly?: boolean;
  /** Only for staff of some notaría (token claim notarias). */
  staffOnly?: boolean;
}

export const NAV_ENTRIES: NavEntry[] = [
  { label: 'Inicio', to: '/dashboard' },
  { label: 'Datos Personales', to: '/datos-personales' },
  { label: 'Servicios', to: '/servicios' },
  { label: 'Expedientes', to: '/expedientes', also: ['/expediente'] },
  { label: 'Copias', to: '/copias' },
  { label: 'Citas', to: '/citas' },
  { label: 'Despacho', to: '/despacho', staffOnly: true },
  { label: 'Notarías', to: '/admin/notarias', also: ['/admin'], adminOnly: true },
];

const within = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The entry to highlight for a path, if any. */
export function activeEntry(pathname: string, entries: NavEntry[] = NAV_ENTRIES): NavEntry | undefined {
  return entries.find((e) => [e.to, ...(e.also ?? [])].some((p) => within(pathname, p)));
}
