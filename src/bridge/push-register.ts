// Push (spec §1, issue #12): at start-up, once signed in, with notification permission already given; the
// permission itself is asked when the user turns on push alerts (issue 22: not at login), with `ask`. A denied
// permission stops here, for good: the browser will not ask again. Then it subscribes with the server's VAPID key and create or
// update this browser's `sessions` record. Every failure is only logged: the app works without push.
// The service worker re-subscribes on `pushsubscriptionchange` (sw/sw.ts). When the server offers FCM to
// browsers, the token comes from the Firebase SDK instead (app/firebase.ts).
import type { FirebaseWebConfig } from '../domain/contract';

/** What the flow needs of the data worker (dataWorker in the app; a fake in tests). */
export interface PushServer {
  pushVapidKey(): Promise<string | null>;
  savePushSubscription(subscription: PushSubscriptionJSON): Promise<void>;
  pushFirebaseConfig(): Promise<FirebaseWebConfig | null>;
  saveFirebaseToken(token: string): Promise<void>;
}

/** How an FCM token is obtained (app/firebase.ts; a fake in tests). */
export type FcmToken = (
  config: FirebaseWebConfig,
  registration: ServiceWorkerRegistration,
) => Promise<string>;

/** What the flow uses of `Notification` (the service worker's typings have no requestPermission). */
export interface NotificationPermissions {
  readonly permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
}

export type PushOutcome = 'subscribed' | 'unsupported' | 'denied' | 'off' | 'notAsked';

/** The VAPID key (base64url, as the server sends it) as the bytes PushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Whether a kept subscription was made with this key (a new server key needs a new subscription). */
function sameKey(sub: PushSubscription, key: Uint8Array): boolean {
  const kept = sub.options?.applicationServerKey;
  if (!kept) return false;
  const bytes = new Uint8Array(kept);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/** The spec's flow; resolves with what happened (rejects only when the server or push service fails). */
export async function registerPush(
  registration: Pick<ServiceWorkerRegistration, 'pushManager'> | null,
  server: PushServer,
  notification: NotificationPermissions | undefined = (
    globalThis as unknown as { Notification?: NotificationPermissions }
  ).Notification,
  fcm?: FcmToken,
  /** Ask for the permission when undecided (the user turned on push alerts); else only use a given one. */
  ask = false,
): Promise<PushOutcome> {
  if (!registration?.pushManager || !notification) return 'unsupported';
  if (notification.permission === 'denied') return 'denied';
  if (notification.permission !== 'granted' && !ask) return 'notAsked';
  if (notification.permission !== 'granted' && (await notification.requestPermission()) !== 'granted')
    return 'denied';
  // FCM when the server offers it to browsers (and the app passes the SDK's token getter).
  const firebase = fcm ? await server.pushFirebaseConfig() : null;
  if (firebase && fcm) {
    await server.saveFirebaseToken(await fcm(firebase, registration as ServiceWorkerRegistration));
    return 'subscribed';
  }
  const publicKey = await server.pushVapidKey();
  if (!publicKey) return 'off';
  const key = keyBytes(publicKey);
  let sub = await registration.pushManager.getSubscription();
  if (sub && !sameKey(sub, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await server.savePushSubscription(sub.toJSON());
  return 'subscribed';
}
