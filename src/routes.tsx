import { lazy as reactLazy, type ComponentType, type LazyExoticComponent } from 'react';
import { catalogueRoute, pageRoutes } from '../resources/page-routes';
import { publicPages, subpages } from './paths';

/** A lazy page that can also be asked to load before it renders (Root: beside the Portal). */
type LazyPage = LazyExoticComponent<ComponentType> & { load(): Promise<unknown> };

/** React's lazy, keeping its import at hand. */
function lazy(load: () => Promise<{ default: ComponentType }>): LazyPage {
  return Object.assign(reactLazy(load), { load });
}

/** Every route of the portal and the page that serves it; pages load lazily. */
export interface PageRoute {
  path: string;
  page: LazyPage;
  /** The declaration (resources/pages.ts or a resource) whose `list` rule guards the route; others are sent to /citas. */
  guard?: string;
}

/**
 * The page of a declaration, at the route it states (resources/page-routes.ts), guarded by its
 * own `list` rule when a client may not open it; `path` for a page beneath it
 * (subpages.privacidadDespacho), guarded alike, or 'show' for the page of one record at its showRoute.
 */
function of(declaration: string, page: LazyPage, path?: string | 'show'): PageRoute {
  const declared = pageRoutes[declaration];
  const at = path === 'show' ? declared?.show : (path ?? declared?.path);
  if (!declared || !at) throw new Error(`src/routes.tsx: ${declaration} states no ${path === 'show' ? 'showRoute' : 'route'}`);
  return { path: at, page, ...(declared.opensTo.includes('client') ? {} : { guard: declaration }) };
}

/**
 * The public pages, the landing and the sign-in: Root serves them outside Refine, so a visitor's
 * first page loads neither Refine nor supabase-js nor the portal's shell.
 */
export const publicRoutes: PageRoute[] = [
  { path: publicPages.landing, page: lazy(() => import('./pages/landing/Landing')) },
  { path: publicPages.login, page: lazy(() => import('./pages/login/LoginPage')) },
  // public: the QR of every electronic copy leads here
  { path: publicPages.verificar, page: lazy(() => import('./pages/verificar/Verificar')) },
  { path: publicPages.verificarCsv, page: lazy(() => import('./pages/verificar/Verificar')) },
  { path: publicPages.privacidad, page: lazy(() => import('./pages/privacidad/Privacidad')) },
];

const Expedientes = lazy(() => import('./pages/expedientes/Expedientes'));
const NuevoExpediente = lazy(() => import('./pages/expedientes/NuevoExpediente'));

export const privateRoutes: PageRoute[] = [
  of('dashboard', lazy(() => import('./pages/dashboard/Dashboard'))),
  of('datos-personales', lazy(() => import('./pages/datos-personales/DatosPersonales'))),
  of('servicios', lazy(() => import('./pages/servicios/Servicios'))),
  { path: subpages.categoria, page: lazy(() => import('./pages/servicios/Categoria')) },
  { path: subpages.actoServicio, page: lazy(() => import('./pages/servicios/ActoServicio')) },
  of('expedientes', Expedientes),
  { path: subpages.nuevoExpedienteAntiguo, page: NuevoExpediente },
  { path: subpages.nuevoExpediente, page: NuevoExpediente },
  { path: subpages.detalleExpediente, page: lazy(() => import('./pages/expedientes/DetalleExp')) },
  of('expedientes', lazy(() => import('./pages/expedientes/Expediente')), 'show'),
  { path: subpages.actoPoderGeneral, page: lazy(() => import('./pages/acto-poder-general/ActoPoderGeneral')) },
  of('copias', lazy(() => import('./pages/copias/Copias'))),
  of('citas', lazy(() => import('./pages/citas/Citas'))),
  of('perfil', lazy(() => import('./pages/perfil/Perfil'))),
  { path: subpages.configurarCalendario, page: lazy(() => import('./pages/configurar-calendario/ConfigurarCalendario')) },
  of('despacho-expedientes', lazy(() => import('./pages/despacho/Despacho'))),
  of('despacho-expedientes', lazy(() => import('./pages/despacho/ExpedienteDespacho')), 'show'),
  of('despacho-citas', lazy(() => import('./pages/despacho/CitasDespacho'))),
  of('despacho-expedientes', lazy(() => import('./pages/despacho/SolicitudesPrivacidad')), subpages.privacidadDespacho),
  of('admin', lazy(() => import('./pages/despacho/SolicitudesPrivacidad')), subpages.privacidadAdmin),
  of('admin', lazy(() => import('./pages/admin/RegistroActividades')), subpages.registroActividades),
  of('admin', lazy(() => import('./pages/admin/Admin'))),
  of('admin', lazy(() => import('./pages/admin/RecursoAdmin')), catalogueRoute),
];
