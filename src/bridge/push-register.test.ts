// The start-up push flow (spec §1): denied stops, default asks first, granted subscribes with the server's
// VAPID key and saves the session; a subscription made with an older key is replaced.
import { describe, expect, it, vi } from 'vitest';
import type { FirebaseWebConfig } from '../domain/contract';
import { keyBytes, registerPush } from './push-register';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

function fakeSub(key: Uint8Array) {
  return {
    options: { applicationServerKey: key.buffer },
    unsubscribe: vi.fn(async () => true),
    toJSON: () => ({ endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a' } }),
  } as unknown as PushSubscription & { unsubscribe: ReturnType<typeof vi.fn> };
}

function setup(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const server = {
    pushVapidKey: vi.fn(async (): Promise<string | null> => KEY),
    savePushSubscription: vi.fn(async () => undefined),
    pushFirebaseConfig: vi.fn(async (): Promise<FirebaseWebConfig | null> => null),
    saveFirebaseToken: vi.fn(async () => undefined),
  };
  let kept: PushSubscription | null = null;
  const pushManager = {
    getSubscription: vi.fn(async () => kept),
    subscribe: vi.fn(async (o: PushSubscriptionOptionsInit) => fakeSub(o.applicationServerKey as Uint8Array)),
  };
  const notification = { permission, requestPermission: vi.fn(async () => answer) };
  return {
    server,
    pushManager,
    notification,
    keep: (s: PushSubscription) => {
      kept = s;
    },
    run: (ask = true) =>
      registerPush(
        { pushManager } as unknown as ServiceWorkerRegistration,
        server,
        notification,
        undefined,
        ask,
      ),
  };
}

describe('registerPush', () => {
  it('decodes the base64url VAPID key to its 65 bytes', () => {
    const k = keyBytes(KEY);
    expect(k.length).toBe(65);
    expect(k[0]).toBe(4); // an uncompressed P-256 point
  });

  it('a denied permission stops before the server is asked', async () => {
    const s = setup('denied');
    expect(await s.run()).toBe('denied');
    expect(s.notification.requestPermission).not.toHaveBeenCalled();
    expect(s.server.pushVapidKey).not.toHaveBeenCalled();
  });

  it('at start-up (not asked for) an undecided permission is left alone (issue 22: asked with push alerts)', async () => {
    const s = setup('default', 'granted');
    expect(await s.run(false)).toBe('notAsked');
    expect(s.notification.requestPermission).not.toHaveBeenCalled();
    expect(s.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('asks when undecided; a refusal stops', async () => {
    const s = setup('default', 'denied');
    expect(await s.run()).toBe('denied');
    expect(s.notification.requestPermission).toHaveBeenCalledOnce();
    expect(s.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('granted: subscribes with the server key and saves the session', async () => {
    const s = setup('default', 'granted');
    expect(await s.run()).toBe('subscribed');
    const opts = s.pushManager.subscribe.mock.calls[0][0];
    expect(opts.userVisibleOnly).toBe(true);
    expect([...(opts.applicationServerKey as Uint8Array)]).toEqual([...keyBytes(KEY)]);
    expect(s.server.savePushSubscription).toHaveBeenCalledWith({
      endpoint: 'https://push.example/1',
      keys: { p256dh: 'p', auth: 'a' },
    });
  });

  it('keeps a subscription made with the same key (updates the session only)', async () => {
    const s = setup('granted');
    const kept = fakeSub(keyBytes(KEY));
    s.keep(kept);
    expect(await s.run()).toBe('subscribed');
    expect(kept.unsubscribe).not.toHaveBeenCalled();
    expect(s.pushManager.subscribe).not.toHaveBeenCalled();
    expect(s.server.savePushSubscription).toHaveBeenCalledOnce();
  });

  it('replaces a subscription made with another key', async () => {
    const s = setup('granted');
    const old = fakeSub(new Uint8Array(65).fill(7));
    s.keep(old);
    await s.run();
    expect(old.unsubscribe).toHaveBeenCalledOnce();
    expect(s.pushManager.subscribe).toHaveBeenCalledOnce();
  });

  it('push off on the server: nothing is subscribed', async () => {
    const s = setup('granted');
    s.server.pushVapidKey.mockResolvedValue(null);
    expect(await s.run()).toBe('off');
    expect(s.pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('no push support: unsupported, no permission asked', async () => {
    const s = setup('default');
    expect(await registerPush(null, s.server, s.notification)).toBe('unsupported');
    expect(s.notification.requestPermission).not.toHaveBeenCalled();
  });

  it('FCM offered: the token from the SDK is saved instead of a Web Push subscription', async () => {
    const s = setup('granted');
    const fcm = { apiKey: 'k', projectId: 'p', messagingSenderId: '1', appId: 'a', vapidKey: 'v' };
    s.server.pushFirebaseConfig.mockResolvedValue(fcm);
    const token = vi.fn(async () => 'fcm-token-1');
    const outcome = await registerPush(
      { pushManager: s.pushManager } as unknown as ServiceWorkerRegistration,
      s.server,
      s.notification,
      token,
    );
    expect(outcome).toBe('subscribed');
    expect(token).toHaveBeenCalledWith(fcm, expect.anything());
    expect(s.server.saveFirebaseToken).toHaveBeenCalledWith('fcm-token-1');
    expect(s.pushManager.subscribe).not.toHaveBeenCalled();
    expect(s.server.savePushSubscription).not.toHaveBeenCalled();
  });

  it('FCM not offered: Web Push, the self-hosted default', async () => {
    const s = setup('granted');
    const token = vi.fn(async () => 'unused');
    await registerPush(
      { pushManager: s.pushManager } as unknown as ServiceWorkerRegistration,
      s.server,
      s.notification,
      token,
    );
    expect(token).not.toHaveBeenCalled();
    expect(s.server.savePushSubscription).toHaveBeenCalledOnce();
  });
});
