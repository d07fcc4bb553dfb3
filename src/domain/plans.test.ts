import { describe, expect, it } from 'vitest';
import { DEVICE_TYPES } from './deviceTypeDefs';
import { DEFAULT_PLANS, SUBSCRIPTION_TYPES } from './plans';

describe('default plans', () => {
  it('are for the device types that need a subscription', () => {
    expect(SUBSCRIPTION_TYPES).toEqual([7, 10, 11, 12, 13]);
    for (const id of SUBSCRIPTION_TYPES) expect(DEVICE_TYPES[id].needsSubscription).toBe(true);
    for (const plan of DEFAULT_PLANS) expect(plan.deviceTypes).toEqual(SUBSCRIPTION_TYPES);
  });

  it('start with a free plan, name each plan once and price in whole cents', () => {
    expect(DEFAULT_PLANS[0]).toMatchObject({ name: 'Free', price: 0, months: 0 });
    expect(new Set(DEFAULT_PLANS.map((p) => p.name)).size).toBe(DEFAULT_PLANS.length);
    for (const p of DEFAULT_PLANS) {
      expect(Number.isInteger(p.price) && p.price >= 0).toBe(true);
      expect(p.storeDays).toBeGreaterThan(0);
      expect(p.features.length).toBeGreaterThan(0);
    }
  });
});
