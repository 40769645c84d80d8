import { admin, definePage, signedIn, type PageConfig } from '../domain/resource';

/**
 * Pages that are not resources but have a menu entry and an access rule. The navigation reads
 * these and the resources' `menu` together (through Refine's resources and useMenu), in `order`.
 * A resource that gets a declaration of its own (e.g. expedientes, citas) moves its entry there.
 */
export const pageConfigs: PageConfig[] = [
  definePage({ name: 'dashboard', labels: { plural: 'Inicio' }, route: '/dashboard', menu: { order: 10 }, access: { list: signedIn } }),
  definePage({ name: 'datos-personales', labels: { plural: 'Datos Personales' }, route: '/datos-personales', menu: { order: 20 }, access: { list: signedIn } }),
  definePage({ name: 'servicios', labels: { plural: 'Servicios' }, route: '/servicios', menu: { order: 30 }, access: { list: signedIn } }),
  // expedientes: its own declaration (resources/expedientes.ts) holds its entry
  // copias: its own declaration (resources/copias.ts) holds its entry
  // citas: its own declaration (resources/citas.ts) holds its entry
  // despacho: the office's work, its own declaration (resources/despacho.ts) holds its entry
  definePage({ name: 'perfil', labels: { plural: 'Perfil' }, route: '/perfil', menu: { hide: true }, access: { list: signedIn } }),
  // The administration area: only admins see the entry and open its pages (others are sent to /citas).
  definePage({ name: 'admin', labels: { plural: 'Notarías' }, route: '/admin/notarias', menu: { order: 90, also: ['/admin'] }, access: { list: admin } }),
];
