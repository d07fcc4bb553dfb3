// The web app's routes (src/app/routes.tsx, spec §2) as plain patterns, for the server: a browser navigation to
// one of them gets the app, even where a service has the same path (/admin/users is both a page and the admin
// API). src/app/ui-paths.test.ts walks the router and fails when the two lists differ.

/** Every route of the router but the catch-all, `:name` one segment, `:name?` an optional one. */
export const UI_PATHS = [
  '/',
  '/login',
  '/login/reset',
  '/login/reset/verify',
  '/login/reset/reset',
  '/signup',
  '/signup/verify',
  '/logout',
  '/help',
  '/import',
  '/faq',
  '/devicefaq',
  '/terms',
  '/privacy',
  '/dashboard',
  '/station/:wsid',
  '/stations',
  '/account',
  '/account/edit',
  '/climate/:id?',
  '/calibration/:id?',
  '/quality/:id?',
  '/devices',
  '/devices/:id/edit',
  '/shares',
  '/displaySetting',
  '/alert',
  '/server',
  '/export',
  '/records/:id?',
  '/profile',
  '/profile/changePassword',
  '/profile/changeProfile',
  '/subscription/orders',
  '/subscription/plans',
  '/subscription/success',
  '/subscription/:id?/payment',
  '/test',
  '/admin',
  '/admin/users',
  '/admin/users/edit/:id?',
  '/admin/devices',
  '/admin/devices/edit/:id?',
  '/admin/plans',
  '/admin/plans/edit/:id?',
  '/admin/orders',
  '/admin/ingest',
];

/** A pattern as a RegExp over a URL path (segments decoded or not: any non-empty segment matches a parameter). */
function compile(pattern: string): RegExp {
  const parts = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    });
  return new RegExp(`^${parts.join('') || '/'}/?$`);
}

const MATCHERS = UI_PATHS.map(compile);

/** True when `pathname` is one of the app's own pages (not the catch-all "not found" page). */
export function isUiPath(pathname: string): boolean {
  return MATCHERS.some((m) => m.test(pathname));
}
