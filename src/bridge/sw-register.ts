// Service worker registration for the page, through workbox-window: registers /sw.js (the dev build serves a
// module SW at /dev-sw.js?dev-sw when devOptions are on), tells the UI when an update waits (onUpdateReady /
// applyUpdate), looks for updates while the page is open (hourly when visible, on coming back and on reconnect:
// a kiosk tab is never hidden), and forwards the SW's { type: 'navigate', path } messages (notification clicks) to the router,
// listening from boot and keeping a click's path until the router listens.
import type { Workbox } from 'workbox-window';

type Callback<T> = (value: T) => void;

const updateListeners = new Set<Callback<void>>();
const navigateListeners = new Set<Callback<string>>();
let workbox: Workbox | null = null;
let workboxModule: Promise<typeof import('workbox-window')> | null = null;
let registration: ServiceWorkerRegistration | null = null;
let updateWaiting = false;
let reloading = false;
/** The new version already controls this tab (another tab applied it): Reload only has to reload. */
let controlledByNew = false;
/** Says whether this tab may reload by itself (false while it holds unsaved input): set by the shell. */
let mayReload: () => boolean = () => true;

/** How often a visible page asks for a new service worker (issue 32: a kiosk tab never hidden never updated). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

function listen(wb: Workbox): void {
  wb.addEventListener('waiting', () => {
    // A waiting worker without a controller is a first install elsewhere in flight: nothing to update.
    if (!navigator.serviceWorker.controller) return;
    updateWaiting = true;
    for (const cb of updateListeners) cb();
  });
  // The new worker took over (our applyUpdate or another tab's): reload once so the page runs the new build.
  // A first install's clients.claim() also changes the controller; that is no update, so no reload.
  // A tab with unsaved input is never reloaded under the user: it keeps the prompt, whose Reload is then theirs.
  wb.addEventListener('controlling', () => {
    if (!updateWaiting || reloading) return;
    controlledByNew = true;
    if (!mayReload()) return;
    reloading = true;
    location.reload();
  });
}

/** A notification click's path that came before the router listened (the page was still starting). */
let pendingPath: string | null = null;

function navigateMessage(data: unknown): void {
  const msg = data as { type?: string; path?: string } | null;
  if (msg?.type !== 'navigate' || typeof msg.path !== 'string') return;
  if (navigateListeners.size === 0) pendingPath = msg.path;
  for (const cb of navigateListeners) cb(msg.path);
}

/**
 * Listens for the service worker's messages from boot on: a notification click on a page that is still starting
 * would otherwise come before workbox-window (loaded after the first paint) or the router listen, and be lost.
 */
export function listenForNavigation(): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.addEventListener) return;
  navigator.serviceWorker.addEventListener('message', (event) => navigateMessage(event.data));
}

/** Register the service worker (no-op where unsupported). Resolves with the registration, if any. */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  if (workbox) return registration;
  // workbox-window loads after the first paint (issue 21's bundle budget): registration waits for the window's
  // load event anyway.
  workboxModule ??= import('workbox-window');
  const { Workbox } = await workboxModule;
  // Another call got here first.
  if (workbox) return registration;
  const dev = import.meta.env.DEV;
  const wb = new Workbox(dev ? '/dev-sw.js?dev-sw' : '/sw.js', {
    scope: '/',
    type: dev ? 'module' : 'classic',
  });
  workbox = wb;
  listen(wb);
  try {
    // Waits for the window's load event (workbox-window's default), so precaching does not compete with the
    // page's own first requests.
    registration = (await wb.register()) ?? null;
  } catch (e) {
    console.warn('[sw] registration failed', e);
    return null;
  }
  void registerPeriodicSync(registration);
  void cacheLoadedAssets();
  const check = () => wb.update().catch((e) => console.warn('[sw] update check failed (offline?)', e));
  // Look for updates when the app comes back to the foreground, when the network returns, and hourly while
  // visible (a kiosk tab is never hidden; hidden tabs are checked when shown).
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  window.addEventListener('online', () => check());
  setInterval(() => {
    if (document.visibilityState === 'visible') check();
  }, UPDATE_CHECK_MS);
  return registration;
}

/**
 * This load's hashed files (the active language catalogue, the font subsets in use) into the service worker's
 * runtime cache (sw/sw.ts CACHE_ASSETS): the precache leaves the nine catalogues out, and a first load ran before
 * the worker controlled the page. Sent on every start: what is cached already costs nothing.
 */
async function cacheLoadedAssets(): Promise<void> {
  try {
    const reg = await navigator.serviceWorker.ready;
    const urls = performance.getEntriesByType('resource').map((e) => e.name);
    reg.active?.postMessage({ type: 'CACHE_ASSETS', urls });
  } catch (e) {
    console.warn('[sw] loaded files not handed to the cache', e);
  }
}

/** How often the installed app may pull the newest readings with no page open (sw/lastData.ts). */
export const LAST_DATA_INTERVAL_MS = 60 * 60 * 1000;

type PeriodicSync = { register(tag: string, options: { minInterval: number }): Promise<void> };

/**
 * Registers the service worker's `last-data` periodic sync (issue 32: the handler was never registered). Only
 * Chromium has it, and only for an installed app with the permission: false otherwise, and nothing is asked.
 */
export async function registerPeriodicSync(reg: ServiceWorkerRegistration | null): Promise<boolean> {
  const periodicSync = (reg as (ServiceWorkerRegistration & { periodicSync?: PeriodicSync }) | null)
    ?.periodicSync;
  if (!periodicSync || !navigator.permissions) return false;
  try {
    const status = await navigator.permissions.query({ name: 'periodic-background-sync' as PermissionName });
    if (status.state !== 'granted') return false;
    await periodicSync.register('last-data', { minInterval: LAST_DATA_INTERVAL_MS });
    return true;
  } catch (e) {
    console.warn('[sw] periodic sync not registered', e);
    return false;
  }
}

/** Call `cb` when a new version is installed and waiting; returns an unsubscribe function. */
export function onUpdateReady(cb: Callback<void>): () => void {
  updateListeners.add(cb);
  if (updateWaiting) cb();
  return () => updateListeners.delete(cb);
}

/** Activate the waiting version; the page reloads when it takes control (or now, if it already has). */
export function applyUpdate(): void {
  if (controlledByNew) {
    reloading = true;
    location.reload();
    return;
  }
  workbox?.messageSkipWaiting();
}

/** The shell's "may this tab reload by itself?" (false while a form holds unsaved input). */
export function setReloadGuard(guard: () => boolean): void {
  mayReload = guard;
}

/** The router's "navigate to path" handler for notification clicks; returns an unsubscribe function. */
export function onNavigate(cb: Callback<string>): () => void {
  navigateListeners.add(cb);
  if (pendingPath !== null) {
    const path = pendingPath;
    pendingPath = null;
    cb(path);
  }
  return () => navigateListeners.delete(cb);
}
