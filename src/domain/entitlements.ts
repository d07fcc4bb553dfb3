// What an account may have (issue #22, "Plans say what they give"): stations, how long 5-minute history is kept,
// and features. One model read by the account page (users/me), the retention of each station's history (the
// server's gate), and the plan cards. Every account has the free entitlement; a plan adds to it and never takes
// anything away: buying only raises a number (the free account keeps a year of history; a plan's shorter store
// period does not shorten it).

/** What the portal offers to every account, and what a plan may add (none is withheld today). */
export const FEATURES = ['live', 'alerts', 'export'] as const;
export type Feature = (typeof FEATURES)[number];

export interface Entitlement {
  /** Stations the account may own. */
  stations: number;
  /** Days of 5-minute history kept. */
  storeDays: number;
  features: Feature[];
}

/** Every account, before and without any plan. */
export const FREE_ACCOUNT: Entitlement = {
  stations: 10,
  storeDays: 365,
  features: [...FEATURES],
};

/** What an active plan gives (its store period; the stations it covers count per order, not per account). */
export function planEntitlement(plan: { maxDevices: number; storeDays: number }): Entitlement {
  return { stations: plan.maxDevices, storeDays: plan.storeDays, features: [...FEATURES] };
}

/** What one has with all of these: the most of each, every feature of any (never less than the free account). */
export function combine(...entitlements: Entitlement[]): Entitlement {
  const all = [FREE_ACCOUNT, ...entitlements];
  return {
    stations: Math.max(...all.map((e) => e.stations)),
    storeDays: Math.max(...all.map((e) => e.storeDays)),
    features: FEATURES.filter((f) => all.some((e) => e.features.includes(f))),
  };
}

/** What an account (or a station) has with these active plans. */
export const entitlementOf = (plans: { maxDevices: number; storeDays: number }[]): Entitlement =>
  combine(...plans.map(planEntitlement));
