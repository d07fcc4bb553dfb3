// Service worker registration for the page: registers /sw.js (the dev build serves a module SW at
// /dev-sw.js?dev-sw when devOptions are on), tells the UI when an update waits (onUpdateReady / applyUpdate),
// and forwards the SW's { type: 'navigate', path } messages (notification clicks) to the router's callback.

type Callback<T> = (value: T) => void;

const updateListeners = new Set<Callback<ServiceWorkerRegistration>>();
const navigateListeners = new Set<Callback<string>>();
let waiting: ServiceWorker | null = null;
let registration: ServiceWorkerRegistration | null = null;
let reloading = false;

function announce(reg: ServiceWorkerRegistration): void {
  if (!reg.waiting || !navigator.serviceWorker.controller) return; // first install: nothing to update
  waiting = reg.waiting;
  for (const cb of updateListeners) cb(reg);
}

/** Register the service worker (no-op where unsupported). Resolves with the registration, if any. */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  if (registration) return registration;
  const dev = import.meta.env.DEV;
  try {
    registration = await navigator.serviceWorker.register(dev ? '/dev-sw.js?dev-sw' : '/sw.js', {
      scope: '/',
      type: dev ? 'module' : 'classic',
    });
  } catch (e) {
    console.warn('[sw] registration failed', e);
    return null;
  }
  const reg = registration;
  announce(reg);
  reg.addEventListener('updatefound', () => {
    const installing = reg.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') announce(reg);
    });
  });
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const msg = event.data as { type?: string; path?: string } | null;
    if (msg?.type === 'navigate' && typeof msg.path === 'string')
      for (const cb of navigateListeners) cb(msg.path);
  });
  // The new worker took over (after applyUpdate): reload once so the page runs the new build.
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!reloading && waiting) {
      reloading = true;
      location.reload();
    }
  });
  // Look for updates when the app comes back to the foreground (long-lived kiosk tabs).
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void reg.update().catch(() => undefined);
  });
  return reg;
}

/** Call `cb` when a new version is installed and waiting; returns an unsubscribe function. */
export function onUpdateReady(cb: Callback<ServiceWorkerRegistration>): () => void {
  updateListeners.add(cb);
  if (waiting && registration) cb(registration);
  return () => updateListeners.delete(cb);
}

/** Activate the waiting version; the page reloads when it takes control. */
export async function applyUpdate(): Promise<void> {
  const w = waiting ?? registration?.waiting;
  if (!w) return;
  waiting = w;
  w.postMessage({ type: 'SKIP_WAITING' });
}

/** The router's "navigate to path" handler for notification clicks; returns an unsubscribe function. */
export function onNavigate(cb: Callback<string>): () => void {
  navigateListeners.add(cb);
  return () => navigateListeners.delete(cb);
}

/** The current registration (edits.ts registers Background Sync through it). */
export async function swRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return undefined;
  return registration ?? (await navigator.serviceWorker.getRegistration()) ?? undefined;
}
