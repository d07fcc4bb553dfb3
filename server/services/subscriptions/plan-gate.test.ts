// Paid device types (issue #14): a type-10 station's readings are withheld until a plan is paid, then flow on
// every path (REST and live events); the plan's store period drives its 5-minute retention; the account page's
// membership, supported stations and store period come from the plans.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SubscriptionPlan } from '../../../src/domain/contract';
import { quickUser } from '../../alerts/test-users';
import { applyRetention } from '../../storage/retention';
import { call, newStation, startServer, type TestServer, wslink } from '../../testing/server';
import { collect, settle, socketClient } from '../../testing/socket';
import { FREE_PLAN } from '../users/me.class';

let t: TestServer;
let owner: Awaited<ReturnType<typeof quickUser>>;
let plans: Record<string, SubscriptionPlan>;
const DAY = 86400;
const card = {
  number: '4242424242424242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '314',
};

beforeAll(async () => {
  t = await startServer();
  owner = await quickUser(t, 'gateowner');
  const list = await call(t.url, 'GET', '/subscriptionPlans?$paginate=false');
  plans = Object.fromEntries(list.body.map((p: SubscriptionPlan) => [p.name, p]));
});
afterAll(() => t.close());

const stamp = (secondsAgo: number) =>
  new Date(Date.now() - secondsAgo * 1000).toISOString().slice(0, 19).replace('T', ' ');

async function buy(device: string, plan = 'Premium monthly') {
  const o = await call(t.url, 'POST', '/orders', {
    token: owner.token,
    body: { subscriptionPlan: plans[plan]._id, devices: [device] },
  });
  if (o.body.status === 'done') return; // a free plan: nothing to pay
  const paid = await call(t.url, 'POST', '/payments', {
    token: owner.token,
    body: { order: o.body._id, card },
  });
  expect(paid.body.order.status).toBe('done');
}

describe('paid device types', () => {
  test('a type-10 station shows nothing until its plan is paid, then its data flows on REST and the socket', async () => {
    const s = await newStation(t, owner.token, { consoletype: 10, mac: 'AA:BB:CC:30:00:01' });
    await call(t.url, 'POST', '/alertSettings', {
      token: owner.token,
      body: {
        weatherDevice: s._id,
        disableAll: false,
        settings: [{ item: 'tempc0', condition: 'above', value: 10, unit: 'C', method: 'email' }],
      },
    });
    const alerts = async () => {
      await t.server.app.ctx.alerts?.idle();
      const res = await call(t.url, 'GET', `/alerts?device=${s._id}`, { token: owner.token });
      return Array.isArray(res.body) ? res.body : res.body.data;
    };
    await wslink(t, s, { datetime: stamp(120), t1tem: 21.5, t1hum: 40 });
    const last = () => call(t.url, 'GET', `/weatherDevices/lastData?device=${s._id}`, { token: owner.token });
    const locked = await last();
    expect(locked.status).toBe(402);
    expect(locked.body).toMatchObject({
      message: 'This station needs a subscription plan to show its data',
      data: { code: 'planRequired', device: s._id, consoletype: 10 },
    });
    const batch = await call(t.url, 'GET', `/weatherMetrics/batchLastData?devices[0]=${s._id}`, {
      token: owner.token,
    });
    expect(batch.body[1]).toEqual([]);

    const socket = await socketClient(t.url, owner.token);
    const samples = collect(socket.client, 'weatherMetrics');
    await socket.client.service('weatherDevices/watch').create({ id: [s._id] });
    await wslink(t, s, { datetime: stamp(60), t1tem: 22, t1hum: 41 });
    await settle(200);
    expect(samples).toEqual([]);
    // No alert either: an alert would tell the reading.
    expect(await alerts()).toEqual([]);

    await buy(s._id);
    // Stored while locked, shown once paid: the reading taken before the plan is there.
    expect((await last()).body.last).toMatchObject({ tempc0: 22 });
    await wslink(t, s, { datetime: stamp(10), t1tem: 23, t1hum: 42 });
    await settle(200);
    socket.close();
    expect(samples).toEqual([expect.objectContaining({ device: s._id, tempc0: 23 })]);
    expect(await alerts()).toHaveLength(1);
    const five = await call(
      t.url,
      'GET',
      `/weatherMetrics/query?device=${s._id}&type=5m&from=${Math.floor(Date.now() / 1000) - 3600}&to=${Math.floor(Date.now() / 1000) + 600}`,
      { token: owner.token },
    );
    expect(five.status).toBe(200);
  });

  test("a plan's store period may lengthen a device's 5-minute retention, never shorten it (issue #22)", async () => {
    const free = await newStation(t, owner.token, { consoletype: 11, mac: 'AA:BB:CC:30:00:02' });
    const lifetime = await newStation(t, owner.token, { consoletype: 11, mac: 'AA:BB:CC:30:00:03' });
    const plain = await newStation(t, owner.token, { consoletype: 0 });
    await buy(free._id, 'Free'); // a shorter period than every account's year
    await buy(lifetime._id, 'Lifetime'); // 10 years
    const { samples } = t.server.app.ctx;
    const nowS = Math.floor(Date.now() / 1000);
    for (const s of [free, lifetime, plain]) {
      const device = (await t.server.app.ctx.devices.get(s._id))!;
      for (const daysAgo of [400, 30, 1])
        await samples.write(device, nowS - daysAgo * DAY, { tempc0: daysAgo });
    }
    await samples.flush();
    const gate = t.server.app.ctx.plans;
    await applyRetention(t.server.app.ctx.storage.knex, samples, Date.now(), {
      of: (d) => gate.storeDays(d),
      fallback: FREE_PLAN.dataLogStorePeriod,
    });
    const kept = async (id: string) =>
      (await samples.buckets('buckets5m', id, nowS - 500 * DAY, nowS + 600)).map((b) =>
        Math.round((nowS - b.time) / DAY),
      );
    expect(await kept(lifetime._id)).toEqual([400, 30, 1]);
    expect(await kept(free._id)).toEqual([30, 1]);
    expect(await kept(plain._id)).toEqual([30, 1]);
    // Daily rollups stay.
    expect(await samples.buckets('buckets1d', free._id, nowS - 500 * DAY, nowS + DAY)).toHaveLength(3);
  });

  test('the account page: membership, supported stations and store period come from the plans', async () => {
    const fresh = await quickUser(t, 'gatefresh');
    const me = (token: string) => call(t.url, 'GET', '/users/me', { token });
    expect((await me(fresh.token)).body).toMatchObject({
      membership: 'free',
      supportedDevices: FREE_PLAN.supportedDevices,
      dataLogStorePeriod: FREE_PLAN.dataLogStorePeriod,
    });
    // The owner has a monthly (366 days, 5 stations), a Free and a Lifetime plan (10 years): the best names the
    // membership; buying never lowers what every account has (10 stations, issue #22: it said 5).
    expect((await me(owner.token)).body).toMatchObject({
      membership: 'Lifetime',
      supportedDevices: FREE_PLAN.supportedDevices,
      dataLogStorePeriod: 3650,
      devices: 4,
    });
  });

  test('a plan covers the stations it was ordered for, never another station with the same MAC (issue #20)', async () => {
    const buyer = await quickUser(t, 'macbuyer');
    const stranger = await quickUser(t, 'macstranger');
    const mac = 'AA:BB:CC:30:00:07';
    const ordered = await newStation(t, buyer.token, { consoletype: 7, mac });
    const sameOwner = await newStation(t, buyer.token, { consoletype: 7, mac });
    const strangers = await newStation(t, stranger.token, { consoletype: 7, mac });
    const o = await call(t.url, 'POST', '/orders', {
      token: buyer.token,
      body: { subscriptionPlan: plans['Premium monthly']._id, devices: [ordered._id] },
    });
    const paid = await call(t.url, 'POST', '/payments', {
      token: buyer.token,
      body: { order: o.body._id, card },
    });
    expect(paid.body.order.status).toBe('done');
    for (const s of [ordered, sameOwner, strangers])
      await wslink(t, s, { datetime: stamp(30), t1tem: 21, t1hum: 40 });
    const last = (id: string, token: string) =>
      call(t.url, 'GET', `/weatherDevices/lastData?device=${id}`, { token });
    expect((await last(ordered._id, buyer.token)).status).toBe(200);
    expect((await last(sameOwner._id, buyer.token)).status).toBe(402);
    expect((await last(strangers._id, stranger.token)).status).toBe(402);
    // The stranger does not see the buyer's plan through the shared MAC; the buyer does.
    const plansOf = (token: string) =>
      call(t.url, 'GET', `/deviceSubscriptionPlan?mac=${mac}&$limit=5`, { token });
    expect((await plansOf(stranger.token)).body.data).toEqual([]);
    expect((await plansOf(buyer.token)).body.data).toMatchObject([{ device: ordered._id, mac }]);
    // An order names no more stations than the plan allows (maxDevices).
    const stations = [];
    for (let i = 0; i <= plans['Premium monthly'].maxDevices; i++)
      stations.push((await newStation(t, buyer.token, { consoletype: 7, mac }))._id);
    const tooMany = await call(t.url, 'POST', '/orders', {
      token: buyer.token,
      body: { subscriptionPlan: plans['Premium monthly']._id, devices: stations },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.data.code).toBe('orderTooManyDevices');
  });

  test('an account owns at most the stations its entitlement allows (issue #22: every gate reads the model)', async () => {
    const user = await quickUser(t, 'manystations');
    for (let i = 0; i < FREE_PLAN.supportedDevices; i++) await newStation(t, user.token, { name: `S${i}` });
    const over = await call(t.url, 'POST', '/weatherDevices', {
      token: user.token,
      body: { name: 'One more' },
    });
    expect(over.status).toBe(403);
    expect(over.body.data).toMatchObject({ code: 'stationLimit', max: FREE_PLAN.supportedDevices });
    const me = await call(t.url, 'GET', '/users/me', { token: user.token });
    expect(me.body).toMatchObject({
      devices: FREE_PLAN.supportedDevices,
      supportedDevices: FREE_PLAN.supportedDevices,
    });
  });
});
