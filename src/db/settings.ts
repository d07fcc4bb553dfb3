// The Dexie `settings` key/value table: its keys (SETTING), what each holds (SettingValues) and typed access.
// The page, the data worker and the service worker all read and write it, so the keys live with the table.
// Types from workers/api are imports of types only (ARCHITECTURE §3: src may use the worker's comlink types).
import type { AccountInfo, ConnectionState, DevicePlanView, WeatherServerView } from '../../workers/api';
import type { PortalError } from '../api/errors';
import type { UnitPrefs } from '../domain';
import type { Order, SubscriptionPlan } from '../domain/contract';
import type { AuthRecord } from './authStorage';
import type { OutboxRow, PortalDb } from './schema';

/** Well-known keys of the `settings` table. */
export const SETTING = {
  auth: 'auth',
  connection: 'connection',
  units: 'units',
  locale: 'locale',
  lastViewDevice: 'lastViewDevice',
  lastUserId: 'lastUserId',
  publicDevices: 'publicDevices',
  metricsHash: 'metricsHash',
  deviceOrder: 'deviceOrder',
  manageMode: 'manageMode',
  outboxError: 'outboxError',
  account: 'account',
  avatar: 'avatar',
  weatherServerPrefix: 'weatherServer:',
  devicePlanPrefix: 'devicePlan:',
  plans: 'plans',
  orders: 'orders',
} as const;

/** The last edit the server refused for good (dropped from the outbox), for the page to tell the user. */
export type OutboxError = Pick<OutboxRow, 'id' | 'service' | 'method'> & PortalError & { at: number };

/** What each key holds. */
export interface SettingValues {
  auth: AuthRecord;
  connection: ConnectionState;
  /** Unit preferences (missing fields: DEFAULT_UNIT_PREFS). */
  units: Partial<UnitPrefs>;
  locale: string;
  /** Device _id shown on the dashboard. */
  lastViewDevice: string;
  /** The user signed in last (a different one clears the previous user's data). */
  lastUserId: string;
  /** Ids of public devices the user keeps. */
  publicDevices: string[];
  metricsHash: string;
  /** Device ids in the server's order (owned, shared, public). */
  deviceOrder: string[];
  /** Watch all devices (device management screen). */
  manageMode: boolean;
  outboxError: OutboxError;
  /** The last users/me answer (Account page offline). */
  account: AccountInfo;
  /** The user's picture as a data URL. */
  avatar: string;
  /** Per device: the Weather Server page's view (offline). */
  [key: `weatherServer:${string}`]: WeatherServerView;
  /** Per device: the plan of a paid device type (edit screen, offline). */
  [key: `devicePlan:${string}`]: DevicePlanView;
  /** The published subscription plans (issue #14). */
  plans: SubscriptionPlan[];
  /** The user's orders, newest first. */
  orders: Order[];
}

export type SettingKey = keyof SettingValues;

export const weatherServerKey = (device: string) => `${SETTING.weatherServerPrefix}${device}` as const;
export const devicePlanKey = (device: string) => `${SETTING.devicePlanPrefix}${device}` as const;

export async function getSetting<K extends SettingKey>(
  db: PortalDb,
  key: K,
): Promise<SettingValues[K] | undefined> {
  return (await db.settings.get(key))?.value as SettingValues[K] | undefined;
}

/** Stores `value`; undefined removes the key. */
export async function setSetting<K extends SettingKey>(
  db: PortalDb,
  key: K,
  value: SettingValues[K] | undefined,
): Promise<void> {
  if (value === undefined) await db.settings.delete(key);
  else await db.settings.put({ key, value });
}
