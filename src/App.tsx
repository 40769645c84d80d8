import { Suspense } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { Authenticated, Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { dataProvider as supabaseDataProvider } from '@refinedev/supabase';
import { App as AntdApp, ConfigProvider } from 'antd';
// the ESM build: the CommonJS 'antd/locale/es_ES' reaches the bundle as {default: locale} and antd falls back to English
import esES from 'antd/es/locale/es_ES';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { serviciosDataProvider } from '../providers/serviciosDataProvider';
import { supabaseClient } from '../providers/supabaseClient';
import { authProvider } from '../providers/authProvider';
import { accessControlProvider } from '../providers/accessControlProvider';
import { i18nProvider } from '../providers/i18nProvider';
import { refineResources } from '../resources';
import { privateRoutes, publicRoutes } from './routes';
import Layout from './shell/Layout';
import Loading from './shell/Loading';
import NotFound from './shell/NotFound';
import { ErrorScreen } from './shell/ErrorScreen';
import { theme } from './shell/theme';
import { useNotificationProvider } from './shell/notifications';
import AuthSync from './shell/AuthSync';
import RequireAdmin from './shell/RequireAdmin';

dayjs.locale('es');

export default function App() {
  return (
    <BrowserRouter>
      <ConfigProvider locale={esES} theme={theme}>
        <AntdApp notification={{ placement: 'bottomRight', maxCount: 3 }}>
          <ErrorScreen>
            <Refine
              routerProvider={routerProvider}
              dataProvider={{ default: serviciosDataProvider, supabase: supabaseDataProvider(supabaseClient) }}
              authProvider={authProvider}
              accessControlProvider={accessControlProvider}
              i18nProvider={i18nProvider}
              notificationProvider={useNotificationProvider}
              resources={refineResources}
              options={{ disableTelemetry: true, syncWithLocation: true, warnWhenUnsavedChanges: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } } } }}
            >
              <AuthSync />
              <Suspense fallback={<Loading />}>
                <Routes>
                  {publicRoutes.map(({ path, page: Page }) => (
                    <Route key={path} path={path} element={<Page />} />
                  ))}
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
                    {privateRoutes.map(({ path, page: Page, adminOnly }) => (
                      <Route key={path} path={path} element={adminOnly ? <RequireAdmin><Page /></RequireAdmin> : <Page />} />
                    ))}
                  </Route>
                  <Route path="*" element={<NotFound />} />
                </Routes>
              </Suspense>
            </Refine>
          </ErrorScreen>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}

/** Sends a signed-out visitor to the login, remembering where they wanted to go. */
function RedirectToLogin() {
  const location = useLocation();
  // A navigation is already under way (e.g. to '/' after signing out, while its page loads).
  if (window.location.pathname !== location.pathname) return null;
  return <Navigate to={`/login?to=${encodeURIComponent(location.pathname + location.search)}`} replace />;
}
