// Plans, orders and payments (issue #14): the published plans and the user's orders are kept in Dexie settings
// (`plans`, `orders`), so the screens show them offline as last known; an order's changes arrive as the buyer's
// live `orders patched` events. Creating, paying and removing are online only. When an order is paid, the last
// data of its stations is loaded again: the dashboard shows what the plan unlocked.
import { ApiError } from '../src/bridge/errors';
import { devicePlanKey, getSetting, SETTING, setSetting } from '../src/db/settings';
import type { Order, PaymentStart, SubscriptionPlan } from '../src/domain/contract';
import { SERVICES } from '../src/domain/contract';
import { coded, ERRORS, errorCodeOf } from '../src/domain/errors';
import type { Connection } from './connection';
import type { Sync } from './sync';
import { asList } from './util';

export interface OrdersDeps {
  conn: Connection;
  sync: Sync;
}

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

const listening = new WeakSet<object>();

/** Keeps an order in the stored list (newest first); a paid one reloads its stations' data. */
async function keep(deps: OrdersDeps, order: Order): Promise<Order> {
  const { db } = deps.conn;
  const list = (await getSetting(db, SETTING.orders)) ?? [];
  const before = list.find((o) => o._id === order._id);
  const next = [order, ...list.filter((o) => o._id !== order._id)].sort((a, b) => b.createdAt - a.createdAt);
  await setSetting(db, SETTING.orders, next);
  if (order.status !== before?.status && (order.status === 'done' || order.status === 'refunded'))
    for (const d of order.devices) {
      await setSetting(db, devicePlanKey(d._id), undefined);
      deps.sync.loadLastData(d._id).catch(() => undefined);
    }
  return order;
}

function listen(deps: OrdersDeps): void {
  const app = deps.conn.app as unknown as object;
  if (listening.has(app)) return;
  listening.add(app);
  const service = deps.conn.app.service(SERVICES.orders);
  service.on('patched', (o: Order) => void keep(deps, o).catch(() => {}));
  service.on('created', (o: Order) => void keep(deps, o).catch(() => {}));
}

/** Runs a load; offline (the socket is down) what is stored stays. The call waits for a socket still connecting. */
async function whenOnline(conn: Connection, load: () => Promise<void>): Promise<void> {
  try {
    await load();
  } catch (e) {
    if (errorCodeOf(e) === 'offline' || !conn.connected) return;
    throw e;
  }
}

/** The published plans into settings.plans (offline: what is stored stays). */
export function loadPlans(deps: OrdersDeps): Promise<void> {
  return whenOnline(deps.conn, async () => {
    const plans = asList(
      await deps.conn.find(SERVICES.subscriptionPlans, { $paginate: false, $sort: { order: 1 } }),
    ) as SubscriptionPlan[];
    await setSetting(deps.conn.db, SETTING.plans, plans);
  });
}

/** The user's orders (newest 100) into settings.orders. */
export function loadOrders(deps: OrdersDeps): Promise<void> {
  return whenOnline(deps.conn, async () => {
    const orders = asList(
      await deps.conn.find(SERVICES.orders, { $limit: 100, $sort: { createdAt: -1 } }),
    ) as Order[];
    listen(deps);
    await setSetting(deps.conn.db, SETTING.orders, orders);
  });
}

/** One order into the stored list; rejects with the spec's 'order cannot be found' when it is not there. */
export async function loadOrder(deps: OrdersDeps, id: string): Promise<Order> {
  const [order] = asList(await deps.conn.find(SERVICES.orders, { _id: id, $limit: 1 })) as Order[];
  if (!order) throw new ApiError(ERRORS.orderGone, 404, 'NotFound', coded('orderGone'));
  listen(deps);
  return keep(deps, order);
}

export async function createOrder(deps: OrdersDeps, plan: string, devices: string[]): Promise<Order> {
  await deps.conn.whenConnected();
  listen(deps);
  return keep(deps, await deps.conn.create(SERVICES.orders, { subscriptionPlan: plan, devices }));
}

/** Starts (or resumes) paying: the provider and, for Stripe, the client secret and publishable key. */
export async function startPayment(deps: OrdersDeps, order: string): Promise<PaymentStart> {
  const start = await deps.conn.create(SERVICES.payments, { order });
  await keep(deps, start.order);
  return start;
}

/** Sandbox: pays with a test card; rejects with the decline (the order stays payable). */
export async function payWithCard(deps: OrdersDeps, order: string, card: CardDetails): Promise<Order> {
  await deps.conn.whenConnected();
  try {
    return keep(deps, (await deps.conn.create(SERVICES.payments, { order, card })).order);
  } finally {
    // The decline is recorded on the order (lastError): show it on the list too.
    void loadOrder(deps, order).catch(() => undefined);
  }
}

/** After the provider's redirect: the server asks the provider and answers the order as it now stands. */
export async function checkPayment(deps: OrdersDeps, order: string): Promise<Order> {
  listen(deps);
  return keep(deps, (await deps.conn.create(SERVICES.payments, { order, check: true })).order);
}

export async function removeOrder(deps: OrdersDeps, id: string): Promise<void> {
  await deps.conn.remove(SERVICES.orders, id);
  const list = (await getSetting(deps.conn.db, SETTING.orders)) ?? [];
  await setSetting(
    deps.conn.db,
    SETTING.orders,
    list.filter((o) => o._id !== id),
  );
}
