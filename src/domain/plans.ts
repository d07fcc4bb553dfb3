// The plans a new installation offers (seeded once by migration 006 on the server, served as they are by the
// mocks; admins edit them afterwards). Prices are in cents; months 0 = permanent (spec §9: never expires);
// storeDays is how long 5-minute data is kept (the account's "data log store period"). What a plan says it gives
// agrees with src/domain/entitlements.ts: alerts and exports are every account's, and no plan keeps less history
// than the free account (a year).
import { DEVICE_TYPES } from './deviceTypeDefs';
import { PLAN_WORDS as W } from './words/plans';

/** Device types that need a subscription (spec §3): the types marked so in deviceTypeDefs.ts. */
export const SUBSCRIPTION_TYPES: number[] = DEVICE_TYPES.filter((t) => t.needsSubscription).map((t) => t.id);

/** A plan as seeded: the offered fields of a SubscriptionPlan (contract.ts), its features as texts. */
export interface PlanSeed {
  name: string;
  description: string;
  price: number;
  currency: string;
  months: number;
  maxDevices: number;
  /** Days 5-minute data is kept (the account's "data log store period"). */
  storeDays: number;
  /** Console types the plan is for. */
  deviceTypes: number[];
  features: string[];
}

export const DEFAULT_PLANS: PlanSeed[] = [
  {
    name: W.free.message,
    description: W.freeText.message,
    price: 0,
    currency: 'USD',
    months: 0,
    maxDevices: 1,
    storeDays: 365,
    deviceTypes: SUBSCRIPTION_TYPES,
    features: [W.live.message, W.yearHistory.message],
  },
  {
    name: W.monthly.message,
    description: W.monthlyText.message,
    price: 299,
    currency: 'USD',
    months: 1,
    maxDevices: 5,
    storeDays: 366,
    deviceTypes: SUBSCRIPTION_TYPES,
    features: [W.live.message, W.yearHistory.message, W.fiveStations.message],
  },
  {
    name: W.yearly.message,
    description: W.yearlyText.message,
    price: 2990,
    currency: 'USD',
    months: 12,
    maxDevices: 5,
    storeDays: 366,
    deviceTypes: SUBSCRIPTION_TYPES,
    features: [W.live.message, W.yearHistory.message, W.fiveStations.message],
  },
  {
    name: W.lifetime.message,
    description: W.lifetimeText.message,
    price: 9900,
    currency: 'USD',
    months: 0,
    maxDevices: 5,
    storeDays: 3650,
    deviceTypes: SUBSCRIPTION_TYPES,
    features: [W.live.message, W.tenYearsHistory.message, W.fiveStations.message],
  },
];
