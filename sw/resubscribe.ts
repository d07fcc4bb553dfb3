// `pushsubscriptionchange`: the push service replaced or dropped this browser's subscription (expiry, a key
// rotation). Subscribe again (with the browser's new subscription when it gives one, else the old options or
// the server's current VAPID key) and update this browser's `sessions` record over REST, so alerts keep
// arriving without the app being opened.
import { keyBytes } from '../src/bridge/push-register';
import { fetchVapidKey, restCreateSession, saveSubscription } from '../src/bridge/push-session';
import type { PortalDb } from '../src/db/schema';

export interface SubscriptionChange {
  oldSubscription?: PushSubscription | null;
  newSubscription?: PushSubscription | null;
}

export async function resubscribe(
  db: PortalDb,
  origin: string,
  pushManager: Pick<PushManager, 'subscribe'>,
  change: SubscriptionChange,
  fetchImpl?: typeof fetch,
): Promise<string | null> {
  let sub = change.newSubscription ?? null;
  if (!sub) {
    const oldKey = change.oldSubscription?.options?.applicationServerKey ?? null;
    const key = oldKey ?? (await fetchVapidKey({ origin, fetch: fetchImpl }));
    if (!key) return null; // the server has push off: nothing to subscribe to
    sub = await pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: typeof key === 'string' ? keyBytes(key) : key,
    });
  }
  return saveSubscription(db, restCreateSession(db, { origin, fetch: fetchImpl }), sub.toJSON());
}
