import { lazy, Suspense } from 'react';
import { BrowserRouter, matchPath, Route, Routes } from 'react-router';
import { ConfigProvider } from 'antd';
// the ESM build: the CommonJS 'antd/locale/es_ES' reaches the bundle as {default: locale} and antd falls back to English
import esES from 'antd/es/locale/es_ES';
import { privateRoutes, publicRoutes } from './routes';
import Loading from './shell/Loading';
import { ErrorScreen } from './shell/ErrorScreen';
import { ToastProvider } from './shell/notifications';
import { theme } from './shell/theme';

const Portal = lazy(() => {
  // The page's own chunk starts downloading beside the Portal's, instead of once the Portal has
  // run, checked the session and read the identity (the page renders inside the signed-in shell).
  const page = privateRoutes.find((r) => matchPath(r.path, window.location.pathname));
  void page?.page.load().catch(() => undefined); // a failure shows when the page renders
  return import('./Portal');
});

/**
 * What every page starts from: the router, antd in Spanish with the portal's theme, and toasts
 * (antd's App component is not used: it would bring Modal and message to the first page).
 * The landing and /login render here, without Refine or supabase-js, so a visitor's first page
 * stays light; every other route loads the Portal (Refine, the shell, the pages).
 */
export default function Root() {
  return (
    <BrowserRouter>
      <ConfigProvider locale={esES} theme={theme}>
        <ToastProvider>
          <ErrorScreen>
            <Suspense fallback={<Loading />}>
              <Routes>
                {publicRoutes.map(({ path, page: Page }) => (
                  <Route key={path} path={path} element={<Page />} />
                ))}
                <Route path="*" element={<Portal />} />
              </Routes>
            </Suspense>
          </ErrorScreen>
        </ToastProvider>
      </ConfigProvider>
    </BrowserRouter>
  );
}
