// The link to the server: online, still connecting (first seconds after start, not worth an offline message)
// or offline. One rule for the top bar's status (app/layouts/ConnectionStatus) and the settings screens.
// Right after start the socket is still connecting: that is not shown as offline unless the browser is.
import { useSyncExternalStore } from 'react';
import { useConnectionLater } from '../db/later';
import { useNow } from './useNow';

/** How long after page start a missing connection reads as "connecting" rather than "offline". */
export const CONNECT_GRACE_MS = 15_000;
const pageStart = Date.now();

export type LinkState = 'online' | 'connecting' | 'offline';

export function linkState(
  socketOnline: boolean | undefined,
  browserOnline: boolean,
  sinceStartMs: number,
): LinkState {
  // The browser knows at once when the network is gone; an open socket notices only at its next ping.
  if (!browserOnline) return 'offline';
  if (socketOnline) return 'online';
  return sinceStartMs < CONNECT_GRACE_MS ? 'connecting' : 'offline';
}

function subscribe(cb: () => void) {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

/** The browser's own "the network is gone" (no database read: cards use it for their dots). */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

export function useLink(): LinkState {
  // After the first paint (db/later.ts); until then the start's grace reads as connecting, as before any answer.
  const conn = useConnectionLater();
  const browserOnline = useBrowserOnline();
  const now = useNow(1000);
  return linkState(conn?.online, browserOnline, now - pageStart);
}
