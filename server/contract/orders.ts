// Contract: paid device types (issue #14) withhold their readings until a plan is paid; orders and payments
// with the sandbox provider (no Stripe keys on the test server): create, test cards, the buyer's list, remove.
import { describe, expect, test } from 'vitest';
import { call } from '../testing/server';
import type { Contract } from './context';

const id = expect.stringMatching(/^[0-9a-f]{24}$/);

export function ordersContract(c: Contract): void {
  describe('orders and paid device types', () => {
    const post = (path: string, body: unknown, token = c.owner.token) =>
      call(c.b.base, 'POST', path, { token, body });
    const card = (number: string) => ({
      number,
      expMonth: 12,
      expYear: new Date().getFullYear() + 2,
      cvc: '123',
    });

    test('a paid type shows nothing until its order is paid with the test card', async () => {
      const mac = 'AA:BB:CC:EE:14:01';
      const station = await c.b.createStation(c.owner.token, { name: 'Air', consoletype: 7, mac });
      await c.b.upload(station, { tempc0: 20, humc0: 40 });
      const locked = await c.get(`/weatherDevices/lastData?device=${station._id}`, c.owner);
      expect(locked.status).toBe(402);
      expect(locked.body).toMatchObject({
        name: 'PaymentError',
        code: 402,
        message: 'This station needs a subscription plan to show its data',
        data: { code: 'planRequired', device: station._id, consoletype: 7 },
      });
      const batch = await c.get(`/weatherMetrics/batchLastData?devices[0]=${station._id}`, c.owner);
      expect(batch.body[1]).toEqual([]);

      const plans = (await c.get('/subscriptionPlans?$paginate=false')).body as {
        _id: string;
        name: string;
      }[];
      const monthly = plans.find((p) => p.name === 'Premium monthly')!;
      const made = await post('/orders', { subscriptionPlan: monthly._id, devices: [station._id] });
      expect(made.status).toBe(201);
      expect(made.body).toEqual({
        _id: id,
        user: c.owner.user._id,
        subscriptionPlan: monthly._id,
        plan: { name: 'Premium monthly', months: 1, storeDays: 366 },
        devices: [{ _id: station._id, name: 'Air', mac, consoletype: 7 }],
        unitPrice: 299,
        total: 299,
        currency: 'USD',
        status: 'pending',
        provider: 'sandbox',
        paymentRef: null,
        refundRef: null,
        lastError: null,
        expiresAt: made.body.createdAt + 30 * 60_000,
        paidAt: null,
        refundedAt: null,
        createdAt: expect.any(Number),
        updatedAt: expect.any(Number),
      });
      const order = made.body._id as string;
      expect((await c.get(`/orders/${order}`, c.stranger)).status).toBe(404);

      const start = await post('/payments', { order });
      expect(start.status).toBe(201);
      expect(start.body).toMatchObject({
        provider: 'sandbox',
        testMode: true,
        order: { paymentRef: expect.any(String) },
      });
      const invalid = await post('/payments', { order, card: card('4242424242424241') });
      expect(invalid.status).toBe(400);
      expect(invalid.body.data).toMatchObject({ code: 'cardNumberInvalid', field: 'number' });
      const declined = await post('/payments', { order, card: card('4000000000000002') });
      expect(declined.status).toBe(402);
      expect(declined.body).toMatchObject({
        message: 'Your card was declined.',
        data: { code: 'cardDeclined' },
      });
      const paid = await post('/payments', { order, card: card('4242424242424242') });
      expect(paid.status).toBe(201);
      expect(paid.body.order).toMatchObject({ status: 'done', paidAt: expect.any(Number), lastError: null });

      const open = await c.get(`/weatherDevices/lastData?device=${station._id}`, c.owner);
      expect(open.status).toBe(200);
      expect(open.body.last).toMatchObject({ tempc0: 20 });
      const again = await post('/payments', { order, card: card('4242424242424242') });
      expect(again.status).toBe(404);
      expect(again.body.data.code).toBe('orderGone');

      const list = await c.get('/orders', c.owner);
      expect(list.body).toMatchObject({ total: 1, limit: 10, skip: 0 });
      expect(list.body.data[0]).toMatchObject({ _id: order, status: 'done' });
      expect((await c.get('/orders', c.stranger)).body).toEqual({ total: 0, limit: 10, skip: 0, data: [] });
      const removed = await call(c.b.base, 'DELETE', `/orders/${order}`, { token: c.owner.token });
      expect(removed.status).toBe(200);
      expect((await c.get('/orders', c.owner)).body.total).toBe(0);
      expect((await c.get(`/orders/${order}`, c.owner)).status).toBe(404);
    });

    test('bad orders: the plan, the stations, the MAC and the type are checked', async () => {
      const plain = await c.b.createStation(c.owner.token, { name: 'Plain', mac: 'AA:BB:CC:EE:14:02' });
      const noMac = await c.b.createStation(c.owner.token, { name: 'No MAC', consoletype: 10 });
      const plans = (await c.get('/subscriptionPlans?$paginate=false')).body as {
        _id: string;
        name: string;
      }[];
      const monthly = plans.find((p) => p.name === 'Premium monthly')!._id;
      const cases: [unknown, number, string][] = [
        [{ devices: [plain._id] }, 400, 'planUnknown'],
        [{ subscriptionPlan: monthly, devices: [] }, 400, 'orderDevices'],
        [{ subscriptionPlan: monthly, devices: [noMac._id] }, 400, 'orderMacMissing'],
        [{ subscriptionPlan: monthly, devices: [plain._id] }, 400, 'orderTypeNotCovered'],
      ];
      for (const [body, status, code] of cases) {
        const res = await post('/orders', body);
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect(res.body.data.code).toBe(code);
      }
      expect(
        (await post('/orders', { subscriptionPlan: monthly, devices: [plain._id] }, c.stranger.token)).status,
      ).toBe(404);
      expect((await call(c.b.base, 'GET', '/orders')).status).toBe(401);
    });
  });
}
