// Every route of spec §2 with its layout, title and access rule. Pages load lazily (one chunk per screen).
// Declarative routing (issue 21's bundle budget: the data router's code is ~15 KiB compressed more, for nothing
// the app used but `lazy`, `handle` and error elements, done here with React's own lazy and error boundaries).
import { msg } from '@lingui/core/macro';
import { type ComponentType, lazy, type ReactNode, useMemo } from 'react';
import { matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { isChunkLoadError } from './chunk-reload';
import { ChunkErrorPage, RouteBoundary } from './ErrorPage';
import type { Access } from './guard';
import { type RouteHandle, RouteHandleContext } from './handle';
import { LoginLayout } from './layouts/LoginLayout';
import { trackLoad } from './pageLoads';
import { Root } from './Root';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * Each lazy route element's code, started for every matched route as soon as the location matches: a layout and
 * its page load side by side. React asks for the page's only once the layout's code has run and rendered (issue
 * 32: one more round trip before a phone's largest paint).
 */
const elementCode = new WeakMap<object, () => PageModule>();

/** Starts the code of a route's element if it is lazy. */
function startCode(element: ReactNode): void {
  if (typeof element === 'object' && element) void elementCode.get(element)?.();
}

/**
 * A task from now. The import of a part's chunk adds a preload link for each of its files (Vite's preload helper),
 * which in the first render was a phone's longest task (issue 32): it runs in a task of its own.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A lazy route part's element. The early start and the part share one request; a failed one is forgotten, so the
 * part asks again when it renders and reports what that answer is (lazyPart: a lost chunk's reload, or the error).
 */
function lazyElement(load: () => PageModule) {
  let started: PageModule | null = null;
  const once = () => {
    if (!started) {
      const attempt = nextTask().then(load);
      started = attempt;
      attempt.catch(() => {
        if (started === attempt) started = null;
      });
    }
    return started;
  };
  const Part = lazyPart(once);
  const element = (
    <RouteBoundary>
      <Part />
    </RouteBoundary>
  );
  elementCode.set(element, once);
  return element;
}

/** A lazy route part; a lost chunk resolves to ChunkErrorPage (reload once, else the error page). */
function lazyPart(load: () => PageModule): ComponentType {
  return lazy(async () => {
    try {
      return await trackLoad(load());
    } catch (error) {
      // A lost chunk: reload for the new build's (see ChunkErrorPage); anything else is the page's own error.
      if (isChunkLoadError(error)) {
        console.warn('page chunk failed to load', error);
        return { default: ChunkErrorPage };
      }
      throw error;
    }
  });
}

function page(
  path: string,
  title: RouteHandle['title'],
  load: () => PageModule,
  access?: Access,
): RouteObject {
  return { path, handle: { title, access } satisfies RouteHandle, element: lazyElement(load) };
}

/** An admin list and its editor routes ({path}/edit, {path}/edit/{id}). */
const adminPages = (path: string, title: RouteHandle['title'], load: () => PageModule) => [
  page(path, title, load, 'admin'),
  page(`${path}/edit/:id?`, title, load, 'admin'),
];

// The app layouts (top bar, drawer, menu, station search) load with their pages: the login page has its own.
const appLayout = (name: 'DefaultLayout' | 'HelpLayout') =>
  lazyElement(() => import('./layouts/AppLayout').then((m) => ({ default: m[name] })));

const plain = () => import('../pages/plain/PlainPage');
const reset = (name: 'ResetRequestPage' | 'ResetVerifyPage' | 'ResetPasswordPage'): PageModule =>
  import('../pages/login/ResetPages').then((m) => ({ default: m[name] }));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <RouteBoundary>
        <Root />
      </RouteBoundary>
    ),
    children: [
      {
        element: <LoginLayout />,
        children: [
          page('login', msg`Log in`, () => import('../pages/login/LoginPage'), 'guest'),
          page('login/reset', msg`Reset password`, () => reset('ResetRequestPage'), 'public'),
          page('login/reset/verify', msg`Verification code`, () => reset('ResetVerifyPage'), 'public'),
          page('login/reset/reset', msg`New password`, () => reset('ResetPasswordPage'), 'public'),
          page('signup', msg`Create account`, () => import('../pages/signup/SignupPage'), 'guest'),
          page('signup/verify', msg`Verify your email`, () => import('../pages/signup/VerifyPage'), 'verify'),
          page('logout', msg`Log Out`, () => import('../pages/logout/LogoutPage'), 'public'),
        ],
      },
      {
        element: appLayout('HelpLayout'),
        children: [
          page('help', msg`Help`, () => import('../pages/help/HelpPage'), 'public'),
          page('faq', msg`FAQ`, () => import('../pages/faq/FaqPage'), 'public'),
          page('devicefaq', msg`Device FAQ`, () => import('../pages/faq/DeviceFaqPage'), 'public'),
          page('terms', msg`Terms of service`, () => import('../pages/legal/TermsPage'), 'public'),
          page('privacy', msg`Privacy policy`, () => import('../pages/legal/PrivacyPage'), 'public'),
          page('*', msg`Page not found`, () => import('../pages/not-found/NotFoundPage'), 'public'),
        ],
      },
      {
        element: appLayout('DefaultLayout'),
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          page('dashboard', msg`Dashboard`, () => import('../pages/dashboard/DashboardPage')),
          // Issue 22: every station at a glance.
          page('stations', msg`All stations`, () => import('../pages/stations/StationsPage')),
          // Issue #12: a public or unlisted station, read-only, for anyone (no account needed).
          page('station/:wsid', msg`Station`, () => import('../pages/station/StationPage'), 'public'),
          page('account', msg`Account`, () => import('../pages/account/AccountPage')),
          page('account/edit', msg`Edit account`, () => import('../pages/account/EditAccountPage')),
          page('devices', msg`Edit Devices`, () => import('../pages/devices/DevicesPage')),
          page('devices/:id/edit', msg`Edit station`, () => import('../pages/devices/EditDevicePage')),
          page('shares', msg`Shared with me`, () => import('../pages/shares/SharesPage')),
          page('displaySetting', msg`Unit & Display`, () => import('../pages/units/UnitsPage')),
          page('alert', msg`Alert Setting`, () => import('../pages/alert/AlertPage')),
          page('server', msg`Weather Server`, () => import('../pages/server/ServerPage')),
          page('export', msg`Data Export`, () => import('../pages/export/ExportPage')),
          page('import', msg`Import history`, () => import('../pages/import/ImportPage')),
          page('records/:id?', msg`Records`, () => import('../pages/records/RecordsPage')),
          page('climate/:id?', msg`Climate`, () => import('../pages/climate/ClimatePage')),
          page('calibration/:id?', msg`Calibration`, () => import('../pages/calibration/CalibrationPage')),
          page('quality/:id?', msg`Data quality`, () => import('../pages/quality/QualityPage')),
          page('profile', msg`Profile`, () => import('../pages/account/ProfilePage')),
          page(
            'profile/changePassword',
            msg`Change password`,
            () => import('../pages/account/ChangePasswordPage'),
          ),
          page(
            'profile/changeProfile',
            msg`Change profile`,
            () => import('../pages/account/ChangeProfilePage'),
          ),
          page(
            'subscription/orders',
            msg`Subscription Orders`,
            () => import('../pages/subscription/OrdersPage'),
          ),
          page('subscription/plans', msg`Subscribe`, () => import('../pages/subscription/PlansPage')),
          page(
            'subscription/success',
            msg`Payment successful`,
            () => import('../pages/subscription/SuccessPage'),
          ),
          page('subscription/:id?/payment', msg`Payment`, () => import('../pages/subscription/PaymentPage')),
          page('test', msg`Test`, plain),
          // The admin area (issue #15): admins and editors; `edit/:id?` opens the editor over the same table.
          { path: 'admin', element: <Navigate to="/admin/users" replace /> },
          ...adminPages('admin/users', msg`Users`, () => import('../pages/admin/UsersPage')),
          ...adminPages('admin/devices', msg`Stations`, () => import('../pages/admin/DevicesPage')),
          ...adminPages('admin/plans', msg`Subscription plans`, () => import('../pages/admin/PlansPage')),
          page('admin/orders', msg`Orders`, () => import('../pages/admin/OrdersPage'), 'admin'),
          page('admin/ingest', msg`Ingest health`, () => import('../pages/admin/IngestHealthPage'), 'admin'),
        ],
      },
    ],
  },
];

/**
 * Starts the code of the routes matching `pathname` (the entry calls it before anything is awaited: on a phone the
 * page's chunks were asked for only once the session and language were read and React rendered down to the routes,
 * ~0.5 s after the entry ran at 4x CPU, issue 32). AppRoutes shares the same requests.
 */
export function startRouteCode(pathname: string): void {
  for (const m of matchRoutes(routes, pathname) ?? []) startCode(m.route.element);
}

/** The routes for the current location, with the matched routes' handles (title, access) for Root and Guard. */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes, location);
  const handle = useMemo(() => {
    const merged: RouteHandle = {};
    for (const m of matchRoutes(routes, location) ?? []) {
      Object.assign(merged, m.route.handle as RouteHandle);
      startCode(m.route.element);
    }
    return merged;
  }, [location]);
  return <RouteHandleContext value={handle}>{element}</RouteHandleContext>;
}
