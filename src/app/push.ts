// Push registration at start-up and after each sign-in (spec §1): runs once per signed-in user, once the
// service worker is ready. A failure is only logged.
import { useEffect } from 'react';
import { registerPush } from '../api/push-register';
import { dataWorker } from '../api/worker';
import { useAuth } from '../db/hooks';
import { fcmToken } from './firebase';

export function usePushRegistration(): void {
  const userId = useAuth()?.user._id;
  useEffect(() => {
    if (!userId || typeof navigator === 'undefined' || !navigator.serviceWorker) return;
    let alive = true;
    navigator.serviceWorker.ready
      .then((registration) => (alive ? registerPush(registration, dataWorker, undefined, fcmToken) : null))
      .then(
        (outcome) => outcome && outcome !== 'subscribed' && console.info('[push] not registered:', outcome),
      )
      .catch((e: unknown) => console.warn('[push] registration failed', e));
    return () => {
      alive = false;
    };
  }, [userId]);
}
