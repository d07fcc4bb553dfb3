// The first path segments the server answers itself (services, station uploads, sign-in with a provider, health and
// metrics), declared once: the service worker sends navigations under them to the network and the Vite dev server
// proxies them to `npm start`. server/server-roots.test.ts fails when a registered service or an upload protocol's
// path is missing here (issue 23: the dev proxy had 10 of 21 service roots, so queued edits got Vite's 404).
import { COLLECTION_LIST } from './collections';
import { isUiPath } from './uiPaths';

/** The first segment of a path (`/weatherDevices/climate` → `weatherDevices`). */
export const rootOf = (pathname: string): string => pathname.replace(/^\/+/, '').split('/')[0] ?? '';

const OWN_ROOTS = [
  // The socket and the Feathers services (REST path = service path).
  'socket.io',
  'authentication',
  'users',
  'weatherDevices',
  'weatherMetrics',
  'alertSettings',
  'alerts',
  'sessions',
  'shareInvitations',
  'subscriptionPlans',
  'deviceSubscriptionPlan',
  'orders',
  'payments',
  'attachments',
  'imports',
  'backfill',
  'weatherServer',
  'uploadTargets',
  'stationGaps',
  'stationNeighbours',
  'stationRecalibrations',
  'qcFlags',
  'sampleCorrections',
  'stations',
  'admin',
  'downloadTokens',
  'sessionEnds',
  // Station uploads (server/ingest/protocols/: each protocol's path prefixes).
  'data',
  'weatherstation',
  'pwsupdate',
  'automaticreading',
  'v01',
  'set',
  'pws',
  'api',
  // Koa routes beside the services.
  'oauth',
  'config',
  'metrics',
  'healthz',
  'readyz',
];

/** The roots above and every synced collection's service (a new settings type brings its own path). */
export const SERVER_ROOTS: readonly string[] = [
  ...new Set([...OWN_ROOTS, ...COLLECTION_LIST.map((c) => rootOf(c.service))]),
];

const ROOTS: ReadonlySet<string> = new Set(SERVER_ROOTS);

/**
 * A path the server answers, not a page of the app: under a server root but not one of the app's routes (the admin
 * pages share their paths with the admin services), or a file (a last segment with an extension).
 */
export function isServerPath(pathname: string): boolean {
  if (isUiPath(pathname)) return false;
  return ROOTS.has(rootOf(pathname)) || /\/[^/]+\.[a-z0-9]+$/i.test(pathname);
}
