import { describe, expect, it } from 'vitest';
import { isDemoAccount } from './demo';

describe('isDemoAccount', () => {
  it('is the demo address in any case, nothing else', () => {
    expect(isDemoAccount({ email: 'demo@example.com' })).toBe(true);
    expect(isDemoAccount({ email: 'Demo@Example.COM' })).toBe(true);
    expect(isDemoAccount({ email: 'demo@example.org' })).toBe(false);
    expect(isDemoAccount({ email: ' demo@example.com' })).toBe(false);
    expect(isDemoAccount({ email: null })).toBe(false);
    expect(isDemoAccount({})).toBe(false);
    expect(isDemoAccount(null)).toBe(false);
    expect(isDemoAccount(undefined)).toBe(false);
  });
});
