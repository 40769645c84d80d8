import { permits, ROLES, type Role, type Viewer } from '../domain/access';
import { adminRoute, isCatalogue, pageConfigs, resourceConfigs } from './index';

/** A page a declaration states: its route, that of one record, and who may open them (the roles its `list` rule lets through). */
export interface PageRouteOf {
  path: string;
  /** The page of one record (the declaration's showRoute, e.g. '/expediente/:id'). */
  show?: string;
  opensTo: Role[];
}

/** A role as a viewer that works somewhere (staff pass only with notarías). */
const someone = (role: Role): Viewer => (role === 'staff' ? { role, notarias: [1] } : { role });

/**
 * The route of every declaration with a page of its own (resources/pages.ts, the services
 * resources, citas), by the declaration's name, and the roles that may open it: src/routes.tsx
 * serves each page at it, guarded by the declaration's rule when a client may not open it. A
 * catalogue's route is served by the generic catalogueRoute. In the browser build this module is
 * its value (buildTimeData, scripts/vite-plugins.ts): Root reads the routes without the declarations.
 */
export const pageRoutes: Record<string, PageRouteOf> = Object.fromEntries(
  [...pageConfigs, ...resourceConfigs.filter((r) => !isCatalogue(r))]
    .filter((c) => c.route !== undefined)
    .map((c) => [
      c.name,
      { path: c.route!, ...('showRoute' in c && c.showRoute ? { show: c.showRoute } : {}), opensTo: ROLES.filter((role) => permits(c.access.list, someone(role))) },
    ]),
);

/** Where the admin opens a catalogue with a page of its own (adminRoute), as a route pattern. */
export const catalogueRoute = adminRoute(':resource');

/** The pages beneath the declared ones (domain/route.ts's pagePath puts a record's id in the pattern). */
export const subpages = {
  nuevoExpediente: '/expediente/nuevo',
  /** The old address of the same form, still served. */
  nuevoExpedienteAntiguo: '/expedientes/nuevo',
  detalleExpediente: '/expediente/detalleexp',
  categoria: '/servicios/categoria/:id',
  actoServicio: '/servicios/acto/:id',
  actoPoderGeneral: '/acto-poder-general',
  configurarCalendario: '/configurar-calendario',
  privacidadDespacho: '/despacho/privacidad',
  privacidadAdmin: '/admin/privacidad',
  registroActividades: '/admin/privacidad/registro',
} as const;

/** The pages anyone opens, served outside the signed-in portal (src/routes.tsx's publicRoutes). */
export const publicPages = {
  landing: '/',
  login: '/login',
  verificar: '/verificar',
  verificarCsv: '/verificar/:csv',
  privacidad: '/privacidad',
} as const;
