// The root route: guards, scroll-to-top, progress bar, snackbars, update prompt, theme, `?lang=`, and the
// service worker's "navigate to this path" (notification clicks), the native-app bridge (in an embedding app).
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { onNavigate } from '../bridge/sw-register';
import { startDataWorker } from '../bridge/worker';
import { afterFirstPaint, markShellMounted } from '../components/firstPaint';
import { MessageSnackbars, SnackbarStack } from '../components/Snackbars';
import { chooseLocale } from '../i18n/activate';
import { normalizeLocale } from '../i18n/locales';
import { useUi } from '../state/ui';
import { useFullscreenEffects } from './fullscreen';
import { Guard } from './Guard';
import { useNativeBridge } from './native';
import { RouteProgressBar } from './ProgressBar';
import { ScrollToTop } from './ScrollToTop';
import { useDocumentTitle, useRouteTitle } from './title';
import { UpdatePrompt } from './UpdatePrompt';

// Effects that read the store (theme, push, persistent storage): they load with Dexie once the first screen has
// painted (app/ShellEffects.tsx). A chunk that does not load (offline before it was cached) leaves them out for
// this visit, logged: it must not take the screen with it.
const ShellEffects = lazy(() =>
  afterFirstPaint()
    .then(() => import('./ShellEffects'))
    .catch((e: unknown) => {
      console.warn('[shell] theme, push and storage effects not loaded', e);
      return { default: () => null };
    }),
);

function useLangQuery() {
  const [params] = useSearchParams();
  const lang = normalizeLocale(params.get('lang'));
  useEffect(() => {
    // Kept once the first screen has painted: Dexie is not on its path (main.tsx has made it the language).
    if (lang) void afterFirstPaint().then(() => chooseLocale(lang));
  }, [lang]);
}

function useServiceWorkerNavigation() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;
  useEffect(() => {
    const off = onNavigate((path) => {
      if (path !== here) navigate(path, { replace: true });
    });
    return typeof off === 'function' ? off : undefined;
  }, [navigate, here]);
}

/**
 * The data worker (connection + sync; its script is the largest, ~78 KiB compressed) starts once the first screen
 * has painted what the store holds (components/firstPaint.ts): that screen reads Dexie, and the worker's download would
 * only delay its first paint (issue 21's bundle budget). Not awaited: a failed start is logged there, and the UI
 * shows offline.
 */
function useDataWorkerAfterPaint() {
  useEffect(() => {
    let alive = true;
    void afterFirstPaint().then(() => {
      // Unmounted before it ran (a test's render, a hot reload): it does not start it.
      if (alive) void startDataWorker();
    });
    return () => {
      alive = false;
    };
  }, []);
}

/**
 * Marks the shell's first screen as committed (components/firstPaint.ts). Beside the routes in one Suspense
 * boundary, it commits with the layout and page once their code is loaded; its effect runs after theirs (a page's
 * hold on the first paint is taken in a layout effect).
 */
function ShellMounted() {
  useEffect(() => markShellMounted(), []);
  return null;
}

export function Root() {
  useDataWorkerAfterPaint();
  useFullscreenEffects();
  useLangQuery();
  useServiceWorkerNavigation();
  useNativeBridge();
  const routeTitle = useRouteTitle();
  const pageTitle = useUi((s) => s.title);
  useDocumentTitle(pageTitle || routeTitle);
  return (
    <>
      <Suspense fallback={null}>
        <ShellEffects />
      </Suspense>
      <ScrollToTop />
      <RouteProgressBar />
      {/* A navigation is a transition (BrowserRouter): the screen stays until the next page's code is loaded. */}
      <Suspense fallback={null}>
        <Guard>
          <Outlet />
        </Guard>
        <ShellMounted />
      </Suspense>
      <SnackbarStack>
        <MessageSnackbars />
        <UpdatePrompt />
      </SnackbarStack>
    </>
  );
}
