// The native-app bridge's protocol (spec §1): call/reply both ways, callbacks, unknown methods, off, timeouts,
// and nothing left behind on close. Two bridges talk through an in-memory channel that delivers like
// postMessage (later, not during the send).
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BRIDGE,
  Bridge,
  BridgeError,
  type BridgeMessage,
  type Endpoint,
  nativeAppVersion,
} from './native-bridge';

/** Two connected endpoints; `listeners()` counts who listens on each side. */
function channel() {
  const sides = [new Set<(m: unknown) => void>(), new Set<(m: unknown) => void>()];
  const sent: BridgeMessage[] = [];
  const endpoint = (me: number): Endpoint => ({
    post(message) {
      sent.push(message);
      const copy = structuredClone(message);
      setTimeout(() => {
        for (const receive of sides[1 - me]) receive(copy);
      }, 0);
    },
    listen(receive) {
      sides[me].add(receive);
      return () => sides[me].delete(receive);
    },
  });
  return { page: endpoint(0), app: endpoint(1), sent, listeners: () => sides.map((s) => s.size) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('native-app bridge', () => {
  it('detects the app by its user-agent marker, with its version', () => {
    const chrome = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36';
    expect(nativeAppVersion(chrome)).toBeNull();
    expect(nativeAppVersion(`${chrome} WeatherPortalApp/2.3.1`)).toBe('2.3.1');
    expect(nativeAppVersion(`WeatherPortalApp/3 ${chrome}`)).toBe('3');
    expect(nativeAppVersion(`${chrome} NotWeatherPortalApp/2.3`)).toBeNull();
  });

  it('call → reply, both ways, with request ids of their own', async () => {
    const c = channel();
    const page = new Bridge(c.page, 'page');
    const app = new Bridge(c.app, 'app');
    page.on('route.get', () => ({ path: '/dashboard' }));
    app.on('ready', (params) => ({ seen: params }));
    await expect(app.call('route.get')).resolves.toEqual({ path: '/dashboard' });
    await expect(page.call('ready', { version: '1' })).resolves.toEqual({ seen: { version: '1' } });
    const calls = c.sent.filter((m) => m.type === 'call').map((m) => m.id);
    expect(calls).toEqual(['app-1', 'page-1']);
    expect(c.sent.every((m) => m.bridge === BRIDGE)).toBe(true);
  });

  it('an unknown method, a withdrawn one and a failing one answer errors; async handlers are awaited', async () => {
    const c = channel();
    const page = new Bridge(c.page);
    const app = new Bridge(c.app, 'app');
    await expect(app.call('nope')).rejects.toMatchObject({ name: 'BridgeError', code: 'unknown-method' });
    const off = page.on('station.open', async (p) => ({ opened: (p as { id: string }).id }));
    await expect(app.call('station.open', { id: 'd1' })).resolves.toEqual({ opened: 'd1' });
    off();
    expect(page.methods()).toEqual([]);
    await expect(app.call('station.open', { id: 'd1' })).rejects.toMatchObject({ code: 'unknown-method' });
    page.on('push.token', () => {
      throw new BridgeError('bad-params', 'token must be a non-empty string');
    });
    page.on('broken', () => {
      throw new Error('boom');
    });
    await expect(app.call('push.token', {})).rejects.toMatchObject({
      code: 'bad-params',
      message: 'token must be a non-empty string',
    });
    await expect(app.call('broken')).rejects.toMatchObject({ code: 'failed', message: 'boom' });
  });

  it('off with an older handler leaves a newer one in place', async () => {
    const c = channel();
    const page = new Bridge(c.page);
    const app = new Bridge(c.app, 'app');
    const first = () => 1;
    page.on('m', first);
    page.on('m', () => 2);
    page.off('m', first);
    await expect(app.call('m')).resolves.toBe(2);
  });

  it('callbacks reach the open call that asked for them', async () => {
    const c = channel();
    const page = new Bridge(c.page);
    const app = new Bridge(c.app, 'app');
    const watchers: { callback(d: unknown): void }[] = [];
    page.on('route.watch', (_p, call) => {
      watchers.push(call);
      call.callback({ path: '/a' });
      return 'watching';
    });
    const seen: unknown[] = [];
    const got = new Promise<void>((ok) => {
      app.call('route.watch', undefined, {
        onCallback: (d) => {
          seen.push(d);
          if (seen.length === 1) ok();
        },
      });
    });
    await got;
    expect(seen).toEqual([{ path: '/a' }]);
  });

  it('a call without a reply times out; a late reply is ignored', async () => {
    vi.useFakeTimers();
    const c = channel();
    const page = new Bridge(c.page);
    const call = page.call('ready', undefined, { timeoutMs: 500 });
    const failed = expect(call).rejects.toMatchObject({
      code: 'timeout',
      message: 'ready: no reply in 500 ms',
    });
    await vi.advanceTimersByTimeAsync(500);
    await failed;
    // The app answers too late: nothing happens (no unhandled rejection, no throw).
    const app = new Bridge(c.app, 'app');
    c.app.post({ bridge: BRIDGE, type: 'reply', id: 'page-1', result: 'late' });
    await vi.advanceTimersByTimeAsync(1);
    app.close();
  });

  it('close leaves no listener and no method behind, and fails the calls still open', async () => {
    const c = channel();
    const page = new Bridge(c.page);
    page.on('route.get', () => '/');
    expect(c.listeners()).toEqual([1, 0]);
    const open = page.call('ready');
    page.close();
    await expect(open).rejects.toMatchObject({ code: 'closed' });
    expect(c.listeners()).toEqual([0, 0]);
    expect(page.methods()).toEqual([]);
  });

  it('ignores messages that are not the bridge’s', async () => {
    const c = channel();
    const page = new Bridge(c.page);
    const handler = vi.fn(() => 1);
    page.on('m', handler);
    const app = new Bridge(c.app, 'app');
    for (const junk of [
      null,
      'call',
      { type: 'call', id: 'x', method: 'm' },
      { bridge: BRIDGE, type: 'call', method: 'm' },
    ])
      c.app.post(junk as unknown as BridgeMessage);
    await expect(app.call('m')).resolves.toBe(1);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
