/// <reference lib="webworker" />
// The service worker (vite-plugin-pwa injectManifest): app shell precache and navigation fallback, runtime
// cache for avatars and help assets, outbox replay (Background Sync), last data (Periodic Sync), push alerts.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  getCacheKeyForURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { db } from '../src/db/schema';
import { pullLastData } from './lastData';
import { replayOutbox } from './outbox';
import { notificationFor, openPath, parsePush, storePushAlert } from './push';
import { resubscribe, type SubscriptionChange } from './resubscribe';
import { hashedAssetUrls, isAvatar, isHashedAsset, isHelpAsset, isServerPath } from './routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** Background Sync / Periodic Background Sync events (not in TypeScript's WebWorker lib). */
interface TaggedEvent extends ExtendableEvent {
  readonly tag: string;
}

const manifest = self.__WB_MANIFEST;
precacheAndRoute(manifest);
cleanupOutdatedCaches();

// App routes (deep links, reloads offline) get the precached shell; the API and files never do.
const hasShell = manifest.some(
  (e) => (typeof e === 'string' ? e : e.url).replace(/^\//, '') === 'index.html',
);
if (hasShell) {
  const shell = createHandlerBoundToURL('index.html');
  registerRoute(({ request, url }) => request.mode === 'navigate' && !isServerPath(url.pathname), shell);
}

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && isAvatar(url),
  new CacheFirst({
    cacheName: 'avatars',
    plugins: [new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 7 * 86400 })],
  }),
);
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && isHelpAsset(url),
  new CacheFirst({
    cacheName: 'help-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 86400 })],
  }),
);

// Hashed build files left out of the precache (vite.config.ts: the language catalogues, non-Latin font subsets):
// cached on first use, so the user's language and script work offline on every route. Old builds' files age out.
const assets = new CacheFirst({
  cacheName: 'assets',
  plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 180 * 86400 })],
});
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && isHashedAsset(url),
  assets,
);

// Take control of pages on first install so an offline reload is served right away. Updates still wait for
// the page's prompt (SKIP_WAITING below).
clientsClaim();

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // The page's first load ran before this worker controlled it: it sends the hashed files it loaded (its
  // language catalogue among them), and those not precached go into the runtime cache now.
  if (data?.type === 'CACHE_ASSETS' && Array.isArray(data.urls)) {
    const urls = hashedAssetUrls(
      data.urls.filter((u): u is string => typeof u === 'string'),
      self.location.origin,
    );
    event.waitUntil(
      Promise.all(
        urls
          .filter((url) => !getCacheKeyForURL(url))
          .map((url) =>
            assets
              .handle({ request: new Request(url), event })
              .catch((e: unknown) => console.warn('[sw] not cached', url, e)),
          ),
      ),
    );
  }
});

self.addEventListener('sync', (event) => {
  const e = event as TaggedEvent;
  if (e.tag === 'outbox') e.waitUntil(replayOutbox(db, self.location.origin));
});

self.addEventListener('periodicsync', (event) => {
  const e = event as TaggedEvent;
  if (e.tag === 'last-data')
    e.waitUntil(
      // Offline is the usual failure; the next periodic sync tries again.
      pullLastData(db, self.location.origin).catch((err: unknown) => {
        console.warn('[sw] periodic last-data pull failed', err);
        return 0;
      }),
    );
});

self.addEventListener('push', (event) => {
  const payload = parsePush(event.data?.text());
  const { title, options } = notificationFor(payload);
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(title, options),
      storePushAlert(db, payload).catch((e) => console.warn('[sw] alert not stored', e)),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { path?: string } | null)?.path ?? '/dashboard';
  event.waitUntil(
    self.clients
      .matchAll({ type: 'window', includeUncontrolled: true })
      .then((windows) =>
        openPath(path, self.location.origin, windows, (url) => self.clients.openWindow(url)),
      ),
  );
});

// The push service changed or dropped the subscription: subscribe again and tell the server (sessions).
self.addEventListener('pushsubscriptionchange', (event) => {
  const e = event as ExtendableEvent & SubscriptionChange;
  e.waitUntil(
    resubscribe(db, self.location.origin, self.registration.pushManager, e).catch((err: unknown) =>
      console.warn('[sw] re-subscribing to push failed', err),
    ),
  );
});
