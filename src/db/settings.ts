// The Dexie `settings` key/value table: its keys (SETTING), what each holds (SettingValues) and typed access.
// The page, the data worker and the service worker all read and write it, so the keys live with the table.
import type { PortalError } from '../bridge/errors';
import type { GraphRange, UnitPrefs } from '../domain';
import type { ClimateAnswer } from '../domain/climate/summary';
import type { Order, SubscriptionPlan } from '../domain/contract';
import type { PeriodFilter } from '../domain/periodFilters';
import type { ProtocolSetupView } from '../domain/uploadSetup';
import type { OutboxRow, PortalDb } from './schema';
import type { AccountInfo, AuthRecord, ConnectionState, DevicePlanView, WeatherServerView } from './views';

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
  pushSession: 'pushSession',
  publicConfig: 'publicConfig',
  weatherServerPrefix: 'weatherServer:',
  devicePlanPrefix: 'devicePlan:',
  plans: 'plans',
  orders: 'orders',
  graphPeriodPrefix: 'graphPeriod:',
  kiosk: 'kiosk',
  climatePrefix: 'climate:',
  keptAnswers: 'keptAnswers',
} as const;

/** The last edit the server refused for good (dropped from the outbox), for the page to tell the user. */
export type OutboxError = Pick<OutboxRow, 'id' | 'service' | 'method'> & PortalError & { at: number };

/** This browser's push session (server `sessions`): see SettingValues.pushSession. */
export interface PushSessionRecord {
  id: string;
  secret: string;
}

/** GET /config as the sign-in screens use it: the captcha widget and the social sign-in providers on offer. */
export interface PublicConfigView {
  captcha: { siteKey: string; version: number } | null;
  oauth: string[];
  /** The server's version and where its source is (Help → About); absent in answers kept before 0.2.0. */
  version?: string;
  sourceUrl?: string | null;
  /** The server has no mail transport: mails are files in DATA_DIR/outbox (issue 22). */
  mailOutbox?: boolean;
  /** PUBLIC_HOST's host and port, where consoles upload (issue 33); null or absent: not configured. */
  consoleAddress?: { host: string; port: number } | null;
  /** The consoles' set-up with placeholders (src/domain/uploadSetup.ts); absent in answers kept before it. */
  uploadConsoles?: ProtocolSetupView[];
}

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
  /**
   * This browser's `sessions` record (push): its id and the one-time `secret` the create answered. Kept across
   * sign-outs (the session is the browser's, not the user's); the secret proves ownership once it is detached.
   */
  pushSession: PushSessionRecord;
  /** The server's GET /config (sign-in screens; offline: the last answer). */
  publicConfig: PublicConfigView;
  /** Per device: the Weather Server page's view (offline). */
  [key: `weatherServer:${string}`]: WeatherServerView;
  /** Per device: the plan of a paid device type (edit screen, offline). */
  [key: `devicePlan:${string}`]: DevicePlanView;
  /** The published subscription plans (issue #14). */
  plans: SubscriptionPlan[];
  /** The user's orders, newest first. */
  orders: Order[];
  /** This screen's kiosk mode: stations to cycle through, seconds per station, details shown or not. */
  kiosk: KioskSettings;
  /** Per device: the graphs' period as last picked (custom dates and quick filters survive a reload). */
  [key: `graphPeriod:${string}`]: GraphPeriod;
  /** Per device, period and format: the last climate summary (issue 26), so the Climate page works offline. */
  [key: `climate:${string}`]: ClimateAnswer | string;
  /** The answers the last visit's first screen painted with, for the next start's first paint (db/kept.ts). */
  keptAnswers: KeptAnswers;
}

/** Answers of the store's queries by their `keep` name (db/store.ts), and whose they are. */
export interface KeptAnswers {
  user: string;
  answers: Record<string, unknown>;
}

export interface KioskSettings {
  /** Station ids to show in turn (fewer than two: no cycling). */
  stations: string[];
  cycleSeconds: number;
  /** Open card details and graphs as on the dashboard (default: readings only, large). */
  details: boolean;
}

export const DEFAULT_KIOSK: KioskSettings = { stations: [], cycleSeconds: 60, details: false };

/** What the graph period picker holds (src/charts/period.ts PeriodState). */
export interface GraphPeriod {
  range: GraphRange;
  filter?: PeriodFilter;
  day?: string;
  month?: string;
  year?: number;
  from?: string;
  to?: string;
}

export type SettingKey = keyof SettingValues;

export const weatherServerKey = (device: string) => `${SETTING.weatherServerPrefix}${device}` as const;
export const devicePlanKey = (device: string) => `${SETTING.devicePlanPrefix}${device}` as const;
export const graphPeriodKey = (device: string) => `${SETTING.graphPeriodPrefix}${device}` as const;
export const climateKey = (device: string, period: string, format: 'json' | 'noaa') =>
  `${SETTING.climatePrefix}${device}:${period}:${format}` as const;

export async function getSetting<K extends SettingKey>(
  db: PortalDb,
  key: K,
): Promise<SettingValues[K] | undefined> {
  return (await db.settings.get(key))?.value as SettingValues[K] | undefined;
}

/** The run-time shape of each key's value: tsc checks callers, this catches a value that came through `any`/JSON. */
type Kind = 'object' | 'array' | 'string' | 'boolean';
/** What each key holds; a key that may hold either of two kinds lists both. */
const KIND: Record<string, Kind | readonly Kind[]> = {
  auth: 'object',
  connection: 'object',
  units: 'object',
  locale: 'string',
  lastViewDevice: 'string',
  lastUserId: 'string',
  publicDevices: 'array',
  metricsHash: 'string',
  deviceOrder: 'array',
  manageMode: 'boolean',
  outboxError: 'object',
  account: 'object',
  avatar: 'string',
  pushSession: 'object',
  publicConfig: 'object',
  plans: 'array',
  orders: 'array',
  kiosk: 'object',
  keptAnswers: 'object',
  [SETTING.weatherServerPrefix]: 'object',
  [SETTING.devicePlanPrefix]: 'object',
  [SETTING.graphPeriodPrefix]: 'object',
  // The climate summary as JSON, or the NOAA text.
  [SETTING.climatePrefix]: ['object', 'string'],
};

function kindOf(value: unknown): Kind | 'other' {
  if (Array.isArray(value)) return 'array';
  if (value !== null && typeof value === 'object') return 'object';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  return 'other';
}

/** The kind `key` holds, or undefined for a key that is not a setting (per-device keys by their prefix). */
function expectedKind(key: string): Kind | readonly Kind[] | undefined {
  if (Object.hasOwn(KIND, key) && !key.endsWith(':')) return KIND[key];
  const prefix = key.slice(0, key.indexOf(':') + 1);
  return prefix && key.length > prefix.length && Object.hasOwn(KIND, prefix) ? KIND[prefix] : undefined;
}

/** Stores `value`; undefined removes the key. Throws TypeError for an unknown key or a value of the wrong kind. */
export async function setSetting<K extends SettingKey>(
  db: PortalDb,
  key: K,
  value: SettingValues[K] | undefined,
): Promise<void> {
  const kind = expectedKind(key);
  if (!kind) throw new TypeError(`not a settings key: ${key}`);
  const kinds: readonly Kind[] = typeof kind === 'string' ? [kind] : kind;
  if (value !== undefined && !kinds.includes(kindOf(value) as Kind)) {
    throw new TypeError(`setting ${key} holds ${kinds.join(' or ')}, not ${kindOf(value)}`);
  }
  if (value === undefined) await db.settings.delete(key);
  else await db.settings.put({ key, value });
}
