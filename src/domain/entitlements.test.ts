import { describe, expect, it } from 'vitest';
import { combine, entitlementOf, FEATURES, FREE_ACCOUNT, planEntitlement } from './entitlements';
import { DEFAULT_PLANS } from './plans';

describe('entitlements (issue #22: plans say what they give)', () => {
  it('buying never lowers what one has: each number is the most of the free account and the plans', () => {
    expect(entitlementOf([])).toEqual(FREE_ACCOUNT);
    expect(entitlementOf([{ maxDevices: 5, storeDays: 366 }])).toEqual({
      stations: FREE_ACCOUNT.stations,
      storeDays: 366,
      features: [...FEATURES],
    });
    expect(entitlementOf([{ maxDevices: 1, storeDays: 7 }]).storeDays).toBe(FREE_ACCOUNT.storeDays);
    expect(combine({ stations: 50, storeDays: 3650, features: [] }).stations).toBe(50);
  });

  it('the offered plans promise nothing every account has not got, and no less history than the free account', () => {
    for (const plan of DEFAULT_PLANS) {
      expect(plan.storeDays, plan.name).toBeGreaterThanOrEqual(FREE_ACCOUNT.storeDays);
      expect(plan.features.join(' '), plan.name).not.toMatch(/alert|export/i);
      expect(entitlementOf([plan]).storeDays).toBe(plan.storeDays);
    }
  });
});

describe('features (mutation survivors, issue 30)', () => {
  it('a plan gives every feature; combining keeps every feature any one gives', () => {
    expect(planEntitlement({ maxDevices: 3, storeDays: 30 })).toEqual({
      stations: 3,
      storeDays: 30,
      features: ['live', 'alerts', 'export'],
    });
    expect(combine({ stations: 50, storeDays: 3650, features: [] }).features).toEqual([
      'live',
      'alerts',
      'export',
    ]);
  });
});
