// orders and payments as the server answers them with its sandbox provider (server/services/orders/): the
// buyer's own orders newest first, create for a plan and stations the caller owns or shares (each with a MAC and
// a type the plan covers), remove = hide, and payments: start, pay with a test card (src/domain/card.ts rules
// and outcomes), check. Admin status changes are the server's only.
import { http } from 'msw';
import { checkCard, sandboxOutcome } from '../../src/domain/card';
import type { Order, OrderDevice, PaymentStart } from '../../src/domain/contract';
import { MAX_ORDER_DEVICES, ORDER_TTL_MS, payable } from '../../src/domain/orders';
import { readable, relation, required } from '../access';
import { type MockDb, objectId, type UserRow } from '../db';
import { answer, badRequest, codedError } from '../errors';
import { listAnswer } from '../list';
import { bodyOf, created, json, queryOf } from '../respond';
import { readers } from '../validate';

const MAX_PENDING = 10;
const SERVED = ['$sort', '_id'];

const present = ({ hidden: _h, ...o }: Order & { hidden?: boolean }): Order => o;

/** Pending orders past their time are dead (cancelled). */
function expire(db: MockDb, now = Date.now()): void {
  for (const o of db.orders)
    if (o.status === 'pending' && o.expiresAt <= now)
      Object.assign(o, { status: 'cancelled', updatedAt: now });
}

function own(db: MockDb, id: unknown, me: UserRow): Order & { hidden?: boolean } {
  expire(db);
  const [orderId] = readers.idList([id], 'order');
  const order = db.orders.find((o) => o._id === orderId);
  if (!order || (order.user !== me._id && !me.isAdmin) || (order.hidden && !me.isAdmin))
    throw codedError(404, 'orderGone');
  return order;
}

function settle(db: MockDb, order: Order, ref: string): void {
  const now = Date.now();
  Object.assign(order, { status: 'done', paidAt: now, paymentRef: ref, lastError: null, updatedAt: now });
  for (const d of order.devices) db.grantPlan(d.mac, order.subscriptionPlan, order.user, now);
}

export function orderRoutes(base: string, db: MockDb) {
  const path = `${base}/orders`;
  return [
    http.get(path, ({ request }) =>
      answer(() => {
        const me = required(db, request);
        expire(db);
        const query = queryOf(request);
        const rows = db.orders
          .filter((o) => o.user === me._id && !o.hidden)
          .filter((o) => query._id === undefined || o._id === query._id)
          .sort((a, b) => b.createdAt - a.createdAt || b._id.localeCompare(a._id))
          .map(present);
        return listAnswer(query, rows, SERVED);
      }),
    ),
    http.get(`${path}/:id`, ({ request, params }) =>
      answer(() => json(present(own(db, params.id, required(db, request))))),
    ),
    http.post(path, ({ request }) =>
      answer(async () => {
        const me = required(db, request);
        const data = readers.asObject(await bodyOf(request));
        for (const key of Object.keys(data))
          if (key !== 'subscriptionPlan' && key !== 'devices')
            throw badRequest(`${key} cannot be set`, { field: key });
        if (!data.subscriptionPlan) throw codedError(400, 'planUnknown', { field: 'subscriptionPlan' });
        const planId = readers.id(data.subscriptionPlan, 'subscriptionPlan');
        const plan = db.subscriptionPlans.find((p) => p._id === planId && p.status === 'published');
        if (!plan) throw codedError(400, 'planUnknown', { field: 'subscriptionPlan' });
        const raw = Array.isArray(data.devices)
          ? data.devices
          : data.devices === undefined
            ? []
            : [data.devices];
        if (raw.length === 0 || raw.length > MAX_ORDER_DEVICES)
          throw codedError(400, 'orderDevices', { field: 'devices' });
        const ids = [...new Set(readers.idList(raw, 'devices'))];
        if (ids.length > plan.maxDevices)
          throw codedError(400, 'orderTooManyDevices', { field: 'devices', max: plan.maxDevices });
        expire(db);
        if (db.orders.filter((o) => o.user === me._id && o.status === 'pending').length >= MAX_PENDING)
          throw codedError(429, 'tooManyAttempts');
        const devices: OrderDevice[] = ids.map((id) => {
          const device = readable(db, id, me, 'devices');
          const r = relation(device, me);
          if (r !== 'owner' && r !== 'shared' && r !== 'admin') throw codedError(404, 'deviceNotFound');
          if (!device.mac) throw codedError(400, 'orderMacMissing', { field: 'devices', device: device._id });
          if (!plan.deviceTypes.includes(device.consoletype))
            throw codedError(400, 'orderTypeNotCovered', { field: 'devices', device: device._id });
          return { _id: device._id, name: device.name, mac: device.mac, consoletype: device.consoletype };
        });
        const now = Date.now();
        const total = plan.price * devices.length;
        const order: Order = {
          _id: objectId(now),
          user: me._id,
          subscriptionPlan: plan._id,
          plan: { name: plan.name, months: plan.months, storeDays: plan.storeDays },
          devices,
          unitPrice: plan.price,
          total,
          currency: plan.currency,
          status: 'pending',
          provider: total === 0 ? 'none' : 'sandbox',
          paymentRef: null,
          refundRef: null,
          lastError: null,
          expiresAt: now + ORDER_TTL_MS,
          paidAt: null,
          refundedAt: null,
          createdAt: now,
          updatedAt: now,
        };
        db.orders.push(order);
        if (total === 0) settle(db, order, `free_${order._id}`);
        return created(present(order));
      }),
    ),
    http.delete(`${path}/:id`, ({ request, params }) =>
      answer(() => {
        const order = own(db, params.id, required(db, request));
        if (order.status === 'pending') Object.assign(order, { status: 'cancelled', updatedAt: Date.now() });
        const answered = present({ ...order });
        order.hidden = true;
        return json(answered);
      }),
    ),
    http.post(`${base}/payments`, ({ request }) =>
      answer(async () => {
        const me = required(db, request);
        const data = readers.asObject(await bodyOf(request));
        for (const key of Object.keys(data))
          if (!['order', 'card', 'check'].includes(key))
            throw badRequest(`${key} cannot be set`, { field: key });
        const order = own(db, readers.id(data.order, 'order'), me);
        const answerOf = (o: Order): PaymentStart => ({
          order: present(o),
          provider: o.provider,
          testMode: true,
        });
        if (data.check === true) return created(answerOf(order));
        if (!payable(order)) throw codedError(404, 'orderGone');
        order.paymentRef ??= `sandbox_pi_${order._id}`;
        if (data.card === undefined) return created(answerOf(order));
        const card = readers.asObject(data.card, 'card');
        const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
        const input = {
          number: text(card.number),
          expMonth: Number(text(card.expMonth)),
          expYear: Number(text(card.expYear)),
          cvc: text(card.cvc),
        };
        const problems = checkCard(input);
        if (problems.length > 0)
          throw codedError(400, problems[0].code, { field: problems[0].field, problems });
        const outcome = sandboxOutcome(input.number);
        if (!outcome.ok) {
          Object.assign(order, { lastError: outcome.code, updatedAt: Date.now() });
          throw codedError(402, outcome.code, { field: 'card' });
        }
        settle(db, order, order.paymentRef);
        return created(answerOf(order));
      }),
    ),
  ];
}
