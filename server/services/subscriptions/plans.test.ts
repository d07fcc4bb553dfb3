// subscriptionPlans over REST: the seeded published plans for anyone, drafts and changes for admins only, the
// generic list operators, features patched with $push/$pull/$set, and 400s (never 500s) for bad input.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { quickUser } from '../../alerts/test-users';
import { call, startServer, type TestServer } from '../../testing/server';
import { devicePlanService } from './device-plans.class';

let t: TestServer;
let admin: { token: string; user: { _id: string } };
let user: { token: string; user: { _id: string } };
beforeAll(async () => {
  t = await startServer();
  admin = await quickUser(t, 'planadmin');
  user = await quickUser(t, 'planuser');
  await t.server.app.ctx.storage.knex('users').where({ _id: admin.user._id }).update({ isAdmin: true });
});
afterAll(() => t.close());

const get = (path: string, token?: string) => call(t.url, 'GET', path, { token });
const names = (body: { data: { name: string }[] }) => body.data.map((p) => p.name);
const createPlan = (body: Record<string, unknown>, token = admin.token) =>
  call(t.url, 'POST', '/subscriptionPlans', { token, body });

describe('subscriptionPlans', () => {
  test('anyone, signed out too, lists the published plans in order: a permanent Free one first', async () => {
    const res = await get('/subscriptionPlans');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 4, limit: 10, skip: 0 });
    expect(names(res.body)).toEqual(['Free', 'Premium monthly', 'Premium yearly', 'Lifetime']);
    expect(res.body.data[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Free',
      description: expect.any(String),
      price: 0,
      currency: 'USD',
      months: 0,
      maxDevices: 1,
      storeDays: 365,
      deviceTypes: [7, 10, 11, 12, 13],
      features: [
        { _id: expect.stringMatching(/^[0-9a-f]{24}$/), text: 'Live data' },
        { _id: expect.stringMatching(/^[0-9a-f]{24}$/), text: '1 year of 5-minute history' },
      ],
      status: 'published',
      order: 0,
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
    const one = await get(`/subscriptionPlans/${res.body.data[3]._id}`);
    expect(one.body).toMatchObject({ name: 'Lifetime', months: 0 });
  });

  test('drafts: only admins see them; only admins create, patch and remove', async () => {
    const draft = await createPlan({ name: 'Beta tester', months: 3, price: 100 });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ status: 'draft', currency: 'USD', maxDevices: 1, features: [] });
    for (const token of [undefined, user.token]) {
      expect((await get(`/subscriptionPlans/${draft.body._id}`, token)).status).toBe(404);
      expect(names((await get('/subscriptionPlans?name=Beta tester', token)).body)).toEqual([]);
    }
    expect((await get(`/subscriptionPlans/${draft.body._id}`, admin.token)).status).toBe(200);
    expect(names((await get('/subscriptionPlans?status=draft', admin.token)).body)).toEqual(['Beta tester']);

    expect((await createPlan({ name: 'Mine', months: 1 }, user.token)).status).toBe(403);
    expect((await call(t.url, 'POST', '/subscriptionPlans', { body: { name: 'x', months: 1 } })).status).toBe(
      401,
    );
    const path = `/subscriptionPlans/${draft.body._id}`;
    expect((await call(t.url, 'PATCH', path, { token: user.token, body: { price: 0 } })).status).toBe(403);
    expect((await call(t.url, 'DELETE', path, { token: user.token })).status).toBe(403);
    const removed = await call(t.url, 'DELETE', path, { token: admin.token });
    expect(removed.status).toBe(200);
    expect((await get(path, admin.token)).status).toBe(404);
  });

  test('a plan granted to a device cannot be removed (409): unpublish it instead', async () => {
    const plan = await createPlan({ name: 'Granted once', months: 1, status: 'published' });
    await devicePlanService(t.server.app).grant('AA:BB:CC:10:00:01', plan.body._id, user.user._id);
    const res = await call(t.url, 'DELETE', `/subscriptionPlans/${plan.body._id}`, { token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'This plan has been granted to devices: unpublish it (status draft) instead',
    );
    const hidden = await call(t.url, 'PATCH', `/subscriptionPlans/${plan.body._id}`, {
      token: admin.token,
      body: { status: 'draft' },
    });
    expect(hidden.body.status).toBe('draft');
  });

  test('bad plans are a 400 with a clear message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ months: 1 }, 'name is required'],
      [{ name: '', months: 1 }, 'name is required'],
      [{ name: 'x'.repeat(101), months: 1 }, 'name is longer than 100 characters'],
      [{ name: 'x' }, 'months must be a whole number 0..120 (0 = permanent)'],
      [{ name: 'x', months: 121 }, 'months must be a whole number 0..120 (0 = permanent)'],
      [{ name: 'x', months: 1.5 }, 'months must be a whole number 0..120 (0 = permanent)'],
      [{ name: 'x', months: 1, price: -1 }, 'price must be a whole number of cents, 0 or more'],
      [{ name: 'x', months: 1, price: 9.99 }, 'price must be a whole number of cents, 0 or more'],
      [{ name: 'x', months: 1, currency: 'dollars' }, 'currency must be a 3-letter code such as USD'],
      [{ name: 'x', months: 1, maxDevices: 0 }, 'maxDevices must be a whole number 1..1000'],
      [{ name: 'x', months: 1, storeDays: 0 }, 'storeDays must be a whole number of days, 1 or more'],
      [{ name: 'x', months: 1, deviceTypes: [7, 99] }, 'deviceTypes must be a list of device type ids 0..13'],
      [{ name: 'x', months: 1, status: 'live' }, 'status must be draft or published'],
      [{ name: 'x', months: 1, features: 'all' }, 'features must be a list of at most 30 {text}'],
      [{ name: 'x', months: 1, features: [{ text: '' }] }, 'A feature text must be 1..200 characters'],
      [{ name: 'x', months: 1, features: [{ text: 'a', icon: 'b' }] }, 'Each feature must be {text}'],
      [{ name: 'x', months: 1, features: [{ _id: 'f1', text: 'a' }] }, 'Feature 1 has an invalid _id'],
      [{ name: 'x', months: 1, owner: 'me' }, 'owner cannot be set'],
    ];
    for (const [body, message] of cases) {
      const res = await createPlan(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
    }
  });

  test('features: $push, $set one by _id, $pull; the result is validated like a whole list', async () => {
    const plan = await createPlan({ name: 'Featured', months: 12, features: ['Alerts'] });
    const path = `/subscriptionPlans/${plan.body._id}`;
    const patch = (body: unknown) => call(t.url, 'PATCH', path, { token: admin.token, body });
    const [alerts] = plan.body.features;
    const pushed = await patch({ $push: { features: { $each: [{ text: 'Export' }, 'Graphs'] } } });
    expect(pushed.status).toBe(200);
    expect(pushed.body.features.map((f: { text: string }) => f.text)).toEqual(['Alerts', 'Export', 'Graphs']);
    expect(pushed.body.features[0]._id).toBe(alerts._id);
    const exportId = pushed.body.features[1]._id;
    const set = await patch({ $set: { [`features.${exportId}.text`]: 'CSV export' } });
    expect(set.body.features[1]).toEqual({ _id: exportId, text: 'CSV export' });
    const pulled = await patch({ $pull: { features: { _id: alerts._id } } });
    expect(pulled.body.features.map((f: { text: string }) => f.text)).toEqual(['CSV export', 'Graphs']);

    const empty = await patch({ $push: { features: { text: ' ' } } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('A feature text must be 1..200 characters');
    const missing = await patch({ $set: { 'features.0123456789abcdef01234567.text': 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('features has no item with _id 0123456789abcdef01234567');
    const wrong = await patch({ $push: { deviceTypes: 7 } });
    expect(wrong.body.message).toBe('deviceTypes cannot be changed with $push');
    expect((await get(path, admin.token)).body.features).toEqual(pulled.body.features);
  });

  test('find: autocomplete by regex, $or, $in by ids, $select, $sort, $cursor paging', async () => {
    const all = (await get('/subscriptionPlans')).body.data as { _id: string; name: string }[];
    expect(names((await get('/subscriptionPlans?name[$regex]=^prem&name[$options]=i')).body)).toEqual([
      'Premium monthly',
      'Premium yearly',
    ]);
    expect(names((await get('/subscriptionPlans?name[$regex]=prem')).body)).toEqual([]);
    const either = await get(
      '/subscriptionPlans?$or[0][name][$regex]=free&$or[0][name][$options]=i&$or[1][months]=12',
    );
    expect(names(either.body)).toEqual(['Free', 'Premium yearly']);
    const byIds = await get(
      `/subscriptionPlans?_id[$in][0]=${all[1]._id}&_id[$in][1]=${all[3]._id}&$limit=100&$select=name`,
    );
    expect(byIds.body.data).toEqual([
      { _id: all[1]._id, name: 'Premium monthly' },
      { _id: all[3]._id, name: 'Lifetime' },
    ]);
    expect(names((await get('/subscriptionPlans?$sort[price]=-1&$limit=2')).body)).toEqual([
      'Lifetime',
      'Premium yearly',
    ]);
    const p1 = await get('/subscriptionPlans?$sort[price]=1&$limit=3');
    expect(names(p1.body)).toEqual(['Free', 'Premium monthly', 'Premium yearly']);
    const p2 = await get(`/subscriptionPlans?$sort[price]=1&$limit=3&$cursor=${p1.body.cursor}`);
    expect(names(p2.body)).toEqual(['Lifetime']);
    expect(p2.body.cursor).toBeUndefined();
    expect((await get('/subscriptionPlans?$paginate=false')).body).toHaveLength(4);
  });

  test('bad queries are a 400 with a clear message, never a 500', async () => {
    const cases: [string, string][] = [
      ['$limit=500', '$limit must be a whole number 0..100'],
      ['$sort[name]=up', '$sort[name] must be 1 or -1'],
      ['$sort[secret]=1', 'Unknown field secret'],
      ['$cursor=@@@', 'Invalid $cursor'],
      ['$select=name,password', 'Unknown field password in $select'],
      ['$populate=owner', 'owner cannot be populated'],
      ['name[$where]=1', 'Unknown operator $where on name'],
      ['name[$regex]=(free|paid)', expect.stringContaining('is not supported') as unknown as string],
      ['price=cheap', 'price must be a number'],
      ['features=Alerts', 'features cannot be queried'],
      ['colour=red', 'Unknown field colour'],
    ];
    for (const [q, message] of cases) {
      const res = await get(`/subscriptionPlans?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.message, q).toEqual(message);
    }
  });
});
