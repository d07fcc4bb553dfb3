// The plans a new installation offers (seeded once by migration 006; admins edit them afterwards). Prices are in
// cents; months 0 = permanent (spec §9: never expires); storeDays is how long 5-minute data is kept (the
// account's "data log store period"). Device types 7, 10, 11, 12 and 13 need a subscription (spec §3).
import type { SubscriptionPlan } from '../../../src/api/contract';

export const SUBSCRIPTION_TYPES = [7, 10, 11, 12, 13];

/** A plan as seeded: the offered fields of `SubscriptionPlan`, its features as plain texts. */
export type PlanSeed = Pick<
  SubscriptionPlan,
  'name' | 'description' | 'price' | 'currency' | 'months' | 'maxDevices' | 'storeDays' | 'deviceTypes'
> & { features: string[] };

export const DEFAULT_PLANS: PlanSeed[] = [
  {
    name: 'Free',
    description: 'Live data and a week of history for one station.',
    price: 0,
    currency: 'USD',
    months: 0,
    maxDevices: 1,
    storeDays: 7,
    deviceTypes: SUBSCRIPTION_TYPES,
    features: ['Live data', '7 days of 5-minute history'],
  },
  {
    name: 'Premium monthly',
    description: 'A year of detailed history, alerts and exports, billed monthly.',
    price: 299,
    currency: 'USD',
    months: 1,
    maxDevices: 5,
    storeDays: 366,
    deviceTypes: SUBSCRIPTION_TYPES,
    features: ['Live data', '1 year of 5-minute history', 'E-mail and push alerts', 'CSV and Excel export'],
  },
  {
    name: 'Premium yearly',
    description: 'Premium for a year at the price of ten months.',
    price: 2990,
    currency: 'USD',
    months: 12,
    maxDevices: 5,
    storeDays: 366,
    deviceTypes: SUBSCRIPTION_TYPES,
    features: ['Live data', '1 year of 5-minute history', 'E-mail and push alerts', 'CSV and Excel export'],
  },
  {
    name: 'Lifetime',
    description: 'Premium that never expires.',
    price: 9900,
    currency: 'USD',
    months: 0,
    maxDevices: 5,
    storeDays: 3650,
    deviceTypes: SUBSCRIPTION_TYPES,
    features: ['Live data', '10 years of 5-minute history', 'E-mail and push alerts', 'CSV and Excel export'],
  },
];
