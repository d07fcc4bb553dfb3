// The second an accepted value is written at (the HTTP paths are in server/ingest/qc.test.ts): its own when free,
// else the nearest later one in its 5-minute bucket, else an earlier one (the bucket's last second has no later).
import { expect, test } from 'vitest';
import { freeSecond } from './qc-flags';

test('an accepted value takes a free second of its own 5-minute bucket', () => {
  const start = 1_800_000_000 - (1_800_000_000 % 300);
  expect(freeSecond(start + 10, start, new Set())).toBe(start + 10);
  expect(freeSecond(start + 10, start, new Set([start + 10, start + 11]))).toBe(start + 12);
  expect(freeSecond(start + 299, start, new Set([start + 299]))).toBe(start + 298);
  const all = new Set(Array.from({ length: 300 }, (_, i) => start + i));
  expect(freeSecond(start + 5, start, all)).toBeNull();
});
