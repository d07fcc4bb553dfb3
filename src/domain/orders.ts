// Orders (spec §3 Order, §4 Order status): a plan bought for one or more devices. The server alone moves an order
// out of pending; the texts of the statuses are the spec's. An unpaid order lives ORDER_TTL_MS, then it is dead
// (spec §4: "the user must then create a new order").

export const ORDER_STATUSES = ['pending', 'done', 'cancelled', 'refunded', 'error'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How long an order may be paid after it was made (spec §9: "the order time-out length is not shown"). */
export const ORDER_TTL_MS = 30 * 60_000;

/** Spec §8, verbatim (its spelling too). */
export const ORDER_ERROR_TEXT = 'Error Occuried. please contact support.';
export const ORDER_GONE_TITLE = 'Error Occuried';
export const ORDER_GONE_TEXT =
  'The order cannot be found or the order has expired. Please create a new order.';

/** Devices one order may cover. */
export const MAX_ORDER_DEVICES = 20;

/** Who may move an order from one status to another (admins through the orders service, the server on payment). */
export const ORDER_TRANSITIONS: Record<OrderStatus, OrderStatus[]> = {
  pending: ['done', 'cancelled', 'error'],
  done: ['refunded', 'error'],
  cancelled: ['done'], // a payment that succeeded after the order timed out is still honoured
  refunded: [],
  error: ['done', 'refunded', 'cancelled'],
};

export const canMove = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to);

/** Milliseconds left to pay (0 once dead); a paid or closed order has none. */
export function msLeft(order: { status: OrderStatus; expiresAt: number }, now = Date.now()): number {
  return order.status === 'pending' ? Math.max(0, order.expiresAt - now) : 0;
}

/** Whether the order can still be paid. */
export const payable = (order: { status: OrderStatus; expiresAt: number }, now = Date.now()) =>
  msLeft(order, now) > 0;

/** mm:ss for the countdown. */
export function countdownText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
