// Plans, orders and payments (workers/orders.ts).
import * as orders from '../orders';
import type { Runtime } from '../runtime';
import type { Handlers } from './handlers';

const deps = (rt: Runtime): orders.OrdersDeps => ({ conn: rt.conn, sync: rt.sync });

export const orderHandlers = {
  loadPlans: (rt) => orders.loadPlans(deps(rt)),
  loadOrders: (rt) => orders.loadOrders(deps(rt)),
  loadOrder: (rt, id) => orders.loadOrder(deps(rt), id),
  createOrder: (rt, plan, devices) => orders.createOrder(deps(rt), plan, devices),
  startPayment: (rt, order) => orders.startPayment(deps(rt), order),
  payWithCard: (rt, order, card) => orders.payWithCard(deps(rt), order, card),
  checkPayment: (rt, order) => orders.checkPayment(deps(rt), order),
  removeOrder: (rt, id) => orders.removeOrder(deps(rt), id),
} satisfies Handlers<
  | 'loadPlans'
  | 'loadOrders'
  | 'loadOrder'
  | 'createOrder'
  | 'startPayment'
  | 'payWithCard'
  | 'checkPayment'
  | 'removeOrder'
>;
