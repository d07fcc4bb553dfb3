// Plans, orders and payments through the data engine against the real server (sandbox provider): a paid-type
// station is locked in Dexie until its order is paid; paying keeps the order in settings, unlocks the station
// and loads its last data; a decline rejects with its code and leaves the order payable; an admin's change
// arrives as a live event.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newStation, newUser, startServer, type TestServer, wslink } from '../server/testing/server';
import { PortalDb } from '../src/db/schema';
import { getSetting, SETTING } from '../src/db/settings';
import { createDataEngine, type DataEngine } from './engine';

let t: TestServer;
const engines: DataEngine[] = [];
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  for (const e of engines) e.stop();
  await t.close();
});

async function until<T>(fn: () => Promise<T | undefined | null | false>, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${fn.toString().slice(0, 120)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const card = (number: string) => ({
  number,
  expMonth: 12,
  expYear: new Date().getFullYear() + 2,
  cvc: '123',
});

describe('orders through the data engine', () => {
  it('locked until paid; a decline keeps the order payable; paying unlocks the station and loads its data', async () => {
    const account = await newUser(t, 'engine-buyer');
    const station = await newStation(t, account.token, { consoletype: 12, mac: 'AA:BB:CC:40:00:01' });
    await wslink(t, station, { t1tem: 19.5, t1hum: 60 });
    const db = new PortalDb(`orders-${Math.random()}`);
    const e = createDataEngine({ db, timers: false, timeoutMs: 5000, socket: { reconnection: false } });
    engines.push(e);
    await e.start(t.url);
    await e.login(account.email, account.password);
    await until(async () => (await db.syncState.get(station._id))?.locked);

    await e.loadPlans();
    const plans = (await getSetting(db, SETTING.plans)) ?? [];
    expect(plans.map((p) => p.name)).toEqual(['Free', 'Premium monthly', 'Premium yearly', 'Lifetime']);
    const yearly = plans.find((p) => p.name === 'Premium yearly')!;

    const order = await e.createOrder(yearly._id, [station._id]);
    expect(order).toMatchObject({ status: 'pending', total: 2990 });
    const start = await e.startPayment(order._id);
    expect(start).toMatchObject({ provider: 'sandbox', testMode: true });
    await expect(e.payWithCard(order._id, card('4000000000000002'))).rejects.toMatchObject({
      data: { code: 'cardDeclined' },
    });
    await until(async () => (await getSetting(db, SETTING.orders))?.[0]?.lastError === 'cardDeclined');

    const paid = await e.payWithCard(order._id, card('4242424242424242'));
    expect(paid.status).toBe('done');
    expect((await getSetting(db, SETTING.orders))?.[0]).toMatchObject({ _id: order._id, status: 'done' });
    const unlocked = await until(async () => {
      const s = await db.syncState.get(station._id);
      return s && !s.locked && s.lastData?.last ? s : null;
    });
    expect(unlocked.lastData?.last).toMatchObject({ tempc0: 19.5 });

    // An admin refunds it: the buyer's list follows the live event and the station locks again on reload.
    const admin = await newUser(t, 'engine-admin');
    await t.server.app.ctx.storage.knex('users').where({ _id: admin.user._id }).update({ isAdmin: true });
    await e.loadOrders();
    const refunded = await call(t.url, 'PATCH', `/orders/${order._id}`, {
      token: admin.token,
      body: { status: 'refunded' },
    });
    expect(refunded.status).toBe(200);
    await until(async () => (await getSetting(db, SETTING.orders))?.[0]?.status === 'refunded');
    await until(async () => (await db.syncState.get(station._id))?.locked);

    await e.removeOrder(order._id);
    expect(await getSetting(db, SETTING.orders)).toEqual([]);
    await expect(e.loadOrder(order._id)).rejects.toMatchObject({ data: { code: 'orderGone' } });
  });
});
