import { describe, expect, test } from 'vitest';
import { addMonths, isActive } from './subscriptionPeriods';

describe('subscription periods', () => {
  test('addMonths keeps the day, or the month’s last day when it has fewer', () => {
    expect(addMonths(Date.UTC(2024, 0, 31, 12), 1)).toBe(Date.UTC(2024, 1, 29, 12));
    expect(addMonths(Date.UTC(2024, 10, 15), 3)).toBe(Date.UTC(2025, 1, 15));
    expect(addMonths(Date.UTC(2024, 0, 31), 120)).toBe(Date.UTC(2034, 0, 31));
  });

  test('active = started and not ended; end null is permanent', () => {
    expect(isActive({ start: 10, end: null }, 10)).toBe(true);
    expect(isActive({ start: 10, end: 20 }, 20)).toBe(false);
    expect(isActive({ start: 10, end: 20 }, 9)).toBe(false);
  });
});
