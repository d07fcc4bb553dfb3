import { describe, expect, test } from 'vitest';
import { CONNECT_GRACE_MS, linkState } from './useLink';

describe('link state', () => {
  test('offline as soon as the browser is, even while the socket has not noticed yet', () => {
    expect(linkState(true, false, 60_000)).toBe('offline');
    expect(linkState(true, true, 60_000)).toBe('online');
  });
  test('a socket still connecting right after start is "connecting", later "offline"', () => {
    expect(linkState(false, true, 1000)).toBe('connecting');
    expect(linkState(false, true, CONNECT_GRACE_MS + 1)).toBe('offline');
  });
});
