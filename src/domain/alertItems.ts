// What an alert rule can watch, declared once for the Alert page (src/pages/alert/alertItems.ts) and the server's
// rule check (server/alerts/rules.ts): they disagreed on batteries (the page left them out, the server took them).

import type { MetricDef } from './types';
import { UNIT_TYPES } from './unitTypes';

/** The triggers of spec §9 that are not a metric compared with a threshold. */
export const LOST_DATA = 'lostData';
export const LOST_LINK = 'lostLink';
export const BARO_DROP = 'baroDrop';
export const TRIGGERS: ReadonlySet<string> = new Set([LOST_DATA, LOST_LINK, BARO_DROP]);

/** True when a metric can be an alert's item (compared above/below a value: src/domain/unitTypes.ts). */
export const isThresholdMetric = (def: MetricDef | undefined): def is MetricDef =>
  def !== undefined && UNIT_TYPES[def.unitType].threshold;
