// The mocks' in-memory store: users (with their tokens and mailed codes), stations, samples (one row per
// upload, folded into 5-minute, hourly and daily buckets on read), display settings, alert settings, alerts.
// Tests seed it directly (seedUser, seedStation, seedSamples) or through the handlers (sign-up, create).

import type {
  AlertRule as ContractAlertRule,
  Device,
  DisplaySettings,
  Order,
  SubscriptionPlan,
  UploadTarget,
  User,
} from '../src/domain/contract';
import { deriveMissing } from '../src/domain/formulas';
import type { InvitationRow } from '../src/domain/invitationRecord';
import { DEFAULT_PLANS } from '../src/domain/plans';
import { addMonths } from '../src/domain/subscriptionPeriods';
import { DEFAULT_TIME_ZONE } from '../src/domain/timeZones';
import type { Sample } from '../src/domain/types';
import { cleanSample } from '../src/domain/validate';

export interface UserRow extends User {
  password: string;
  verifyCode: string | null;
}

/** A stored station: the station key and unmapped fields go to the owner only. */
export interface DeviceRow extends Device {
  stationKey: string;
  unmapped: Record<string, string>;
}

export interface DisplaySettingsRow extends DisplaySettings {
  _id: string;
  user: string;
}

/** A stored rule: the service's rule with its id (src/domain/contract.ts). */
export type AlertRule = ContractAlertRule & { _id: string };

export interface AlertSettingsRow {
  _id: string;
  weatherDevice: string;
  user: string;
  settings: AlertRule[];
  disableAll: boolean;
}

export interface AlertRow {
  _id: string;
  device: string;
  user: string;
  item: string;
  sensor: string | null;
  status: 'active' | 'hidden' | 'cleared';
  lastTrigger: number;
  value: number | null;
  unit: string | null;
  message: string;
}

/** A device's plan as stored (times in Unix ms, end null = permanent). */
export interface DevicePlanRow {
  _id: string;
  mac: string;
  /** The station it was ordered for; null: the station that claimed the MAC. */
  device: string | null;
  user: string;
  subscriptionPlan: string;
  start: number;
  end: number | null;
  createdAt: number;
  updatedAt: number;
}

let counter = Math.floor(Math.random() * 0xffffff);

/** A 24-hex id, time-ordered like the server's. */
export function objectId(now = Date.now()): string {
  counter = (counter + 1) % 0xffffff;
  const time = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0');
  const random = Math.floor(Math.random() * 0xffffffffff)
    .toString(16)
    .padStart(10, '0');
  return time + random + counter.toString(16).padStart(6, '0');
}

const pick = (alphabet: string, length: number) =>
  Array.from({ length }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
export const newStationId = () => pick('abcdefghjkmnpqrstuvwxyz23456789', 10);
export const newStationKey = () => pick('ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789', 16);
export const newCode = () => String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');

export interface SeedUser {
  email?: string;
  password?: string;
  firstName?: string;
  verified?: boolean;
  isAdmin?: boolean;
}

export class MockDb {
  users = new Map<string, UserRow>();
  /** Bearer token → user id. */
  tokens = new Map<string, string>();
  devices = new Map<string, DeviceRow>();
  /** Per device, time-sorted rows as uploaded (base units). */
  samples = new Map<string, Sample[]>();
  displaySettings: DisplaySettingsRow[] = [];
  alertSettings: AlertSettingsRow[] = [];
  alerts: AlertRow[] = [];
  /** The server's default plans, published (migration 006). */
  subscriptionPlans: SubscriptionPlan[] = defaultPlans();
  devicePlans: DevicePlanRow[] = [];
  invitations: InvitationRow[] = [];
  /** Upload targets (issue #17), keys in clear as the server stores them. */
  uploadTargets: UploadTarget[] = [];
  /** Orders (issue #14); `hidden`: removed from the buyer's list, kept for the records. */
  orders: (Order & { hidden?: boolean })[] = [];
  /** Mails "sent" (verification codes), newest last. */
  mail: { to: string; subject: string }[] = [];
  private seeded = 0;

  reset(): void {
    this.users.clear();
    this.tokens.clear();
    this.devices.clear();
    this.samples.clear();
    this.displaySettings = [];
    this.alertSettings = [];
    this.alerts = [];
    this.subscriptionPlans = defaultPlans();
    this.devicePlans = [];
    this.invitations = [];
    this.uploadTargets = [];
    this.orders = [];
    this.mail = [];
  }

  /** As the server's grant(): extends an active period of the same plan, else starts one now. */
  grantPlan(
    mac: string,
    planId: string,
    user: string,
    now = Date.now(),
    device: string | null = null,
  ): DevicePlanRow {
    const plan = this.subscriptionPlans.find((p) => p._id === planId);
    if (!plan) throw new Error(`no plan ${planId}`);
    const current = this.devicePlans
      .filter((r) => r.mac === mac && r.device === device && r.subscriptionPlan === planId && r.start <= now)
      .filter((r) => r.end === null || r.end > now)
      .sort((a, b) => (b.end ?? Number.POSITIVE_INFINITY) - (a.end ?? Number.POSITIVE_INFINITY))[0];
    if (current) {
      current.end = plan.months === 0 || current.end === null ? null : addMonths(current.end, plan.months);
      current.updatedAt = now;
      return current;
    }
    const row: DevicePlanRow = {
      _id: objectId(now),
      mac,
      device,
      user,
      subscriptionPlan: planId,
      start: now,
      end: plan.months === 0 ? null : addMonths(now, plan.months),
      createdAt: now,
      updatedAt: now,
    };
    this.devicePlans.push(row);
    return row;
  }

  userByEmail(email: string): UserRow | undefined {
    return [...this.users.values()].find((u) => u.email === email.toLowerCase());
  }

  /** A token for the user, as POST /authentication gives one. */
  issueToken(userId: string): string {
    const token = `mock.${userId}.${Math.random().toString(36).slice(2)}`;
    this.tokens.set(token, userId);
    return token;
  }

  /** The code last mailed to an address (sign-up, resend). */
  lastCode(email: string): string {
    const mail = [...this.mail].reverse().find((m) => m.to === email.toLowerCase());
    const code = mail?.subject.match(/(\d{6})/)?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }

  /** A user (verified unless told otherwise) and a token for them. */
  seedUser(input: SeedUser = {}): { user: UserRow; token: string } {
    const n = ++this.seeded;
    const now = Date.now();
    const user: UserRow = {
      _id: objectId(now),
      email: (input.email ?? `mock${n}-${now}@example.com`).toLowerCase(),
      verified: input.verified ?? true,
      firstName: input.firstName ?? '',
      lastName: '',
      temperatureUnit: 'C',
      displaySetting: {},
      createdAt: new Date(now).toISOString(),
      ...(input.isAdmin ? { isAdmin: true } : {}),
      password: input.password ?? 'correct horse battery',
      verifyCode: null,
    };
    this.users.set(user._id, user);
    return { user, token: this.issueToken(user._id) };
  }

  /** A station of `owner` with defaults as the server's create gives them. */
  seedStation(owner: string | { _id: string }, data: Partial<Device> = {}): DeviceRow {
    const now = Date.now();
    const device: DeviceRow = {
      _id: objectId(now),
      wsid: newStationId(),
      name: 'Garden',
      user: typeof owner === 'string' ? owner : owner._id,
      shareUsers: [],
      consoletype: 0,
      timezone: DEFAULT_TIME_ZONE,
      mac: null,
      macAuth: false,
      latitude: null,
      longitude: null,
      elevation: null,
      channelNameMapping: [],
      shareMode: 'private',
      order: 0,
      lastUpload: null,
      lastMinMaxReset: null,
      // The server sends these as epoch milliseconds (contract.ts types them as strings).
      createdAt: now as unknown as string,
      updatedAt: now as unknown as string,
      ...data,
      stationKey: data.stationKey ?? newStationKey(),
      unmapped: {},
    } as DeviceRow;
    this.devices.set(device._id, device);
    return device;
  }

  /**
   * Uploads as the ingest stores them: values cleaned (out of range → null) and the derived values the
   * console did not send (dew point, heat index, wind chill, feels-like) filled in, unless `derive` is false.
   * A second row at the same time is ignored, as on the server.
   */
  seedSamples(
    device: string | { _id: string },
    rows: { time: number; [key: string]: number | null }[],
    { derive = true } = {},
  ): void {
    const id = typeof device === 'string' ? device : device._id;
    const list = this.samples.get(id) ?? [];
    for (const { time, ...values } of rows) {
      if (list.some((r) => r.time === time)) continue;
      const clean = cleanSample(values);
      list.push({ time, ...(derive ? deriveMissing(clean) : clean) } as Sample);
    }
    list.sort((a, b) => a.time - b.time);
    this.samples.set(id, list);
    const stored = this.devices.get(id);
    const newest = list.at(-1)?.time;
    if (stored && newest !== undefined && (stored.lastUpload ?? 0) < newest) stored.lastUpload = newest;
  }

  /** An alert as the engine raises it (active, for one user of a station). */
  seedAlert(alert: Partial<AlertRow> & { device: string; user: string; item: string }): AlertRow {
    const row: AlertRow = {
      _id: objectId(),
      sensor: null,
      status: 'active',
      lastTrigger: Math.floor(Date.now() / 1000),
      value: null,
      unit: null,
      message: `${alert.item} alert`,
      ...alert,
    };
    this.alerts.push(row);
    return row;
  }
}

function defaultPlans(): SubscriptionPlan[] {
  const now = Date.now();
  return DEFAULT_PLANS.map((p, order) => ({
    _id: objectId(now),
    ...p,
    features: p.features.map((text) => ({ _id: objectId(now), text })),
    status: 'published',
    order,
    createdAt: now,
    updatedAt: now,
  }));
}

/** The store the default handlers serve. */
export const db = new MockDb();
