// How orders read on screen: status labels (spec §4: done is "Completed", error is the support text), plan
// periods, and the order's stations.
import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { Order, SubscriptionPlan } from '../../domain/contract';
import type { OrderStatus } from '../../domain/orders';

const STATUS = {
  pending: msg`Pending`,
  done: msg`Completed`,
  cancelled: msg`Cancelled`,
  refunded: msg`Refunded`,
  error: msg`Error Occuried. please contact support.`,
} as const;

export const statusText = (s: OrderStatus) => i18n._(STATUS[s]);

/** "1 month", "12 months", "Never expires". */
export function periodText(months: number): string {
  if (months === 0) return i18n._(msg`Never expires`);
  return plural(months, { one: '# month', other: '# months' });
}

export function planSummary(plan: Pick<SubscriptionPlan, 'months' | 'storeDays'>): string {
  const days = new Intl.NumberFormat(i18n.locale).format(plan.storeDays);
  return i18n._(msg`${periodText(plan.months)} · ${days} days of 5-minute history`);
}

export const stationNames = (o: Order) => o.devices.map((d) => d.name).join(', ');
