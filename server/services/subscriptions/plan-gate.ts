// Paid device types (spec §3: types 7, 10, 11, 12 and 13 need a subscription): whether a device's readings may be
// served, and how long its 5-minute data is kept. A device of such a type needs an active plan period bound to it
// whose deviceTypes include its type; every data path (REST, socket events, export, forecast, the public page)
// asks here. A period is bound to the station it was ordered for (`device`); one without a station (an admin's
// grant by MAC) only to the station that claimed the MAC (macAuth): a stranger's station registered with the
// same MAC, or the buyer's other stations with it, get nothing from it (issue #20). Answers are cached a few seconds per MAC (live samples ask on every upload); a grant or a
// refund on this process forgets the MAC at once, other processes see it when their entry runs out.
import type { Knex } from 'knex';
import { entitlementOf } from '../../../src/domain/entitlements';
import {
  coveringPeriods,
  periodOf,
  readingsAllowed,
  needsPlan as typeNeedsPlan,
} from '../../../src/domain/planGate';

const TTL_MS = 5_000;

/** An active (or future) period of a plan on a MAC: what the gate needs of it. */
interface Period {
  /** The station it was bought for; null: the station that claimed the MAC. */
  device: string | null;
  start: number;
  end: number | null;
  deviceTypes: number[];
  storeDays: number;
  maxDevices: number;
  name: string;
}

export interface GatedDevice {
  _id: string;
  consoletype: number;
  mac?: string | null;
  macAuth?: boolean | number | null;
}

export const needsPlan = (device: GatedDevice) => typeNeedsPlan(device.consoletype);

export class PlanGate {
  private cache = new Map<string, { until: number; periods: Promise<Period[]> }>();

  constructor(private knex: Knex) {}

  /** Whether the device's readings may be served (always, for a type that needs no plan). */
  async allows(device: GatedDevice, now = Date.now()): Promise<boolean> {
    if (!needsPlan(device) || !device.mac) return readingsAllowed(device, [], now);
    return readingsAllowed(device, (await this.periods(device.mac, now)).filter(periodOf(device)), now);
  }

  /** The active periods covering this device's type (newest end first; none for a type without plans). */
  async activePlans(device: GatedDevice, now = Date.now()): Promise<Period[]> {
    if (!device.mac) return [];
    return coveringPeriods(
      device.consoletype,
      (await this.periods(device.mac, now)).filter(periodOf(device)),
      now,
    );
  }

  /**
   * Days of 5-minute data the device keeps: its entitlement with its active plans (src/domain/entitlements.ts:
   * a plan may lengthen the free account's period, never shorten it); null: no plan (the default applies).
   */
  async storeDays(device: GatedDevice, now = Date.now()): Promise<number | null> {
    const active = await this.activePlans(device, now);
    return active.length > 0 ? entitlementOf(active).storeDays : null;
  }

  /** Forgets what is known of a MAC (after a grant or refund). */
  forget(mac: string): void {
    this.cache.delete(mac);
  }

  private periods(mac: string, now: number): Promise<Period[]> {
    const hit = this.cache.get(mac);
    if (hit && hit.until > now) return hit.periods;
    const periods = this.load(mac);
    this.cache.set(mac, { until: now + TTL_MS, periods });
    periods.catch(() => this.cache.delete(mac));
    if (this.cache.size > 10_000) this.cache.clear();
    return periods;
  }

  private async load(mac: string): Promise<Period[]> {
    const rows = await this.knex('deviceSubscriptionPlans as d')
      .join('subscriptionPlans as p', 'p._id', 'd.subscriptionPlan')
      .where('d.mac', mac)
      .select('d.device', 'd.start', 'd.end', 'p.deviceTypes', 'p.storeDays', 'p.maxDevices', 'p.name');
    return rows
      .map((r: Record<string, unknown>) => ({
        device: typeof r.device === 'string' ? r.device : null,
        start: Number(r.start),
        end: r.end === null ? null : Number(r.end),
        deviceTypes: JSON.parse(String(r.deviceTypes)) as number[],
        storeDays: Number(r.storeDays),
        maxDevices: Number(r.maxDevices),
        name: String(r.name),
      }))
      .sort((a, b) => (b.end ?? Number.POSITIVE_INFINITY) - (a.end ?? Number.POSITIVE_INFINITY));
  }
}
