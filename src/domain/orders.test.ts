import { expect, test } from 'vitest';
import { canMove, countdownText, msLeft, ORDER_TTL_MS, payable } from './orders';

test('an order can be paid until it expires; the countdown reads mm:ss', () => {
  const order = { status: 'pending' as const, expiresAt: 1_000_000 + ORDER_TTL_MS };
  expect(msLeft(order, 1_000_000)).toBe(ORDER_TTL_MS);
  expect(countdownText(msLeft(order, 1_000_000))).toBe('30:00');
  expect(countdownText(61_001)).toBe('01:02');
  expect(payable(order, order.expiresAt - 1)).toBe(true);
  expect(payable(order, order.expiresAt)).toBe(false);
  expect(msLeft({ ...order, status: 'done' }, 0)).toBe(0);
});

test('status moves: paid orders refund, closed ones stay closed, a late payment is still honoured', () => {
  expect(canMove('pending', 'done')).toBe(true);
  expect(canMove('done', 'refunded')).toBe(true);
  expect(canMove('cancelled', 'done')).toBe(true);
  expect(canMove('refunded', 'done')).toBe(false);
  expect(canMove('done', 'pending')).toBe(false);
});
