import { describe, expect, test } from 'vitest';
import { retryAfterSeconds } from './http';

describe('Retry-After', () => {
  test('delta seconds or an HTTP date; anything else is unknown', () => {
    expect(retryAfterSeconds('120')).toBe(120);
    expect(retryAfterSeconds(' 5 ')).toBe(5);
    const now = Date.parse('2026-11-27T02:00:00Z');
    expect(retryAfterSeconds('Fri, 27 Nov 2026 02:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds('Fri, 27 Nov 2026 01:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('soon')).toBeNull();
    expect(retryAfterSeconds(undefined)).toBeNull();
  });
});
