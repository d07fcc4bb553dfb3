// orders + payments with the sandbox provider (no Stripe keys): create for a plan and stations, the test cards'
// outcomes and messages, card checks like a real provider, expiry, the buyer's list, admin status changes and
// refunds that take the plan back, free plans done at once.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Order, SubscriptionPlan } from '../../../src/domain/contract';
import { ORDER_GONE_TEXT } from '../../../src/domain/orders';
import { addMonths } from '../../../src/domain/subscriptionPeriods';
import { quickUser } from '../../alerts/test-users';
import { call, newStation, startServer, type TestServer } from '../../testing/server';
import { shareStation } from '../../testing/share';
import { collect, settle, socketClient } from '../../testing/socket';

type Account = Awaited<ReturnType<typeof quickUser>>;
let t: TestServer;
let owner: Account;
let friend: Account;
let stranger: Account;
let admin: Account;
let plans: Record<string, SubscriptionPlan>;
const nextYear = new Date().getUTCFullYear() + 1;
const card = (number: string, extra: Record<string, unknown> = {}) => ({
  number,
  expMonth: 12,
  expYear: nextYear,
  cvc: '123',
  ...extra,
});

beforeAll(async () => {
  t = await startServer();
  [owner, friend, stranger, admin] = await Promise.all(
    ['orowner', 'orfriend', 'orstranger', 'oradmin'].map((n) => quickUser(t, n)),
  );
  await t.server.app.ctx.storage.knex('users').where({ _id: admin.user._id }).update({ isAdmin: true });
  const list = await call(t.url, 'GET', '/subscriptionPlans?$paginate=false');
  plans = Object.fromEntries(list.body.map((p: SubscriptionPlan) => [p.name, p]));
});
afterAll(() => t.close());

let macs = 0;
/** A paid-type station of the owner's, made as server code does (an account may own 10 through the API; this
 * file's owner buys for more than that). */
async function station(consoletype = 10) {
  const mac = `AA:BB:CC:10:00:${(++macs).toString(16).padStart(2, '0').toUpperCase()}`;
  const made = await t.server.app
    .service('weatherDevices')
    .create({ name: 'Garden', timezone: 'Europe/Prague', consoletype, mac }, { user: owner.user } as never);
  return { ...(made as unknown as { _id: string; wsid: string; stationKey: string }), mac };
}
const order = (token: string, body: unknown) => call(t.url, 'POST', '/orders', { token, body });
const pay = (token: string, body: unknown) => call(t.url, 'POST', '/payments', { token, body });
const planOf = async (mac: string) =>
  (await call(t.url, 'GET', `/deviceSubscriptionPlan?mac=${mac}&$limit=1`, { token: owner.token })).body
    .data[0];

describe('orders and sandbox payments', () => {
  test('an order for two stations totals the plan price per station; the test card pays it and grants the plan', async () => {
    const a = await station(10);
    const b = await station(7);
    const made = await order(owner.token, {
      subscriptionPlan: plans['Premium yearly']._id,
      devices: [a._id, b._id],
    });
    expect(made.status).toBe(201);
    const o = made.body as Order;
    expect(o).toMatchObject({
      status: 'pending',
      provider: 'sandbox',
      unitPrice: 2990,
      total: 5980,
      currency: 'USD',
      plan: { name: 'Premium yearly', months: 12, storeDays: 366 },
      devices: [
        { _id: a._id, consoletype: 10 },
        { _id: b._id, consoletype: 7 },
      ],
    });
    expect(o.expiresAt - o.createdAt).toBe(30 * 60_000);

    const start = await pay(owner.token, { order: o._id });
    expect(start.status).toBe(201);
    expect(start.body).toMatchObject({
      provider: 'sandbox',
      testMode: true,
      order: { paymentRef: expect.any(String) },
    });
    expect(start.body.clientSecret).toBeUndefined();

    const declined = await pay(owner.token, { order: o._id, card: card('4000 0000 0000 0002') });
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({
      message: 'Your card was declined.',
      data: { code: 'cardDeclined' },
    });
    const poor = await pay(owner.token, { order: o._id, card: card('4000000000009995') });
    expect(poor.body.message).toBe('Your card has insufficient funds.');
    expect((await call(t.url, 'GET', `/orders/${o._id}`, { token: owner.token })).body).toMatchObject({
      status: 'pending',
      lastError: 'cardInsufficientFunds',
    });
    expect(await planOf(a.mac)).toBeUndefined();

    const paid = await pay(owner.token, { order: o._id, card: card('4242424242424242') });
    expect(paid.status).toBe(201);
    expect(paid.body.order).toMatchObject({ status: 'done', paidAt: expect.any(Number), lastError: null });
    for (const s of [a, b]) expect(await planOf(s.mac)).toMatchObject({ active: true });
    // Paid: it cannot be paid again.
    const again = await pay(owner.token, { order: o._id, card: card('4242424242424242') });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(ORDER_GONE_TEXT);
  });

  test('paying the same plan again extends its end date; the grant is one period, not two', async () => {
    const s = await station(10);
    const buy = async () => {
      const o = (
        await order(owner.token, { subscriptionPlan: plans['Premium monthly']._id, devices: [s._id] })
      ).body;
      expect(
        (await pay(owner.token, { order: o._id, card: card('4242424242424242') })).body.order.status,
      ).toBe('done');
    };
    await buy();
    const first = await planOf(s.mac);
    await buy();
    const second = await planOf(s.mac);
    expect(second._id).toBe(first._id);
    expect(second.start).toBe(first.start);
    expect(second.end).toBe(addMonths(first.end, 1));
  });

  test('the sandbox has no webhook: a posted event is refused and changes nothing', async () => {
    const res = await fetch(`${t.url}/payments/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: {} } }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/^Webhook signature/);
    expect((await fetch(`${t.url}/payments/webhook`)).status).toBe(405);
  });

  test('cards are checked like a real provider: Luhn, length, expiry, 3-digit CVC or 4 for American Express', async () => {
    const s = await station(11);
    const o = (await order(owner.token, { subscriptionPlan: plans['Premium monthly']._id, devices: [s._id] }))
      .body;
    const cases: [Record<string, unknown>, string, string][] = [
      [card('4242424242424241'), 'cardNumberInvalid', 'number'],
      [card('42424242'), 'cardNumberInvalid', 'number'],
      [card('4242424242424242', { expMonth: 1, expYear: 2020 }), 'cardExpiryPast', 'expiry'],
      [card('4242424242424242', { expMonth: 13 }), 'cardExpiryIncomplete', 'expiry'],
      [card('4242424242424242', { cvc: '12' }), 'cardCvcIncomplete', 'cvc'],
      [card('378282246310005', { cvc: '123' }), 'cardCvcIncomplete', 'cvc'],
      [{ number: '4242424242424242', pin: '1' }, '', 'card'],
    ];
    for (const [c, code, field] of cases) {
      const res = await pay(owner.token, { order: o._id, card: c });
      expect(res.status, JSON.stringify(c)).toBe(400);
      if (code) expect(res.body.data).toMatchObject({ code, field });
    }
    const amex = await pay(owner.token, { order: o._id, card: card('3782 822463 10005', { cvc: '1234' }) });
    expect(amex.body.order.status).toBe('done');
  });

  test('an order dies at its expiry: cancelled, and paying it answers the spec error', async () => {
    const s = await station(12);
    const o = (await order(owner.token, { subscriptionPlan: plans['Premium monthly']._id, devices: [s._id] }))
      .body;
    await t.server.app.ctx.storage
      .knex('orders')
      .where({ _id: o._id })
      .update({ expiresAt: Date.now() - 1 });
    const res = await pay(owner.token, { order: o._id, card: card('4242424242424242') });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: ORDER_GONE_TEXT, data: { code: 'orderGone' } });
    expect((await call(t.url, 'GET', `/orders/${o._id}`, { token: owner.token })).body.status).toBe(
      'cancelled',
    );
  });

  test("the minute's sweep cancels a pending order past its time and tells only its buyer's screens", async () => {
    const s = await station(12);
    const o = (await order(owner.token, { subscriptionPlan: plans['Premium monthly']._id, devices: [s._id] }))
      .body;
    const buyer = await socketClient(t.url, owner.token);
    const other = await socketClient(t.url, stranger.token);
    try {
      const seen = collect<Order>(buyer.client, 'orders', 'patched');
      const unseen = collect<Order>(other.client, 'orders', 'patched');
      await t.server.app.ctx.storage
        .knex('orders')
        .where({ _id: o._id })
        .update({ expiresAt: Date.now() - 1 });
      // What the leader's timer runs each minute (no read of the orders in between).
      await (t.server.app.service('orders') as unknown as { expireDue(): Promise<void> }).expireDue();
      await vi.waitFor(() => expect(seen.map((x) => [x._id, x.status])).toEqual([[o._id, 'cancelled']]));
      await settle();
      expect(unseen).toEqual([]);
    } finally {
      buyer.close();
      other.close();
    }
  });

  test('bad orders get a clear 400; only own and shared stations can be ordered for', async () => {
    const s = await station(10);
    const noMac = await newStation(t, owner.token, { consoletype: 10 });
    const plain = await station(0);
    const cases: [unknown, number, string][] = [
      [{ devices: [s._id] }, 400, 'planUnknown'],
      [{ subscriptionPlan: '0123456789abcdef01234567', devices: [s._id] }, 400, 'planUnknown'],
      [{ subscriptionPlan: plans['Premium monthly']._id, devices: [] }, 400, 'orderDevices'],
      [{ subscriptionPlan: plans['Premium monthly']._id, devices: [noMac._id] }, 400, 'orderMacMissing'],
      [{ subscriptionPlan: plans['Premium monthly']._id, devices: [plain._id] }, 400, 'orderTypeNotCovered'],
      [{ subscriptionPlan: plans.Free._id, devices: [s._id, plain._id] }, 400, 'orderTooManyDevices'],
      [{ subscriptionPlan: plans['Premium monthly']._id, devices: [s._id], total: 1 }, 400, ''],
    ];
    for (const [body, status, code] of cases) {
      const res = await order(owner.token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (code) expect(res.body.data.code).toBe(code);
    }
    const theirs = await order(stranger.token, {
      subscriptionPlan: plans['Premium monthly']._id,
      devices: [s._id],
    });
    expect(theirs.status).toBe(404);
    await shareStation(t, owner, s._id, friend);
    const gift = await order(friend.token, {
      subscriptionPlan: plans['Premium monthly']._id,
      devices: [s._id],
    });
    expect(gift.status).toBe(201);
  });

  test('at most 10 unpaid orders at once; removing or paying one makes room', async () => {
    const buyer = await quickUser(t, 'orspree');
    const s = await newStation(t, buyer.token, { consoletype: 10, mac: 'AA:BB:CC:10:0F:01' });
    const body = { subscriptionPlan: plans['Premium monthly']._id, devices: [s._id] };
    const made: string[] = [];
    for (let i = 0; i < 10; i++) made.push((await order(buyer.token, body)).body._id);
    const refused = await order(buyer.token, body);
    expect(refused.status).toBe(429);
    expect(refused.body.data.code).toBe('tooManyAttempts');
    await call(t.url, 'DELETE', `/orders/${made[0]}`, { token: buyer.token });
    expect((await order(buyer.token, body)).status).toBe(201);
  });

  test('a free plan is done at once; the buyer lists, removes (hides) their orders; strangers see none', async () => {
    const s = await station(13);
    const free = await order(owner.token, { subscriptionPlan: plans.Free._id, devices: [s._id] });
    expect(free.body).toMatchObject({ status: 'done', total: 0, provider: 'none' });
    expect(await planOf(s.mac)).toMatchObject({ active: true, end: null });

    const mine = await call(t.url, 'GET', '/orders?$limit=100', { token: owner.token });
    expect(mine.body.data.every((o: Order) => o.user === owner.user._id)).toBe(true);
    expect(mine.body.data[0]._id).toBe(free.body._id); // newest first
    expect((await call(t.url, 'GET', '/orders', { token: stranger.token })).body.total).toBe(0);
    expect((await call(t.url, 'GET', `/orders/${free.body._id}`, { token: stranger.token })).status).toBe(
      404,
    );
    expect((await call(t.url, 'GET', '/orders')).status).toBe(401);

    const gone = await call(t.url, 'DELETE', `/orders/${free.body._id}`, { token: owner.token });
    expect(gone.status).toBe(200);
    expect((await call(t.url, 'GET', `/orders/${free.body._id}`, { token: owner.token })).status).toBe(404);
    // Kept for the records: an admin still sees it, and the plan it granted stays.
    expect((await call(t.url, 'GET', `/orders/${free.body._id}`, { token: admin.token })).body.status).toBe(
      'done',
    );
    expect(await planOf(s.mac)).toMatchObject({ active: true });
  });

  test('admins move orders; a refund goes through the provider and takes the plan back; buyers cannot patch', async () => {
    const s = await station(10);
    const o = (await order(owner.token, { subscriptionPlan: plans['Premium monthly']._id, devices: [s._id] }))
      .body;
    await pay(owner.token, { order: o._id, card: card('5555555555554444') });
    expect(await planOf(s.mac)).toMatchObject({ active: true });
    const path = `/orders/${o._id}`;
    expect(
      (await call(t.url, 'PATCH', path, { token: owner.token, body: { status: 'refunded' } })).status,
    ).toBe(403);
    const bad = await call(t.url, 'PATCH', path, { token: admin.token, body: { status: 'pending' } });
    expect(bad.status).toBe(409);
    expect((await call(t.url, 'PATCH', path, { token: admin.token, body: { status: 'paid' } })).status).toBe(
      400,
    );
    const refunded = await call(t.url, 'PATCH', path, { token: admin.token, body: { status: 'refunded' } });
    expect(refunded.body).toMatchObject({
      status: 'refunded',
      refundRef: expect.stringMatching(/^sandbox_re_/),
    });
    expect(await planOf(s.mac)).toBeUndefined();
    const all = await call(t.url, 'GET', '/orders?status=refunded&$populate=user', { token: admin.token });
    expect(all.body.data[0]).toMatchObject({ _id: o._id, user: { email: owner.email } });
    // Admin marks a pending order paid (e.g. by bank transfer): the plan is granted.
    const manual = (
      await order(owner.token, { subscriptionPlan: plans['Premium monthly']._id, devices: [s._id] })
    ).body;
    const done = await call(t.url, 'PATCH', `/orders/${manual._id}`, {
      token: admin.token,
      body: { status: 'done' },
    });
    expect(done.body.status).toBe('done');
    expect(await planOf(s.mac)).toMatchObject({ active: true });
  });
});
