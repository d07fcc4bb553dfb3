// @vitest-environment happy-dom
// The page's side of updates and notification clicks, with workbox-window's Workbox replaced by a stand-in
// that lets the test fire its lifecycle events (a real service worker needs a browser: e2e covers that).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (event: { data?: unknown }) => void;

const made: FakeWorkbox[] = [];
class FakeWorkbox {
  listeners = new Map<string, Listener[]>();
  skipWaiting = vi.fn();
  update = vi.fn(async () => undefined);
  constructor(
    readonly url: string,
    readonly options: object,
  ) {
    made.push(this);
  }
  addEventListener(type: string, cb: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), cb]);
  }
  async register() {
    return { scope: '/' } as ServiceWorkerRegistration;
  }
  messageSkipWaiting() {
    this.skipWaiting();
  }
  fire(type: string, event: { data?: unknown } = {}) {
    for (const cb of this.listeners.get(type) ?? []) cb(event);
  }
}

vi.mock('workbox-window', () => ({ Workbox: FakeWorkbox }));

const reload = vi.fn();
let controller: object | null = {};

beforeEach(() => {
  made.length = 0;
  controller = {};
  reload.mockClear();
  vi.resetModules();
  // The page's ServiceWorkerContainer: its controller, and the messages the worker posts to this window.
  const container = new EventTarget();
  Object.defineProperty(container, 'controller', { get: () => controller });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  Object.defineProperty(window, 'location', { configurable: true, value: { reload } });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

async function registered() {
  const mod = await import('./sw-register');
  await mod.registerServiceWorker();
  const [wb] = made;
  return { mod, wb };
}

describe('service worker registration', () => {
  it("registers the build's /sw.js once, as a classic worker for the whole app", async () => {
    vi.stubEnv('DEV', false);
    const { mod, wb } = await registered();
    await mod.registerServiceWorker();
    expect(made).toHaveLength(1);
    expect(wb.url).toBe('/sw.js');
    expect(wb.options).toEqual({ scope: '/', type: 'classic' });
  });

  it('offers a waiting update, activates it on request and reloads once it controls the page', async () => {
    const { mod, wb } = await registered();
    const ready = vi.fn();
    mod.onUpdateReady(ready);
    wb.fire('waiting');
    expect(ready).toHaveBeenCalledTimes(1);
    // A prompt mounted later still learns of it.
    const late = vi.fn();
    mod.onUpdateReady(late);
    expect(late).toHaveBeenCalledTimes(1);

    mod.applyUpdate();
    expect(wb.skipWaiting).toHaveBeenCalledTimes(1);
    wb.fire('controlling');
    wb.fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('neither offers nor reloads on a first install (no controller yet, clients.claim takes over)', async () => {
    controller = null;
    const { mod, wb } = await registered();
    const ready = vi.fn();
    mod.onUpdateReady(ready);
    wb.fire('waiting');
    wb.fire('controlling');
    expect(ready).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  const post = (data: unknown) =>
    navigator.serviceWorker.dispatchEvent(new MessageEvent('message', { data }));

  it("passes the worker's navigate messages (notification clicks) to the router", async () => {
    const mod = await import('./sw-register');
    mod.listenForNavigation();
    const go = vi.fn();
    const off = mod.onNavigate(go);
    post({ type: 'navigate', path: '/dashboard?device=d1' });
    post({ type: 'other' });
    off();
    expect(go.mock.calls).toEqual([['/dashboard?device=d1']]);
  });

  it('keeps a click that came before the router listened (workbox-window not loaded yet) and hands it over', async () => {
    const mod = await import('./sw-register');
    mod.listenForNavigation();
    post({ type: 'navigate', path: '/alert' });
    const go = vi.fn();
    mod.onNavigate(go);
    expect(go.mock.calls).toEqual([['/alert']]);
    // Handed over once.
    const again = vi.fn();
    mod.onNavigate(again);
    expect(again).not.toHaveBeenCalled();
  });

  it('checks for an update when the app comes back to the foreground, logging a failed check', async () => {
    const { wb } = await registered();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    wb.update.mockRejectedValueOnce(new Error('offline'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(wb.update).toHaveBeenCalledTimes(1);
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('[sw] update check failed (offline?)', expect.any(Error)),
    );
  });
});

describe('updates reach every tab (issue 32)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
  });
  afterEach(() => vi.useRealTimers());

  it('checks hourly while visible, not while hidden', async () => {
    const { mod, wb } = await registered();
    vi.advanceTimersByTime(mod.UPDATE_CHECK_MS);
    expect(wb.update).toHaveBeenCalledTimes(1);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    vi.advanceTimersByTime(mod.UPDATE_CHECK_MS);
    expect(wb.update).toHaveBeenCalledTimes(1);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    vi.advanceTimersByTime(mod.UPDATE_CHECK_MS);
    expect(wb.update).toHaveBeenCalledTimes(2);
  });

  it('checks when the network comes back', async () => {
    const { wb } = await registered();
    window.dispatchEvent(new Event('online'));
    expect(wb.update).toHaveBeenCalledTimes(1);
  });

  it('does not reload a tab with unsaved input when another tab applied the update; its Reload reloads', async () => {
    const { mod, wb } = await registered();
    let unsaved = true;
    mod.setReloadGuard(() => !unsaved);
    const ready = vi.fn();
    mod.onUpdateReady(ready);
    wb.fire('waiting');
    wb.fire('controlling');
    expect(reload).not.toHaveBeenCalled();
    expect(ready).toHaveBeenCalledTimes(1);
    // The user's own Reload: the new version already controls the tab, so there is nothing to skip, just reload.
    unsaved = false;
    mod.applyUpdate();
    expect(wb.skipWaiting).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('periodic sync (issue 32)', () => {
  const registerSync = vi.fn(async () => undefined);
  const withPermission = (state: string) =>
    Object.defineProperty(navigator, 'permissions', {
      configurable: true,
      value: { query: vi.fn(async () => ({ state })) },
    });
  beforeEach(() => registerSync.mockClear());

  it("registers the worker's last-data sync hourly where the installed app has the permission", async () => {
    withPermission('granted');
    const mod = await import('./sw-register');
    const reg = { periodicSync: { register: registerSync } } as unknown as ServiceWorkerRegistration;
    expect(await mod.registerPeriodicSync(reg)).toBe(true);
    expect(registerSync).toHaveBeenCalledWith('last-data', { minInterval: mod.LAST_DATA_INTERVAL_MS });
  });

  it('registers nothing without the permission or where the browser has no periodic sync', async () => {
    withPermission('denied');
    const mod = await import('./sw-register');
    const reg = { periodicSync: { register: registerSync } } as unknown as ServiceWorkerRegistration;
    expect(await mod.registerPeriodicSync(reg)).toBe(false);
    withPermission('granted');
    expect(await mod.registerPeriodicSync({} as ServiceWorkerRegistration)).toBe(false);
    expect(registerSync).not.toHaveBeenCalled();
  });

  it('is registered along with the service worker', async () => {
    withPermission('granted');
    const spy = vi.spyOn(FakeWorkbox.prototype, 'register').mockResolvedValue({
      scope: '/',
      periodicSync: { register: registerSync },
    } as unknown as ServiceWorkerRegistration);
    await registered();
    await vi.waitFor(() => expect(registerSync).toHaveBeenCalledTimes(1));
    spy.mockRestore();
  });
});
