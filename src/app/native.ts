// The portal's side of the native-app bridge (spec §1; the protocol: native-bridge.ts). Started only in an
// embedding app: its user-agent marker, and a parent window. Offers the app what it needs of the page: the
// current route (and every change after `route.watch`), opening a route or a station, and the push token
// hand-over; tells the app it is ready (with both versions and the methods offered).
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { dataWorker } from '../bridge/worker';
import { APP_VERSION } from '../domain/version';
import { Bridge, BridgeError, type CallContext, nativeAppVersion, parentEndpoint } from './native-bridge';

const text = (params: unknown, key: string, max = 2000): string => {
  const value = (params as Record<string, unknown> | null)?.[key];
  if (typeof value !== 'string' || !value || value.length > max)
    throw new BridgeError('bad-params', `${key} must be a non-empty string`);
  return value;
};

export function useNativeBridge(): void {
  // In a ref: the router gives a new navigate after each move, and the bridge (with its watchers) lives once.
  const navigateNow = useNavigate();
  const navigate = useRef(navigateNow);
  navigate.current = navigateNow;
  const location = useLocation();
  const path = location.pathname + location.search;
  const current = useRef(path);
  current.current = path;
  const watchers = useRef(new Set<CallContext>());

  useEffect(() => {
    const app = nativeAppVersion(navigator.userAgent);
    if (!app || window.parent === window) return;
    const bridge = new Bridge(parentEndpoint());
    const watching = watchers.current;
    bridge.on('route.get', () => ({ path: current.current }));
    bridge.on('route.open', (params) => {
      const to = text(params, 'path');
      // This portal's own routes only (`//host` would leave it).
      if (!to.startsWith('/') || to.startsWith('//'))
        throw new BridgeError('bad-params', 'path must start with /');
      void navigate.current(to);
      return { path: to };
    });
    bridge.on('route.watch', (_params, call) => {
      watching.add(call);
      return { path: current.current };
    });
    bridge.on('route.unwatch', () => {
      watching.clear();
      return { watching: false };
    });
    bridge.on('station.open', async (params) => {
      const id = text(params, 'id', 64);
      // Loaded on use: it writes through Dexie, which is not on the first paint's path (issue 21).
      const { openDevice } = await import('../components/openDevice');
      await openDevice(id);
      void navigate.current('/dashboard');
      return { id };
    });
    // The app's FCM token: alerts reach the app like a browser's (the signed-in user's session keeps it).
    bridge.on('push.token', async (params) => {
      await dataWorker.saveFirebaseToken(text(params, 'token', 4096));
      return { saved: true };
    });
    bridge
      .call('ready', { version: APP_VERSION, app, path: current.current, methods: bridge.methods() })
      .catch((e: unknown) => console.info('[bridge] the app did not answer ready:', (e as Error).message));
    return () => {
      watching.clear();
      bridge.close();
    };
  }, []);

  useEffect(() => {
    for (const call of watchers.current) call.callback({ path });
  }, [path]);
}
