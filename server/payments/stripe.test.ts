// The Stripe provider against a local HTTP fake of the Stripe API (the SDK's host/port/protocol options): a
// PaymentIntent per order (idempotent), the check after the browser's redirect, refunds, and the webhook: signed
// events accepted, bad or missing signatures rejected, a replayed event granting once.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Order, SubscriptionPlan } from '../../src/domain/contract';
import { quickUser } from '../alerts/test-users';
import { call, newStation, startServer, type TestServer } from '../testing/server';
import { type StripeFake, startStripeFake } from './stripe-fake';

const SECRET = 'whsec_test_portal';
let fake: StripeFake;
let t: TestServer;
let owner: Account;
let admin: Account;
let plans: Record<string, SubscriptionPlan>;
type Account = Awaited<ReturnType<typeof quickUser>>;
const signer = new Stripe('sk_test_x');

beforeAll(async () => {
  fake = await startStripeFake();
  t = await startServer({
    stripeSecretKey: 'sk_test_portal',
    stripePublishableKey: 'pk_test_portal',
    stripeWebhookSecret: SECRET,
    stripeApi: { host: '127.0.0.1', port: fake.port, protocol: 'http' },
  });
  [owner, admin] = await Promise.all(['stowner', 'stadmin'].map((n) => quickUser(t, n)));
  await t.server.app.ctx.storage.knex('users').where({ _id: admin.user._id }).update({ isAdmin: true });
  const list = await call(t.url, 'GET', '/subscriptionPlans?$paginate=false');
  plans = Object.fromEntries(list.body.map((p: SubscriptionPlan) => [p.name, p]));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

let macs = 0;
async function paidOrder(plan = 'Premium monthly') {
  const mac = `AA:BB:CC:20:00:${(++macs).toString(16).padStart(2, '0').toUpperCase()}`;
  const s = await newStation(t, owner.token, { consoletype: 10, mac });
  const o = await call(t.url, 'POST', '/orders', {
    token: owner.token,
    body: { subscriptionPlan: plans[plan]._id, devices: [s._id] },
  });
  const start = await call(t.url, 'POST', '/payments', { token: owner.token, body: { order: o.body._id } });
  return {
    mac,
    order: o.body as Order,
    start: start.body,
    intent: fake.intents.get(start.body.order.paymentRef)!,
  };
}

function event(type: string, object: object, id = `evt_${Math.random().toString(36).slice(2)}`) {
  return JSON.stringify({ id, object: 'event', type, api_version: '2026-10-28.endive', data: { object } });
}
const sign = (payload: string, secret = SECRET) =>
  signer.webhooks.generateTestHeaderString({ payload, secret });
const webhook = (payload: string, signature?: string) =>
  fetch(`${t.url}/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body: payload,
  });
const planOf = async (mac: string) =>
  (await call(t.url, 'GET', `/deviceSubscriptionPlan?mac=${mac}&$limit=1`, { token: owner.token })).body
    .data[0];

describe('Stripe provider', () => {
  test('starting a payment makes one PaymentIntent per order and hands the browser its client secret', async () => {
    const { order, start, intent } = await paidOrder();
    expect(order.provider).toBe('stripe');
    expect(start).toMatchObject({
      provider: 'stripe',
      testMode: true,
      publishableKey: 'pk_test_portal',
      clientSecret: intent.client_secret,
    });
    expect(intent).toMatchObject({
      amount: 299,
      currency: 'usd',
      metadata: { order: order._id, user: owner.user._id },
    });
    const create = fake.requests.find(
      (r) => r.path === '/v1/payment_intents' && r.body['metadata[order]'] === order._id,
    );
    expect(create).toMatchObject({ idempotencyKey: `order-${order._id}`, auth: 'Bearer sk_test_portal' });
    expect(create?.body['automatic_payment_methods[enabled]']).toBe('true');
    // Opening the page again resumes the same intent.
    const again = await call(t.url, 'POST', '/payments', { token: owner.token, body: { order: order._id } });
    expect(again.body.clientSecret).toBe(intent.client_secret);
    expect([...fake.intents.values()].filter((i) => i.metadata.order === order._id)).toHaveLength(1);
    // Card numbers never go to this server with Stripe.
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
    const refused = await call(t.url, 'POST', '/payments', {
      token: owner.token,
      body: { order: order._id, card },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data.code).toBe('cardOnProvider');
  });

  test('the check after the redirect asks Stripe: only a succeeded intent settles the order', async () => {
    const { order, intent, mac } = await paidOrder();
    const check = () =>
      call(t.url, 'POST', '/payments', { token: owner.token, body: { order: order._id, check: true } });
    expect((await check()).body.order.status).toBe('pending');
    intent.last_payment_error = { message: 'Your card was declined.' };
    expect((await check()).body.order).toMatchObject({
      status: 'pending',
      lastError: 'Your card was declined.',
    });
    Object.assign(intent, { status: 'succeeded', amount_received: 299, last_payment_error: null });
    expect((await check()).body.order).toMatchObject({ status: 'done', paymentRef: intent.id });
    expect(await planOf(mac)).toMatchObject({ active: true });
  });

  test('a signed payment_intent.succeeded marks the order done; a replayed event grants once', async () => {
    const { order, intent, mac } = await paidOrder();
    Object.assign(intent, { status: 'succeeded', amount_received: 299 });
    const payload = event('payment_intent.succeeded', intent, 'evt_paid_1');
    const first = await webhook(payload, sign(payload));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    const got = await call(t.url, 'GET', `/orders/${order._id}`, { token: owner.token });
    expect(got.body).toMatchObject({ status: 'done', paidAt: expect.any(Number) });
    const granted = await planOf(mac);
    expect(granted).toMatchObject({ active: true });

    // The same event again (Stripe retries; an attacker replays a captured body): applied once.
    const replay = await webhook(payload, sign(payload));
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    // The same payment under another event id: the order is already done, nothing is granted again.
    const other = event('payment_intent.succeeded', intent, 'evt_paid_2');
    expect((await webhook(other, sign(other))).status).toBe(200);
    const after = await planOf(mac);
    expect(after.end).toBe(granted.end);
    const rows = await t.server.app.ctx.storage.knex('deviceSubscriptionPlans').where({ mac });
    expect(rows).toHaveLength(1);
  });

  test('a payment that lands after the order timed out is still honoured (the money was taken)', async () => {
    const { order, intent, mac } = await paidOrder();
    await t.server.app.ctx.storage
      .knex('orders')
      .where({ _id: order._id })
      .update({ expiresAt: Date.now() - 1 });
    expect((await call(t.url, 'GET', `/orders/${order._id}`, { token: owner.token })).body.status).toBe(
      'cancelled',
    );
    // The expiry asked Stripe to cancel the intent; the buyer's confirmation won the race.
    expect(fake.requests.some((r) => r.path === `/v1/payment_intents/${intent.id}/cancel`)).toBe(true);
    const late = event('payment_intent.succeeded', { ...intent, status: 'succeeded', amount_received: 299 });
    expect((await webhook(late, sign(late))).status).toBe(200);
    expect((await call(t.url, 'GET', `/orders/${order._id}`, { token: owner.token })).body.status).toBe(
      'done',
    );
    expect(await planOf(mac)).toMatchObject({ active: true });
  });

  test('bad, missing or foreign signatures are rejected and change nothing', async () => {
    const { order, intent } = await paidOrder();
    const paid = { ...intent, status: 'succeeded', amount_received: 299 };
    const payload = event('payment_intent.succeeded', paid);
    const cases: [string | undefined, string][] = [
      [undefined, 'no signature'],
      [sign(payload, 'whsec_someone_else'), 'another secret'],
      [sign(payload).replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`), 'forged'],
      [`t=${Math.floor(Date.now() / 1000) - 3600},${sign(payload).split(',')[1]}`, 'old timestamp'],
    ];
    for (const [signature, why] of cases) {
      const res = await webhook(payload, signature);
      expect(res.status, why).toBe(400);
      expect((await res.json()).message, why).toMatch(/^Webhook signature/);
    }
    // A body changed after signing.
    const tampered = payload.replace('"amount_received":299', '"amount_received":1');
    expect((await webhook(tampered, sign(payload))).status).toBe(400);
    expect((await call(t.url, 'GET', `/orders/${order._id}`, { token: owner.token })).body.status).toBe(
      'pending',
    );
  });

  test('an amount that differs from the order puts it in error; failed payments keep it payable', async () => {
    const { order, intent } = await paidOrder();
    const failed = event('payment_intent.payment_failed', {
      ...intent,
      last_payment_error: { message: 'Your card has insufficient funds.' },
    });
    await webhook(failed, sign(failed));
    expect((await call(t.url, 'GET', `/orders/${order._id}`, { token: owner.token })).body).toMatchObject({
      status: 'pending',
      lastError: 'Your card has insufficient funds.',
    });
    const short = event('payment_intent.succeeded', { ...intent, status: 'succeeded', amount_received: 100 });
    await webhook(short, sign(short));
    const got = await call(t.url, 'GET', `/orders/${order._id}`, { token: owner.token });
    expect(got.body).toMatchObject({ status: 'error', lastError: expect.stringContaining('Paid 100 USD') });
  });

  test('an admin refund goes through Stripe once; a charge.refunded event from the dashboard refunds too', async () => {
    const a = await paidOrder();
    Object.assign(a.intent, { status: 'succeeded', amount_received: 299 });
    const paid = event('payment_intent.succeeded', a.intent);
    await webhook(paid, sign(paid));
    const refunded = await call(t.url, 'PATCH', `/orders/${a.order._id}`, {
      token: admin.token,
      body: { status: 'refunded' },
    });
    expect(refunded.body).toMatchObject({ status: 'refunded', refundRef: expect.stringMatching(/^re_fake/) });
    expect(fake.refunds.filter((r) => r.payment_intent === a.intent.id)).toEqual([
      expect.objectContaining({ amount: 299 }),
    ]);
    expect(await planOf(a.mac)).toBeUndefined();

    const b = await paidOrder();
    Object.assign(b.intent, { status: 'succeeded', amount_received: 299 });
    const paidB = event('payment_intent.succeeded', b.intent);
    await webhook(paidB, sign(paidB));
    const charge = event('charge.refunded', {
      id: 'ch_1',
      object: 'charge',
      payment_intent: b.intent.id,
      metadata: {},
    });
    expect((await webhook(charge, sign(charge))).status).toBe(200);
    expect((await call(t.url, 'GET', `/orders/${b.order._id}`, { token: owner.token })).body.status).toBe(
      'refunded',
    );
    expect(fake.refunds.filter((r) => r.payment_intent === b.intent.id)).toHaveLength(0);
  });

  test('Stripe unreachable: a clear 502, the order stays payable', async () => {
    const s = await newStation(t, owner.token, { consoletype: 10, mac: 'AA:BB:CC:20:FF:01' });
    const o = await call(t.url, 'POST', '/orders', {
      token: owner.token,
      body: { subscriptionPlan: plans['Premium monthly']._id, devices: [s._id] },
    });
    await fake.close();
    const res = await call(t.url, 'POST', '/payments', { token: owner.token, body: { order: o.body._id } });
    expect(res.status).toBe(502);
    expect(res.body.data.code).toBe('paymentProviderFailed');
    fake = await startStripeFake(); // afterAll closes it
  });
});
