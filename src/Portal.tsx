import { Suspense } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { Authenticated, Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { serviciosDataProvider } from '../providers/servicios-data-provider';
import { supabaseDataProvider } from '../providers/supabase-data-provider';
import { authProvider } from '../providers/auth-provider';
import { accessControlProvider } from '../providers/access-control-provider';
import { liveProvider } from '../providers/live-provider';
import { i18nProvider } from '../providers/i18n-provider';
import { refineResources } from '../resources/refine';
import { privateRoutes } from './routes';
import Layout from './shell/Layout';
import Loading from './shell/Loading';
import NotFound from './shell/NotFound';
import { useNotificationProvider } from './shell/notifications';
import AuthSync from './shell/AuthSync';
import GuardedRoute from './shell/GuardedRoute';
import { publicPages } from './paths';

dayjs.locale('es');

/**
 * The signed-in portal: Refine with its providers, the shell and every lazy page. Loaded by Root
 * for every route but the public ones (the landing and /login).
 */
export default function Portal() {
  return (
    <Refine
      routerProvider={routerProvider}
      dataProvider={{ default: serviciosDataProvider, supabase: supabaseDataProvider }}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      liveProvider={liveProvider}
      i18nProvider={i18nProvider}
      notificationProvider={useNotificationProvider}
      resources={refineResources}
      options={{ liveMode: 'auto', disableTelemetry: true, syncWithLocation: true, warnWhenUnsavedChanges: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } } } }}
    >
      <AuthSync />
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route
            element={
              <Authenticated key="private" fallback={<RedirectToLogin />} loading={<Loading />}>
                <Layout>
                  <Suspense fallback={<Loading />}>
                    <Outlet />
                  </Suspense>
                </Layout>
              </Authenticated>
            }
          >
            {privateRoutes.map(({ path, page: Page, guard }) => (
              <Route key={path} path={path} element={guard ? <GuardedRoute resource={guard}><Page /></GuardedRoute> : <Page />} />
            ))}
          </Route>
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </Refine>
  );
}

/** Sends a signed-out visitor to the login, remembering where they wanted to go. */
function RedirectToLogin() {
  const location = useLocation();
  // A navigation is already under way (e.g. to '/' after signing out, while its page loads).
  if (window.location.pathname !== location.pathname) return null;
  return <Navigate to={`${publicPages.login}?to=${encodeURIComponent(location.pathname + location.search)}`} replace />;
}
