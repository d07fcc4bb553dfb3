// orders (issue #14; spec §3 Order, §4 Order status). A buyer creates an order for a plan and some of their
// stations (owned or shared with them, each with a MAC: plans follow the console) and sees their own; admins see
// and move all of them. Only server code marks an order paid (settle), from the provider's answer or its signed
// webhook: a status moves with a conditional UPDATE, so a payment reported twice (a replayed webhook, a check
// racing the webhook) grants the plan once. A pending order dies ORDER_TTL_MS after it was made: a sweep each
// minute (once per cluster) cancels it and tells its buyer's screens; reads sweep first too, so no screen ever
// shows a dead order as payable between two sweeps.
import { BadGateway, BadRequest, Conflict, NotFound, TooManyRequests } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import type { Order, OrderDevice } from '../../../src/domain/contract';
import { canMove, ORDER_TTL_MS, type OrderStatus } from '../../../src/domain/orders';
import { addMonths } from '../../../src/domain/subscriptionPeriods';
import { onceInCluster } from '../../cluster/leader';
import type { Application, AuthUser } from '../../declarations';
import { codedError } from '../../hooks/error-codes';
import { id as oneId } from '../../hooks/validate';
import { ProviderError } from '../../payments/provider';
import { objectId } from '../../storage/ids';
import { findList } from '../common/list-query';
import { relation } from '../devices/device-record';
import { ORDER_LIST, orderFromDb, orderInput, presentOrder, statusInput } from './orders.schema';

type P = Params & { user?: AuthUser };
type Rec = Record<string, unknown>;

const isAdmin = (params: P) => !params.provider || !!params.user?.isAdmin;

/** How often pending orders past their time are cancelled. */
const EXPIRY_SWEEP_MS = 60_000;

/** Pending orders one account may have at once. */
export const MAX_PENDING = 10;

/** What a payment reports: its reference at the provider and what was taken (cents, upper-case currency). */
export interface Settlement {
  ref: string;
  amount: number;
  currency: string;
}

export class OrdersService {
  private list = {
    ...ORDER_LIST,
    populate: {
      user: {
        field: 'user',
        load: async (ids: string[]) =>
          this.knex('users').whereIn('_id', ids).select('_id', 'email', 'firstName', 'lastName'),
      },
    },
  };

  private sweep: ReturnType<typeof setInterval> | null = null;

  constructor(private app: Application) {}

  async setup() {
    this.sweep = setInterval(
      () =>
        void onceInCluster(
          this.app.ctx.leader,
          () => this.expireDue(),
          (e) => {
            this.app.ctx.log.error('[orders] expiry sweep failed', e);
          },
        ),
      EXPIRY_SWEEP_MS,
    );
    this.sweep.unref();
  }

  async teardown() {
    if (this.sweep) clearInterval(this.sweep);
    this.sweep = null;
  }

  private get knex() {
    return this.app.ctx.storage.knex;
  }

  async find(params: P) {
    await this.expireDue();
    const admin = isAdmin(params);
    const user = params.user?._id;
    const result = await findList(this.knex, this.list, params.query ?? {}, (qb) => {
      if (!admin) qb.where({ user }).whereNull('hiddenAt');
    });
    return Array.isArray(result)
      ? result.map(presentOrder)
      : { ...result, data: result.data.map(presentOrder) };
  }

  async get(id: string, params: P): Promise<Order> {
    return presentOrder(await this.record(id, params));
  }

  async create(data: unknown, params: P): Promise<Order> {
    const input = orderInput(data);
    const buyer = params.user?._id;
    if (!buyer) throw new BadRequest('An order needs a buyer');
    // Unpaid orders die in 30 minutes; more than a few at once is a script, not a buyer.
    await this.expireDue();
    const open = await this.knex('orders')
      .where({ user: buyer, status: 'pending' })
      .count<{ n: number | string }[]>({ n: '*' });
    if (Number(open[0]?.n ?? 0) >= MAX_PENDING) throw codedError(TooManyRequests, 'tooManyAttempts');
    const plan = await this.knex('subscriptionPlans').where({ _id: input.subscriptionPlan }).first();
    if (!plan || (plan.status !== 'published' && params.provider))
      throw codedError(BadRequest, 'planUnknown', { field: 'subscriptionPlan' });
    const types = JSON.parse(plan.deviceTypes) as number[];
    if (input.devices.length > Number(plan.maxDevices))
      throw codedError(BadRequest, 'orderTooManyDevices', { field: 'devices', max: Number(plan.maxDevices) });
    const devices: OrderDevice[] = [];
    for (const deviceId of input.devices) {
      const device = await this.app.ctx.devices.get(deviceId);
      const r = device ? relation(device, params.user) : null;
      if (!device || (r !== 'owner' && r !== 'shared' && !(r === 'admin' && params.user)))
        throw codedError(NotFound, 'deviceNotFound', { field: 'devices' });
      if (!device.mac)
        throw codedError(BadRequest, 'orderMacMissing', { field: 'devices', device: device._id });
      if (!types.includes(device.consoletype))
        throw codedError(BadRequest, 'orderTypeNotCovered', { field: 'devices', device: device._id });
      devices.push({ _id: device._id, name: device.name, mac: device.mac, consoletype: device.consoletype });
    }
    const now = Date.now();
    const unitPrice = Number(plan.price);
    const total = unitPrice * devices.length;
    const row = {
      _id: objectId(now),
      user: buyer,
      subscriptionPlan: plan._id,
      plan: JSON.stringify({
        name: plan.name,
        months: Number(plan.months),
        storeDays: Number(plan.storeDays),
      }),
      devices: JSON.stringify(devices),
      unitPrice,
      total,
      currency: plan.currency,
      status: 'pending',
      provider: total === 0 ? 'none' : this.app.ctx.payments.name,
      grants: '[]',
      expiresAt: now + ORDER_TTL_MS,
      createdAt: now,
      updatedAt: now,
    };
    await this.knex('orders').insert(row);
    // Nothing to pay (a free plan): done at once.
    if (total === 0)
      return this.settle(row._id, { ref: `free_${row._id}`, amount: 0, currency: plan.currency });
    return this.get(row._id, params);
  }

  /** Admins move an order (spec §4 statuses): refunded gives the payment back through the provider. */
  async patch(id: string, data: unknown, params: P): Promise<Order> {
    const to = statusInput(data);
    const order = presentOrder(await this.record(id, params));
    if (order.status === to) return order;
    if (!canMove(order.status, to))
      throw codedError(Conflict, 'orderStatusChange', { from: order.status, to });
    if (to === 'refunded') return this.refund(order._id);
    if (to === 'done')
      return this.settle(
        order._id,
        { ref: order.paymentRef ?? `manual_${order._id}`, amount: order.total, currency: order.currency },
        true,
      );
    if (to === 'cancelled' && order.paymentRef) await this.app.ctx.payments.cancel(order.paymentRef);
    return this.move(order._id, [order.status], { status: to });
  }

  /**
   * A buyer removes an order from their list (a pending one is cancelled first); it is kept for the records.
   * Admins delete unpaid orders for good; a paid one stays (refund it instead).
   */
  async remove(id: string, params: P): Promise<Order> {
    const order = presentOrder(await this.record(id, params));
    if (order.status === 'pending') {
      if (order.paymentRef) await this.app.ctx.payments.cancel(order.paymentRef);
      await this.move(order._id, ['pending'], { status: 'cancelled' }).catch(() => undefined);
    }
    if (params.provider && params.user?.isAdmin && order.user !== params.user._id) {
      if (order.paidAt) throw codedError(Conflict, 'orderPaidKept');
      await this.knex('orders').where({ _id: order._id }).delete();
    } else await this.knex('orders').where({ _id: order._id }).update({ hiddenAt: Date.now() });
    return order;
  }

  /**
   * Marks an order paid and grants its plan to each of its devices, once: only the call that moves it from
   * pending (or cancelled/error: money taken after the order timed out is honoured) grants. A payment whose
   * amount or currency differs from the order's puts it in error. `manual`: an admin's decision.
   */
  async settle(id: string, paid: Settlement, manual = false): Promise<Order> {
    const current = orderFromDb(await this.row(id)) as unknown as Order & { grants: string[] };
    if (!manual && (paid.amount !== current.total || paid.currency.toUpperCase() !== current.currency)) {
      return this.move(id, ['pending', 'cancelled'], {
        status: 'error',
        lastError: `Paid ${paid.amount} ${paid.currency} for an order of ${current.total} ${current.currency}`,
        paymentRef: paid.ref,
      }).catch(() => this.get(id, {}));
    }
    const now = Date.now();
    const moved = await this.knex('orders')
      .where({ _id: id })
      .whereIn('status', ['pending', 'cancelled', 'error'])
      .update({ status: 'done', paidAt: now, paymentRef: paid.ref, lastError: null, updatedAt: now });
    if (moved !== 1) return this.get(id, {});
    try {
      const grants: string[] = [];
      const plans = this.app.service('deviceSubscriptionPlan');
      for (const device of current.devices) {
        grants.push(
          (await plans.grant(device.mac, current.subscriptionPlan, current.user, now, device._id))._id,
        );
      }
      await this.knex('orders')
        .where({ _id: id })
        .update({ grants: JSON.stringify(grants) });
    } catch (e) {
      await this.knex('orders')
        .where({ _id: id })
        .update({ status: 'error', lastError: `Granting the plan failed: ${(e as Error).message}` });
    }
    return this.changed(id);
  }

  /** Records a declined payment: the order stays payable until it expires. */
  async declined(id: string, message: string): Promise<Order> {
    await this.knex('orders')
      .where({ _id: id, status: 'pending' })
      .update({ lastError: message, updatedAt: Date.now() });
    return this.changed(id);
  }

  /**
   * Gives a paid order's money back through the provider (when it was not refunded there already) and takes
   * back the periods it granted: a plan's months come off the end (a permanent plan ends now).
   */
  async refund(id: string, atProvider = true): Promise<Order> {
    const order = orderFromDb(await this.row(id)) as unknown as Order & { grants: string[] };
    if (order.status === 'refunded') return presentOrder(order as unknown as Rec);
    if (!canMove(order.status, 'refunded') || !order.paidAt) throw codedError(Conflict, 'orderStatusChange');
    let refundRef: string | null = null;
    if (atProvider && order.provider !== 'none') {
      if (!order.paymentRef) throw codedError(Conflict, 'orderNoPayment');
      try {
        refundRef = (await this.app.ctx.payments.refund(order.paymentRef, order.total)).ref;
      } catch (e) {
        if (e instanceof ProviderError)
          throw codedError(BadGateway, 'paymentProviderFailed', { detail: e.message });
        throw e;
      }
    }
    const now = Date.now();
    const moved = await this.knex('orders')
      .where({ _id: id })
      .whereIn('status', ['done', 'error'])
      .update({ status: 'refunded', refundedAt: now, refundRef, updatedAt: now });
    if (moved === 1) await this.takeBack(order, now);
    return this.changed(id);
  }

  /** Pending orders past their time are dead: cancelled (their payment, if one was started, is stopped). */
  async expireDue(now = Date.now()): Promise<void> {
    const due = await this.knex('orders')
      .where({ status: 'pending' })
      .where('expiresAt', '<=', now)
      .select('_id', 'paymentRef');
    for (const row of due) {
      const moved = await this.knex('orders')
        .where({ _id: row._id, status: 'pending' })
        .update({ status: 'cancelled', updatedAt: now });
      if (moved !== 1) continue;
      if (row.paymentRef) await this.app.ctx.payments.cancel(row.paymentRef);
      await this.changed(row._id as string);
    }
  }

  /** The order by its payment reference, or by id. */
  async byPayment(ref: string | null, id: string | null): Promise<Order | null> {
    const row =
      (ref ? await this.knex('orders').where({ paymentRef: ref }).first() : null) ??
      (id && /^[0-9a-f]{24}$/.test(id) ? await this.knex('orders').where({ _id: id }).first() : null);
    return row ? presentOrder(orderFromDb(row)) : null;
  }

  /** Stores the provider's payment reference once a payment starts. */
  async started(id: string, ref: string): Promise<void> {
    await this.knex('orders')
      .where({ _id: id })
      .whereNull('paymentRef')
      .update({ paymentRef: ref, updatedAt: Date.now() });
  }

  private async takeBack(order: Order & { grants: string[] }, now: number): Promise<void> {
    for (const grantId of order.grants ?? []) {
      const period = await this.knex('deviceSubscriptionPlans').where({ _id: grantId }).first();
      if (!period) continue;
      const start = Number(period.start);
      const end =
        period.end === null || order.plan.months === 0
          ? now
          : addMonths(Number(period.end), -order.plan.months);
      if (end <= start) await this.knex('deviceSubscriptionPlans').where({ _id: grantId }).delete();
      else await this.knex('deviceSubscriptionPlans').where({ _id: grantId }).update({ end, updatedAt: now });
      this.app.ctx.plans.forget(period.mac);
    }
  }

  private async move(id: string, from: OrderStatus[], fields: Rec): Promise<Order> {
    const moved = await this.knex('orders')
      .where({ _id: id })
      .whereIn('status', from)
      .update({ ...fields, updatedAt: Date.now() });
    if (moved !== 1) throw codedError(Conflict, 'orderStatusChange');
    return this.changed(id);
  }

  /** The order after a change, sent to its buyer's sockets. */
  private async changed(id: string): Promise<Order> {
    const order = presentOrder(orderFromDb(await this.row(id)));
    this.app.service('orders').emit('patched', order);
    return order;
  }

  private async row(id: string): Promise<Rec> {
    const row = await this.knex('orders').where({ _id: id }).first();
    if (!row) throw codedError(NotFound, 'orderGone');
    return row;
  }

  /** The order if the caller may see it (their own and not removed; admins any); 404 with the spec text otherwise. */
  private async record(id: string, params: P): Promise<Rec> {
    await this.expireDue();
    const row = await this.knex('orders')
      .where({ _id: oneId(id) })
      .first();
    const mine = row && row.user === params.user?._id && row.hiddenAt === null;
    if (!row || !(isAdmin(params) || mine)) throw codedError(NotFound, 'orderGone');
    return orderFromDb(row);
  }
}
