// How orders read on screen: status labels (spec §4: done is "Completed", error is the support text), plan
// periods, and the order's stations.
import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { Order, SubscriptionPlan } from '../../domain/contract';
import { entitlementOf } from '../../domain/entitlements';
import type { OrderStatus } from '../../domain/orders';

const STATUS = {
  pending: msg({ message: 'Pending', context: 'order status' }),
  done: msg`Completed`,
  cancelled: msg`Cancelled`,
  refunded: msg`Refunded`,
  error: msg`Error Occuried. please contact support.`,
} as const;

export const statusText = (s: OrderStatus) => i18n._(STATUS[s]);

/** "1 month", "6 months", "1 year", "2 years", "Never expires" (counts of 2 and more as "Months: n" where a
 * language's plural forms would need more than one text: the catalogs hold one text per message). */
export function periodText(months: number): string {
  if (months === 0) return i18n._(msg`Never expires`);
  if (months === 1) return i18n._(msg`1 month`);
  if (months === 12) return i18n._(msg`1 year`);
  if (months % 12 === 0) {
    const years = months / 12;
    return i18n._(msg`Years: ${years}`);
  }
  return i18n._(msg`Months: ${months}`);
}

export function planSummary(plan: Pick<SubscriptionPlan, 'months' | 'storeDays' | 'maxDevices'>): string {
  // What one has with the plan (src/domain/entitlements.ts): never less history than the free account keeps.
  const days = entitlementOf([plan]).storeDays;
  const period = periodText(plan.months);
  return i18n._(
    msg`${period} · ${plural(days, { one: '# day of 5-minute history', other: '# days of 5-minute history' })}`,
  );
}

export const stationNames = (o: Order) => o.devices.map((d) => d.name).join(', ');
