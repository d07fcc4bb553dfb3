// Push registration at start-up and after each sign-in (spec §1): runs once per signed-in user, once the
// service worker is ready, with a permission already given. The permission is asked when the user turns on
// push alerts (issue 22: not at login): a page calls useUi's wantPush(), and this asks and subscribes. A failure
// is only logged.
import { useEffect } from 'react';
import { registerPush } from '../bridge/push-register';
import { dataWorker } from '../bridge/worker';
import { useAuth } from '../db/hooks';
import { useUi } from '../state/ui';
import { fcmToken } from './firebase';

export function usePushRegistration(): void {
  const userId = useAuth()?.user._id;
  const wanted = useUi((s) => s.pushWanted);
  useEffect(() => {
    if (!userId || typeof navigator === 'undefined' || !navigator.serviceWorker) return;
    let alive = true;
    const ask = wanted > 0;
    navigator.serviceWorker.ready
      .then((registration) =>
        alive ? registerPush(registration, dataWorker, undefined, fcmToken, ask) : null,
      )
      .then(
        (outcome) => outcome && outcome !== 'subscribed' && console.info('[push] not registered:', outcome),
      )
      .catch((e: unknown) => console.warn('[push] registration failed', e));
    return () => {
      alive = false;
    };
  }, [userId, wanted]);
}
