// Paid device types (spec §3: types 7, 10, 11, 12 and 13 need a subscription): a device's readings are served
// only while an active period of a plan covering its type is on its console's MAC. The server (plan-gate.ts) and
// the mocks decide with this one rule.
import { SUBSCRIPTION_TYPES } from './plans';
import { isActive } from './subscriptionPeriods';

/** A plan period on a MAC, with what its plan covers. */
export interface PlanPeriod {
  /** The station it was ordered for; null/absent: the station that claimed the MAC (macAuth). */
  device?: string | null;
  start: number;
  end: number | null;
  deviceTypes: number[];
}

export const needsPlan = (consoletype: number) => SUBSCRIPTION_TYPES.includes(consoletype);

/**
 * Whether a period on the device's MAC is the device's own (issue #20): bound to the station it was ordered for,
 * or, without one (an admin's grant by MAC), to the station that claimed the MAC. Never to another station that
 * merely carries the same MAC.
 */
export const periodOf =
  (device: { _id: string; macAuth?: boolean | number | null }) =>
  (period: { device?: string | null }): boolean =>
    period.device ? period.device === device._id : Boolean(device.macAuth);

/** The periods that count for this device type now. */
export function coveringPeriods<T extends PlanPeriod>(
  consoletype: number,
  periods: T[],
  now = Date.now(),
): T[] {
  return periods.filter((p) => isActive(p, now) && p.deviceTypes.includes(consoletype));
}

/** Whether the device's readings may be served. */
export function readingsAllowed(
  device: { consoletype: number; mac?: string | null },
  periods: PlanPeriod[],
  now = Date.now(),
): boolean {
  if (!needsPlan(device.consoletype)) return true;
  return !!device.mac && coveringPeriods(device.consoletype, periods, now).length > 0;
}
