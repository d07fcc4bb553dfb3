// The link to the server as the settings screens need it: online, still connecting (first seconds after start,
// not worth an offline message) or offline. Same rule as the top bar's status (linkState).
import { useSyncExternalStore } from 'react';
import { type LinkState, linkState } from '../app/layouts/ConnectionStatus';
import { useConnection } from '../db/hooks';
import { useNow } from './useNow';

const pageStart = Date.now();

function subscribe(cb: () => void) {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

export function useLink(): LinkState {
  const conn = useConnection();
  const browserOnline = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  const now = useNow(1000);
  // A browser that says it is offline wins over a socket that has not noticed yet.
  if (!browserOnline) return 'offline';
  return linkState(conn?.online, browserOnline, now - pageStart);
}
