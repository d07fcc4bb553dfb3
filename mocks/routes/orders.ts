// orders and payments as the server answers them with its sandbox provider (server/services/orders/): the
// buyer's own orders newest first, create for a plan and stations the caller owns or shares (each with a MAC and
// a type the plan covers), remove = hide, and payments: start, pay with a test card (src/domain/card.ts rules
// and outcomes), check. Admins (issue #15) list every order on the generic list layer and move one between the
// statuses src/domain/orders.ts canMove allows; a refund has no provider to call here (the sandbox's refund
// reference is the server's).
import { http } from 'msw';
import { checkCard, sandboxOutcome } from '../../src/domain/card';
import type { Order, OrderDevice, PaymentStart } from '../../src/domain/contract';
import { ORDER_SHAPE } from '../../src/domain/listShapes';
import {
  canMove,
  MAX_ORDER_DEVICES,
  ORDER_STATUSES,
  ORDER_TTL_MS,
  type OrderStatus,
  payable,
} from '../../src/domain/orders';
import { adminCaller, readable, relation, required } from '../access';
import { type MockDb, objectId, type UserRow } from '../db';
import { answer, badRequest, codedError } from '../errors';
import { findAnswer, type MockList, ownerOf } from '../find';
import { listAnswer } from '../list';
import { bodyOf, created, json, queryOf } from '../respond';
import { readers } from '../validate';

const MAX_PENDING = 10;
const SERVED = ['$sort', '_id'];

/** orders for admins; the buyer populates as {_id, email, names}. */
const orderList = (db: MockDb): MockList => ({ ...ORDER_SHAPE, populate: { user: ownerOf(db) } });

/** The status an admin's patch asks for (orders.schema.ts statusInput). */
function statusOf(input: unknown): OrderStatus {
  const data = readers.asObject(input);
  for (const key of Object.keys(data))
    if (key !== 'status' && key !== '_id') throw badRequest(`${key} cannot be set`, { field: key });
  if (!ORDER_STATUSES.includes(data.status as OrderStatus))
    throw badRequest(`status must be one of ${ORDER_STATUSES.join(', ')}`, { field: 'status' });
  return data.status as OrderStatus;
}

/** An admin moves an order (orders.class.ts patch). */
function move(db: MockDb, order: Order, to: OrderStatus): void {
  if (order.status === to) return;
  if (!canMove(order.status, to)) throw codedError(409, 'orderStatusChange', { from: order.status, to });
  const now = Date.now();
  if (to === 'done') settle(db, order, order.paymentRef ?? `manual_${order._id}`);
  else if (to === 'refunded') Object.assign(order, { status: to, refundedAt: now, updatedAt: now });
  else Object.assign(order, { status: to, updatedAt: now });
}

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
  for (const d of order.devices) db.grantPlan(d.mac, order.subscriptionPlan, order.user, now, d._id);
}

export function orderRoutes(base: string, db: MockDb) {
  const path = `${base}/orders`;
  return [
    http.get(path, ({ request }) =>
      answer(() => {
        const me = required(db, request);
        expire(db);
        const query = queryOf(request);
        // Admins: every order (hidden ones too) through the generic list layer.
        if (me.isAdmin) return findAnswer(query, orderList(db), db.orders.map(present) as never[]);
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
    http.patch(`${path}/:id`, ({ request, params }) =>
      answer(async () => {
        const me = adminCaller(db, request);
        const to = statusOf(await bodyOf(request));
        const order = own(db, params.id, me);
        move(db, order, to);
        return json(present(order));
      }),
    ),
    http.delete(`${path}/:id`, ({ request, params }) =>
      answer(() => {
        const me = required(db, request);
        const order = own(db, params.id, me);
        if (me.adminType === 'editor' && order.user !== me._id) throw codedError(403, 'editorsCannot');
        if (order.status === 'pending') Object.assign(order, { status: 'cancelled', updatedAt: Date.now() });
        const answered = present({ ...order });
        // Admins delete someone else's unpaid order for good (editors may not); a paid one is kept.
        if (me.isAdmin && order.user !== me._id) {
          if (order.paidAt) throw codedError(409, 'orderPaidKept');
          db.orders.splice(db.orders.indexOf(order), 1);
          return json(answered);
        }
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
