// An FCM registration token for this browser (issue #12: when the server offers FCM in GET /config; Web Push
// with the server's VAPID key stays the self-hosted default). The Firebase SDK is loaded only then, as its own
// chunk. The token is tied to our service worker, which shows FCM messages like Web Push ones (sw/push.ts).
import type { FirebaseWebConfig } from '../domain/contract';

export async function fcmToken(
  config: FirebaseWebConfig,
  registration: ServiceWorkerRegistration,
): Promise<string> {
  const [{ getApps, initializeApp }, { getMessaging, getToken }] = await Promise.all([
    import('firebase/app'),
    import('firebase/messaging'),
  ]);
  const app =
    getApps()[0] ??
    initializeApp({
      apiKey: config.apiKey,
      projectId: config.projectId,
      messagingSenderId: config.messagingSenderId,
      appId: config.appId,
    });
  return getToken(getMessaging(app), { vapidKey: config.vapidKey, serviceWorkerRegistration: registration });
}
