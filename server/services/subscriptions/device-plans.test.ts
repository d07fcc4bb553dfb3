// deviceSubscriptionPlan: the spec §7 call (mac, $populate, $limit=1) for owners and shared users only, MAC
// checks, admin writes, and grant(): extending an active plan, permanent plans that never expire.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DeviceSubscriptionPlan, SubscriptionPlan } from '../../../src/domain/contract';
import { addMonths, isActive } from '../../../src/domain/subscriptionPeriods';
import { quickUser } from '../../alerts/test-users';
import { call, newStation, startServer, type TestServer } from '../../testing/server';
import { shareStation } from '../../testing/share';
import { type DeviceSubscriptionPlanService, devicePlanService } from './device-plans.class';

type Account = Awaited<ReturnType<typeof quickUser>>;
let t: TestServer;
let owner: Account;
let friend: Account;
let stranger: Account;
let admin: Account;
let plans: Record<string, SubscriptionPlan>;
let service: DeviceSubscriptionPlanService;
const DAY = 86400_000;

beforeAll(async () => {
  t = await startServer();
  [owner, friend, stranger, admin] = await Promise.all(
    ['dpowner', 'dpfriend', 'dpstranger', 'dpadmin'].map((n) => quickUser(t, n)),
  );
  const knex = t.server.app.ctx.storage.knex;
  await knex('users').where({ _id: admin.user._id }).update({ isAdmin: true });
  const list = await call(t.url, 'GET', '/subscriptionPlans?$paginate=false');
  plans = Object.fromEntries(list.body.map((p: SubscriptionPlan) => [p.name, p]));
  service = devicePlanService(t.server.app);
});
afterAll(() => t.close());

const find = (query: string, token?: string) =>
  call(t.url, 'GET', `/deviceSubscriptionPlan?${query}`, { token });

/** A station of the owner with this MAC, shared with the friend. */
async function station(mac: string) {
  const s = await newStation(t, owner.token, { mac });
  await shareStation(t, owner, s._id, friend);
  return s;
}

describe('deviceSubscriptionPlan', () => {
  test('GET ?mac&$populate=subscriptionPlan&$limit=1: the owner and shared users see the plan; others nothing', async () => {
    const s = await station('aa-bb-cc-00-00-01');
    const before = await find('mac=AA:BB:CC:00:00:01&$populate=subscriptionPlan&$limit=1', owner.token);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ total: 0, limit: 1, skip: 0, data: [] });

    const granted = await service.grant(
      'aa:bb:cc:00:00:01',
      plans['Premium monthly']._id,
      owner.user._id,
      undefined,
      s._id,
    );
    expect(granted).toMatchObject({ mac: 'AA:BB:CC:00:00:01', active: true, end: expect.any(Number) });
    const mine = await find('mac=AA:BB:CC:00:00:01&$populate=subscriptionPlan&$limit=1', owner.token);
    expect(mine.body.total).toBe(1);
    const [record] = mine.body.data as DeviceSubscriptionPlan[];
    expect(record).toEqual({
      _id: granted._id,
      mac: 'AA:BB:CC:00:00:01',
      device: s._id,
      user: owner.user._id,
      subscriptionPlan: plans['Premium monthly'],
      start: expect.any(Number),
      end: addMonths(record.start, 1),
      active: true,
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
    // The same address written another way finds the same plan; without $populate the id stays.
    const plain = await find('mac=aabbcc000001', owner.token);
    expect(plain.body.data[0]).toMatchObject({
      _id: granted._id,
      subscriptionPlan: plans['Premium monthly']._id,
    });

    const shared = await find('mac=AA-BB-CC-00-00-01&$populate=subscriptionPlan&$limit=1', friend.token);
    expect(shared.body.data).toHaveLength(1);
    expect(shared.body.data[0].user).toBeUndefined();
    expect(shared.body.data[0].subscriptionPlan.name).toBe('Premium monthly');
    const none = await find('mac=AA:BB:CC:00:00:01&$populate=subscriptionPlan&$limit=1', stranger.token);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ total: 0, limit: 1, skip: 0, data: [] });
    expect((await find('mac=AA:BB:CC:00:00:01')).status).toBe(401);
    expect(
      (await call(t.url, 'GET', `/deviceSubscriptionPlan/${granted._id}`, { token: stranger.token })).status,
    ).toBe(404);
    expect(
      (await call(t.url, 'GET', `/deviceSubscriptionPlan/${granted._id}`, { token: friend.token })).status,
    ).toBe(200);
  });

  test('a MAC typed without separators is stored normalised, so its plans and its Ecowitt PASSKEY are found', async () => {
    const s = await newStation(t, owner.token, { mac: 'aabbcc000002' });
    expect(s).toMatchObject({ mac: 'AA:BB:CC:00:00:02' });
    await service.grant('AA:BB:CC:00:00:02', plans.Free._id, owner.user._id, undefined, s._id);
    const res = await find('mac=AA:BB:CC:00:00:02', owner.token);
    expect(res.body.data).toHaveLength(1);
  });

  test('mac is required and checked with the spec messages', async () => {
    const cases: [string, string][] = [
      ['', 'mac is required'],
      ['mac=', 'mac is required'],
      ['mac=zz:00', 'Invalid MAC address format'],
      ['mac[$ne]=x', 'Invalid MAC address format'],
      ['mac=01:00:00:00:00:00', 'Invalid MAC address'],
      ['mac=00:00:00:00:00:00', 'Invalid MAC address'],
      ['mac=AA:BB:CC:00:00:01&$limit=1000', '$limit must be a whole number 0..100'],
      ['mac=AA:BB:CC:00:00:01&$populate=user', 'user cannot be populated'],
    ];
    for (const [q, message] of cases) {
      const res = await find(q, owner.token);
      expect(res.status, q).toBe(400);
      expect(res.body.message, q).toBe(message);
    }
  });

  test('grant extends an active plan by its months, starts a new one otherwise; permanent plans never end', async () => {
    const mac = 'AA:BB:CC:00:00:03';
    const { _id: sid } = await station(mac);
    // In the past, so only the permanent plan is active today.
    const now = Date.UTC(2024, 0, 31);
    const first = await service.grant(mac, plans['Premium monthly']._id, owner.user._id, now, sid);
    expect(first).toMatchObject({ start: now, end: Date.UTC(2024, 1, 29), active: false });
    const again = await service.grant(mac, plans['Premium monthly']._id, owner.user._id, now + DAY, sid);
    expect(again._id).toBe(first._id);
    expect(again.end).toBe(Date.UTC(2024, 2, 29));
    // Another plan is a new period from now; the device keeps both until the shorter one ends.
    const yearly = await service.grant(mac, plans['Premium yearly']._id, owner.user._id, now + DAY, sid);
    expect(yearly._id).not.toBe(first._id);
    expect(yearly).toMatchObject({ start: now + DAY, end: Date.UTC(2025, 1, 1) });
    // Once the monthly has run out, granting it again starts afresh.
    const later = Date.UTC(2024, 5, 1);
    const renewed = await service.grant(mac, plans['Premium monthly']._id, owner.user._id, later, sid);
    expect(renewed._id).not.toBe(first._id);
    expect(renewed).toMatchObject({ start: later, end: Date.UTC(2024, 6, 1) });

    const lifetime = await service.grant(mac, plans.Lifetime._id, owner.user._id, now, sid);
    expect(lifetime.end).toBeNull();
    expect(lifetime.active).toBe(true);
    const twice = await service.grant(mac, plans.Lifetime._id, owner.user._id, now + 400 * DAY, sid);
    expect(twice).toMatchObject({ _id: lifetime._id, end: null });
    expect(isActive({ start: lifetime.start, end: null }, Date.UTC(2999, 0, 1))).toBe(true);
    // $limit=1 answers the plan that counts: the permanent one, then the latest end.
    const top = await find(`mac=${mac}&$populate=subscriptionPlan&$limit=1`, owner.token);
    expect(top.body.total).toBe(4);
    expect(top.body.data[0]).toMatchObject({ _id: lifetime._id, end: null, active: true });
    expect(top.body.data[0].subscriptionPlan.name).toBe('Lifetime');
    const rest = await find(`mac=${mac}&$populate=subscriptionPlan&$skip=1&$select=end`, owner.token);
    expect(rest.body.data.map((r: { end: number }) => r.end)).toEqual([
      Date.UTC(2025, 1, 1),
      Date.UTC(2024, 6, 1),
      Date.UTC(2024, 2, 29),
    ]);
    await expect(service.grant(mac, '0123456789abcdef01234567', owner.user._id)).rejects.toMatchObject({
      code: 400,
      message: 'Unknown subscription plan',
    });
    await expect(service.grant('nope', plans.Free._id, owner.user._id)).rejects.toMatchObject({
      code: 400,
      message: 'Invalid MAC address format',
    });
  });

  test('only admins list all, create, patch and remove; an expired period is not active', async () => {
    const s = await station('AA:BB:CC:00:00:04');
    const body = {
      mac: 'aa:bb:cc:00:00:04',
      device: s._id,
      user: owner.user._id,
      subscriptionPlan: plans['Premium yearly']._id,
      start: Date.now() - 400 * DAY,
    };
    for (const token of [owner.token, friend.token, stranger.token]) {
      expect((await call(t.url, 'POST', '/deviceSubscriptionPlan', { token, body })).status).toBe(403);
      expect((await find('', token)).status).toBe(400);
    }
    const made = await call(t.url, 'POST', '/deviceSubscriptionPlan', { token: admin.token, body });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      mac: 'AA:BB:CC:00:00:04',
      end: addMonths(body.start, 12),
      active: false,
    });
    const seen = await find('mac=AA:BB:CC:00:00:04', owner.token);
    expect(seen.body.data).toEqual([expect.objectContaining({ _id: made.body._id, active: false })]);

    const path = `/deviceSubscriptionPlan/${made.body._id}`;
    expect((await call(t.url, 'PATCH', path, { token: owner.token, body: { end: null } })).status).toBe(403);
    const patched = await call(t.url, 'PATCH', path, { token: admin.token, body: { end: null } });
    expect(patched.body).toMatchObject({ end: null, active: true });

    const all = await find('$limit=100&subscriptionPlan=' + plans['Premium monthly']._id, admin.token);
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThanOrEqual(3);
    expect(new Set(all.body.data.map((r: { mac: string }) => r.mac)).size).toBeGreaterThanOrEqual(2);

    const bad: [Record<string, unknown>, string][] = [
      [{ ...body, subscriptionPlan: '0123456789abcdef01234567' }, 'Unknown subscription plan'],
      [{ ...body, user: '0123456789abcdef01234567' }, 'Unknown user'],
      [{ ...body, mac: 'x' }, 'Invalid MAC address format'],
      [{ ...body, end: body.start - 1 }, 'end must be after start'],
      [{ ...body, end: 'soon' }, 'end must be a time or null'],
      [{ ...body, paid: true }, 'paid cannot be set'],
      [{ user: owner.user._id, subscriptionPlan: plans.Free._id }, 'mac is required'],
    ];
    for (const [b, message] of bad) {
      const res = await call(t.url, 'POST', '/deviceSubscriptionPlan', { token: admin.token, body: b });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await call(t.url, 'DELETE', path, { token: owner.token })).status).toBe(403);
    expect((await call(t.url, 'DELETE', path, { token: admin.token })).status).toBe(200);
    expect((await find('mac=AA:BB:CC:00:00:04', owner.token)).body.data).toEqual([]);
  });
});
