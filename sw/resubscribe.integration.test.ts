// `pushsubscriptionchange` against the real server: the service worker (no socket, REST with the stored
// token) saves the browser's new subscription in this browser's `sessions` record, tied to the signed-in
// user, so the next alert is pushed to it; a dropped subscription is renewed with the server's VAPID key.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { quickUser } from '../server/alerts/test-users';
import { startServer, type TestServer } from '../server/testing/server';
import { PortalDb } from '../src/db/schema';
import { getSetting, SETTING } from '../src/db/settings';
import { resubscribe } from './resubscribe';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

const subscription = (n: number) =>
  ({
    toJSON: () => ({
      endpoint: `https://web.push.apple.com/send/${n}`,
      keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA', auth: `tBHItJI5svbpez7KI4CCX${n}` },
    }),
  }) as unknown as PushSubscription;

async function signedInDb() {
  const user = await quickUser(t);
  const db = new PortalDb(`sw-resub-${Math.random()}`);
  await db.settings.put({
    key: SETTING.auth,
    value: { accessToken: user.token, user: { _id: user.user._id, email: user.email, verified: true } },
  });
  return { db, user };
}

const stored = (id: string) => t.server.app.ctx.storage.knex('sessions').where({ _id: id }).first();

describe('service worker: pushsubscriptionchange', () => {
  test("the browser's new subscription updates this browser's session, for the signed-in user", async () => {
    const { db, user } = await signedInDb();
    const subscribe = vi.fn();
    const id = await resubscribe(db, t.url, { subscribe }, { newSubscription: subscription(1) });
    expect(subscribe).not.toHaveBeenCalled();
    const kept = await getSetting(db, SETTING.pushSession);
    expect(kept?.id).toBe(id);
    expect(await stored(id!)).toMatchObject({ associateUser: user.user._id, pushType: 'web' });
    expect(JSON.parse((await stored(id!)).pushToken).endpoint).toBe('https://web.push.apple.com/send/1');
    // The next change updates the same session (its secret was kept), not a new one.
    expect(await resubscribe(db, t.url, { subscribe }, { newSubscription: subscription(2) })).toBe(id);
    expect(JSON.parse((await stored(id!)).pushToken).endpoint).toBe('https://web.push.apple.com/send/2');
  });

  test("a dropped subscription is renewed with the server's VAPID key", async () => {
    const { db } = await signedInDb();
    const subscribe = vi.fn(async (_o: PushSubscriptionOptionsInit) => subscription(3));
    const id = await resubscribe(db, t.url, { subscribe }, { oldSubscription: null });
    const { publicKey } = await (await fetch(`${t.url}/sessions/vapid`)).json();
    const key = subscribe.mock.calls[0][0].applicationServerKey as Uint8Array;
    expect(Buffer.from(key).toString('base64url')).toBe(publicKey);
    expect(JSON.parse((await stored(id!)).pushToken).endpoint).toBe('https://web.push.apple.com/send/3');
  });
});
