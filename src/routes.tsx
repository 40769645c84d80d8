import { lazy as reactLazy, type ComponentType, type LazyExoticComponent } from 'react';

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
 * The public pages, the landing and the sign-in: Root serves them outside Refine, so a visitor's
 * first page loads neither Refine nor supabase-js nor the portal's shell.
 */
export const publicRoutes: PageRoute[] = [
  { path: '/', page: lazy(() => import('./pages/landing/Landing')) },
  { path: '/login', page: lazy(() => import('./pages/login/LoginPage')) },
  // public: the QR of every electronic copy leads here
  { path: '/verificar', page: lazy(() => import('./pages/verificar/Verificar')) },
  { path: '/verificar/:csv', page: lazy(() => import('./pages/verificar/Verificar')) },
  { path: '/privacidad', page: lazy(() => import('./pages/privacidad/Privacidad')) },
];

const Expedientes = lazy(() => import('./pages/expedientes/Expedientes'));
const NuevoExpediente = lazy(() => import('./pages/expedientes/NuevoExpediente'));

export const privateRoutes: PageRoute[] = [
  { path: '/dashboard', page: lazy(() => import('./pages/dashboard/Dashboard')) },
  { path: '/datos-personales', page: lazy(() => import('./pages/datos-personales/DatosPersonales')) },
  { path: '/servicios', page: lazy(() => import('./pages/servicios/Servicios')) },
  { path: '/servicios/categoria/:categoriaId', page: lazy(() => import('./pages/servicios/Categoria')) },
  { path: '/servicios/acto/:actoId', page: lazy(() => import('./pages/servicios/ActoServicio')) },
  { path: '/expedientes', page: Expedientes },
  { path: '/expedientes/nuevo', page: NuevoExpediente },
  { path: '/expediente/nuevo', page: NuevoExpediente },
  { path: '/expediente/detalleexp', page: lazy(() => import('./pages/expedientes/DetalleExp')) },
  { path: '/expediente/:id', page: lazy(() => import('./pages/expedientes/Expediente')) },
  { path: '/acto-poder-general', page: lazy(() => import('./pages/acto-poder-general/ActoPoderGeneral')) },
  { path: '/copias', page: lazy(() => import('./pages/copias/Copias')) },
  { path: '/citas', page: lazy(() => import('./pages/citas/Citas')) },
  { path: '/perfil', page: lazy(() => import('./pages/perfil/Perfil')) },
  { path: '/configurar-calendario', page: lazy(() => import('./pages/configurar-calendario/ConfigurarCalendario')) },
  { path: '/despacho', page: lazy(() => import('./pages/despacho/Despacho')), guard: 'despacho-expedientes' },
  { path: '/despacho/expedientes/:id', page: lazy(() => import('./pages/despacho/ExpedienteDespacho')), guard: 'despacho-expedientes' },
  { path: '/despacho/citas', page: lazy(() => import('./pages/despacho/CitasDespacho')), guard: 'despacho-expedientes' },
  { path: '/despacho/privacidad', page: lazy(() => import('./pages/despacho/SolicitudesPrivacidad')), guard: 'despacho-expedientes' },
  { path: '/admin/privacidad', page: lazy(() => import('./pages/despacho/SolicitudesPrivacidad')), guard: 'admin' },
  { path: '/admin/privacidad/registro', page: lazy(() => import('./pages/admin/RegistroActividades')), guard: 'admin' },
  { path: '/admin/notarias', page: lazy(() => import('./pages/admin/Admin')), guard: 'admin' },
  { path: '/admin/recursos/:resource', page: lazy(() => import('./pages/admin/RecursoAdmin')), guard: 'admin' },
];
