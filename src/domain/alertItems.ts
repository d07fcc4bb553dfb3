// What an alert rule can watch, declared once for the Alert page (src/pages/alert/alertItems.ts) and the server's
// rule check (server/alerts/rules.ts): they disagreed on batteries (the page left them out, the server took them).

import type { MetricDef, UnitType } from './types';

/** The triggers of spec §9 that are not a metric compared with a threshold. */
export const LOST_DATA = 'lostData';
export const LOST_LINK = 'lostLink';
export const BARO_DROP = 'baroDrop';
export const TRIGGERS: ReadonlySet<string> = new Set([LOST_DATA, LOST_LINK, BARO_DROP]);

/**
 * Unit types no threshold makes sense for: pressure has its own drop trigger, states, times, words and directions
 * are not amounts, and a battery is a level badge (0–5 or a low flag), shown on the battery card.
 */
const NOT_A_THRESHOLD: ReadonlySet<UnitType> = new Set<UnitType>([
  'pressure',
  'state',
  'time',
  'none',
  'windDirection',
  'battery',
]);

/** True when a metric can be an alert's item (compared above/below a value). */
export const isThresholdMetric = (def: MetricDef | undefined): def is MetricDef =>
  def !== undefined && !NOT_A_THRESHOLD.has(def.unitType);
