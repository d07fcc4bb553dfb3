// Account limits count in memory, or in shared counters; when those fail, the process's own count still limits.
import { describe, expect, test, vi } from 'vitest';
import { AccountLimiter, type SharedCounters } from './rate-limit';

describe('AccountLimiter', () => {
  test('in memory: blocks at the limit, a reset clears it, keys are separate', async () => {
    const limiter = new AccountLimiter('t', 2, 60_000);
    await limiter.hit('a');
    expect(await limiter.allowed('a')).toBe(true);
    await limiter.hit('a');
    expect(await limiter.allowed('a')).toBe(false);
    expect(await limiter.allowed('b')).toBe(true);
    await limiter.reset('a');
    expect(await limiter.allowed('a')).toBe(true);
  });

  test('shared counters decide when there are some', async () => {
    const counts = new Map<string, number>();
    const shared: SharedCounters = {
      count: async (k) => counts.get(k) ?? 0,
      add: async (k) => void counts.set(k, (counts.get(k) ?? 0) + 1),
      clear: async (k) => void counts.delete(k),
      close: async () => {},
    };
    const one = new AccountLimiter('t', 2, 60_000, shared);
    const other = new AccountLimiter('t', 2, 60_000, shared); // another process
    await one.hit('a');
    await other.hit('a');
    expect(await one.allowed('a')).toBe(false);
    expect(await other.allowed('a')).toBe(false);
  });

  test('when Redis fails, the process still limits on its own count and answers', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const down = new Error('connection refused');
    const broken: SharedCounters = {
      count: () => Promise.reject(down),
      add: () => Promise.reject(down),
      clear: () => Promise.reject(down),
      close: async () => {},
    };
    const limiter = new AccountLimiter('t', 2, 60_000, broken);
    await limiter.hit('a');
    expect(await limiter.allowed('a')).toBe(true);
    await limiter.hit('a');
    expect(await limiter.allowed('a')).toBe(false);
    expect(error).toHaveBeenCalledTimes(1); // logged once a minute, not on every call
    error.mockRestore();
  });
});
