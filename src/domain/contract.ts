// The wire contract between server/, workers/ and sw/: service paths, records and events.
// REST paths equal service paths; the same services are on socket.io (Feathers). ids are 24-hex strings.
import type { Coded, Sample } from './types';

export const SERVICES = {
  authentication: 'authentication',
  users: 'users',
  metrics: 'metrics',
  devices: 'weatherDevices',
  watch: 'weatherDevices/watch',
  lastData: 'weatherDevices/lastData',
  forecast: 'weatherDevices/forecast',
  samples: 'weatherMetrics',
  fiveMinutes: 'weatherMetrics/5m',
  forecastEvents: 'weatherMetrics/forecast',
  batchLastData: 'weatherMetrics/batchLastData',
  query: 'weatherMetrics/query',
  queryGroup: 'weatherMetrics/queryGroup',
  displaySettings: 'deviceDisplaySettings',
  alertSettings: 'alertSettings',
  alerts: 'alerts',
  sessions: 'sessions',
  verify: 'users/verify',
  alertsHide: 'alerts/hide',
  sampleCorrections: 'sampleCorrections',
  subscriptionPlans: 'subscriptionPlans',
  deviceSubscriptionPlan: 'deviceSubscriptionPlan',
  shareInvitations: 'shareInvitations',
  uploadTargets: 'uploadTargets',
  uploadTargetsTest: 'uploadTargets/test',
  records: 'weatherDevices/records',
  climate: 'weatherDevices/climate',
  orders: 'orders',
  payments: 'payments',
} as const;

export interface User {
  _id: string;
  email: string;
  verified: boolean;
  firstName?: string;
  lastName?: string;
  temperatureUnit?: string;
  /** ISO 3166-1 alpha-2, null when not given (Account page). */
  country?: string | null;
  /** The language the user's app speaks (a catalog id); e-mails and pushes are written in it. */
  locale?: string | null;
  displaySetting?: Record<string, string | number>;
  createdAt?: string;
  isAdmin?: boolean;
  /** The admin role (issue #15): admins may do everything, editors everything but delete and change roles. */
  adminType?: AdminType;
  /** A disabled account cannot sign in (admins see it; issue #15). */
  disabled?: boolean;
}

/**
 * What `users` find answers about another user to a non-admin: only users related through a device (the owner
 * and the shared users of any device the caller owns or is shared on), for "related names" (`_id[$in]`,
 * `$limit` ≤ 100) and autocomplete (`$or` of `$regex`). Without any query parameter find answers [the caller]
 * as a bare list; with list parameters a ListPage (or a bare list with `$paginate=false`) in which the caller
 * comes as a full User and admins get every account as User.
 */
export type UserName = Required<Pick<User, '_id' | 'email' | 'firstName' | 'lastName'>>;

import type { ChannelName, ConsoleSettings, ShareMode } from './deviceFields';
import type { OrderStatus } from './orders';
import type { PlanSeed } from './plans';
import type { ProtocolSetupView } from './uploadSetup';

export type { ChannelName, ConsoleSettings, ShareMode };

export interface Device {
  _id: string;
  /** Station ID the console uploads with (assigned on create). */
  wsid: string;
  /** Station key/password; only sent to the owner. */
  stationKey?: string;
  name: string;
  user: string;
  shareUsers: string[];
  /** The addresses the station is shared with (owner only). */
  shareEmails?: string[];
  consoletype: number;
  timezone: string;
  /** The console's MAC (owner only). */
  mac?: string | null;
  /**
   * Uploads may identify the station by its MAC (Ecowitt PASSKEY = MD5 of the MAC) instead of the station key
   * in the path; one station per MAC (409 otherwise), off by default (owner only).
   */
  macAuth?: boolean;
  latitude?: number | null;
  longitude?: number | null;
  /**
   * Visitors (the station public or unlisted) see the exact position; off by default: they see it rounded to
   * about 1 km (issue 33).
   */
  exactPosition?: boolean;
  elevation?: number | null;
  /** Climate (issue 26): the anemometer's height above ground in m (null: 10 m). */
  anemometerHeight?: number | null;
  /** The month 1..12 a rain year starts (null: January). */
  rainSeasonStart?: number | null;
  /** Heating and cooling degree-day base in °C (null: 18.3 °C = 65 °F). */
  degreeDayBase?: number | null;
  /** Growing degree-day base in °C (null: 10 °C; the cap stays 30 °C). */
  gddBase?: number | null;
  channelNameMapping: ChannelName[];
  shareMode: ShareMode;
  order?: number;
  lastUpload?: number | null;
  /** Unix ms of the newest camera image (issue 28); null or absent: the station has none. */
  cameraAt?: number | null;
  lastMinMaxReset?: number | null;
  /** What the console itself is set to (spec §3). */
  consoleSettings?: ConsoleSettings;
  sortGroup?: string | null;
  /** Fields the console sends that the portal does not map (owner only). */
  unmapped?: Record<string, string>;
  /** Unix milliseconds. */
  createdAt?: number;
  updatedAt?: number;
}

/**
 * `shareInvitations`: an owner invites an e-mail address to see a station; the station is shared only once the
 * invited person accepts. The owner's copy (`role: 'sent'`) tells nothing about the recipient but the address the
 * owner typed and `pending` (a declined invitation stays `pending` to the owner); the recipient's copy
 * (`role: 'received'`) says who invites (`from`). Create answers the same whether or not the address has an
 * account. patch {status: 'accepted' | 'declined'} is for the recipient; remove revokes (owner) or leaves
 * (recipient). Events `created`/`patched`/`removed` reach the owner's and the recipient's `user/<id>` channel.
 */
export interface ShareInvitation {
  _id: string;
  device: string;
  deviceName: string;
  /** The invited address, as the owner typed it (lower case). */
  email: string;
  status: 'pending' | 'accepted' | 'declined';
  role: 'sent' | 'received';
  /** The account that accepted (null until then). */
  recipient: string | null;
  /** Who invites: only in the recipient's copy. */
  from?: { _id: string; email: string; firstName: string; lastName: string };
  /** Unix milliseconds. */
  createdAt: number;
}

/**
 * `uploadTargets` (issue #17, owner only): where a station's accepted uploads are forwarded. find {device};
 * get `?$reveal=true` answers the key itself, every other answer (and event) carries it masked (`••••1234`).
 * `uploadTargets/test` create {target} sends the newest sample now and answers the target with its result.
 * Events `created`/`patched`/`removed` reach the owner's `user/<id>` channel (the forwarder patches after
 * each send). Times are Unix milliseconds.
 */
export interface UploadTarget {
  _id: string;
  device: string;
  network: import('./networks').NetworkId;
  stationId: string;
  key: string;
  /** Custom targets: the address; others null. */
  url: string | null;
  /** Custom targets: 'wunderground' | 'ecowitt'; others null. */
  format: import('./networks').CustomFormat | null;
  /** Seconds between uploads (at least the network's minimum). */
  interval: number;
  enabled: boolean;
  lastUploadAt: number | null;
  /** Result of the last attempt: 'ok', or an error code of ours (forward*, targetAddress…); never the answer. */
  lastResult: string | null;
  lastOk: boolean | null;
  /** Consecutive failed attempts. */
  failures: number;
  /** Set when the network kept rejecting the key: nothing is sent until the owner edits or re-enables it. */
  pausedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** What an owner sends to create or edit a target (an empty key in an edit keeps the stored one). */
export type UploadTargetData = Partial<
  Pick<UploadTarget, 'stationId' | 'key' | 'url' | 'format' | 'interval' | 'enabled'>
>;

/** `uploadTargets/test` answer: the outcome of sending the newest sample now, and the target after it. */
export interface UploadTargetTest {
  ok: boolean;
  result: 'ok' | 'rejected' | 'retry' | 'failed';
  /** 'ok' or an error code (src/domain/errors.ts). */
  message: string;
  /** The class of the answer's HTTP status ('2xx' … '5xx'); null when nothing was answered. */
  status: string | null;
  target: UploadTarget;
}

/** `weatherMetrics created` event payload: one accepted upload, base units, plus the catalogue hash. */
export type LiveSample = Sample & { device: string; hash: string };

/** `weatherMetrics/5m created`: the 5-minute bucket (primary aggregate per key) the upload updated. */
export type FiveMinuteRow = Sample & { device: string };

/** `weatherDevices/lastData?device=&range=true` answer: last row plus today's min/max (value and time). */
export interface LastData {
  device: string;
  last: Sample | null;
  min?: Record<string, [value: number, time: number]>;
  max?: Record<string, [value: number, time: number]>;
}

/** `metrics?hash=` answer: definitions are omitted when the client's hash is current. */
export interface MetricsAnswer {
  hash: string;
  data: import('../domain/types').MetricDef[] | null;
}

export type { Coded };

export interface DisplaySettings {
  _id?: string;
  weatherDevice: string;
  metricsList: string[];
  detailList: string[];
  graphList: string[];
  graphRange: string;
  /** Cards the owner showed or hid by hand (issue 22); null on a record stored before they were kept. */
  chosenList?: string[] | null;
}

/** A paginated find answer; `cursor` (opaque) is there when more rows follow: pass it back as `$cursor`. */
export interface ListPage<T> {
  total: number;
  limit: number;
  skip: number;
  data: T[];
  cursor?: string;
}

/** `subscriptionPlans`: a plan on offer. Prices in cents; months 0 = permanent (never expires, spec §9). */
/** A plan on offer: the fields of src/domain/plans.ts PlanSeed, each feature with an id. */
export interface SubscriptionPlan extends Omit<PlanSeed, 'features'> {
  _id: string;
  features: { _id: string; text: string }[];
  status: 'draft' | 'published';
  order: number;
  createdAt: number;
  updatedAt: number;
}

/**
 * `deviceSubscriptionPlan?mac&$populate=subscriptionPlan&$limit=1`: the plan a device has, newest end first
 * (permanent first). Times are Unix milliseconds; end null = permanent. `user` (the buyer) only for that user.
 */
export interface DeviceSubscriptionPlan {
  _id: string;
  mac: string;
  user?: string;
  subscriptionPlan: string | SubscriptionPlan | null;
  start: number;
  end: number | null;
  /** start <= now and (end null or end > now). */
  active: boolean;
  createdAt: number;
  updatedAt: number;
}

/** A device an order covers, as it was when ordered. */
export interface OrderDevice {
  _id: string;
  name: string;
  mac: string;
  consoletype: number;
}

/**
 * `orders` (spec §3 Order, §4 Order status): a plan bought for one or more devices. Buyers see their own (admins
 * all); only the server moves it out of pending. `expiresAt`: after it, an unpaid order is dead (Unix ms).
 */
export interface Order {
  _id: string;
  user: string;
  subscriptionPlan: string;
  plan: { name: string; months: number; storeDays: number };
  devices: OrderDevice[];
  unitPrice: number;
  /** Cents of `currency`. */
  total: number;
  currency: string;
  status: OrderStatus;
  provider: PaymentProviderName;
  paymentRef: string | null;
  refundRef: string | null;
  /** The last decline (the order stays payable), or why it is in error. */
  lastError: string | null;
  expiresAt: number;
  paidAt: number | null;
  refundedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export type PaymentProviderName = 'stripe' | 'sandbox' | 'none';

/**
 * `payments` create answers. `{order}` starts (or resumes) paying: for Stripe a PaymentIntent's client secret and
 * the publishable key (Payment Element); for the sandbox `testMode` and our own card form. `{order, card}` charges
 * a card in the sandbox; `{order, check: true}` asks the server to look at the provider's payment again.
 */
export interface PaymentStart {
  order: Order;
  provider: PaymentProviderName;
  testMode: boolean;
  clientSecret?: string;
  publishableKey?: string;
}

/** `authentication` create answer (local or jwt strategy). */
export interface AuthResult {
  accessToken: string;
  user: User;
}

/** GET /config `firebase`: what a browser needs for an FCM token (null: Web Push with the server's VAPID key). */
export interface FirebaseWebConfig {
  apiKey: string;
  projectId: string;
  messagingSenderId: string;
  appId: string;
  vapidKey: string;
}

/** `users/me` find: what the Account page shows. */
export interface AccountInfo {
  user: User;
  membership: string;
  supportedDevices: number;
  dataLogStorePeriod: number;
  devices: number;
  /**
   * How the account last paid for a plan: by card through Stripe, or a test card of the sandbox (the card itself
   * stays with the provider); null before any paid order (Account page).
   */
  paymentMethod?: 'stripe' | 'sandbox' | null;
}

/** `weatherServer` find {device}: what an owner types into the console. */
export interface ServerView {
  serverName: string;
  stationId: string;
  stationKey: string;
  lastUpload: number | null;
  /** Every upload protocol's set-up for this station (each with the address consoles reach: host, port). */
  protocols: ProtocolSetupView[];
  unmapped: Record<string, string>;
  /**
   * Only when the portal was reached as a loopback name and PUBLIC_HOST is not set (issue 22): the machine's
   * LAN addresses, the first used in the settings above; none found: the settings still name the loopback.
   */
  loopback?: { addresses: string[] };
  /** A home relay (issue 27, relay/): the portal URL its command names, and the relay as last seen. */
  relay?: RelayView;
}

/** The relay a station's uploads last came through (sent on by relay/ with its headers). */
export interface StationRelay {
  version: string;
  /** Uploads waiting in its queue when it sent the last one; null when not said. */
  queued: number | null;
  /** Unix seconds (server time) of the last upload that came through it. */
  seenAt: number;
}

export interface RelayView {
  /** The portal URL the relay sends to (`--portal`). */
  portal: string;
  status: StationRelay | null;
}

/** One alert rule of `alertSettings` (spec §3 Alert setting); `_id` addresses it in a patch. */
export interface AlertRule {
  _id?: string;
  item: string;
  condition?: 'above' | 'below' | 'overOrEqual';
  value?: number;
  unit?: string;
  method: 'email' | 'notification';
  sensor?: string;
  /** Free text a client may keep with the rule (not used by the engine). */
  trigger?: string;
}

/** `alertSettings`: one user's alert rules for one station. */
export interface AlertSettings {
  _id: string;
  weatherDevice: string;
  settings: (AlertRule & { _id: string })[];
  disableAll: boolean;
}

/** `alerts` find and events: an alert of the caller. `alerts/hide` answers the hidden alert. */
export interface Alert {
  _id: string;
  device: string;
  user: string;
  item: string;
  sensor?: string | null;
  status: 'active' | 'hidden' | 'cleared';
  lastTrigger: number;
  /** The value that triggered, in the rule's unit (`unit`). */
  value: number | null;
  unit?: string | null;
  message: string;
}

/** A forecast table: `dt` (unix s) first, then catalogue-like keys. */
export interface ForecastTable {
  columns: string[];
  rows: (number | string | null)[][];
  /** Who made it (issue 22): Open-Meteo, or the station's own barometric forecast. */
  source?: 'open-meteo' | 'local';
}

/** `weatherDevices/forecast` find without `type`: every table at once. */
export type Forecast = Record<'current' | 'hourly' | 'daily', ForecastTable>;

/** `sessions` create: a browser session, for push notifications. */
export interface Session {
  _id: string;
  associateUser: string | null;
  pushEnabled: boolean;
  pushType: 'web' | 'firebase' | null;
  /** Only in the answer that created the session: the proof of ownership to present on later changes. */
  secret?: string;
}

/** `config` find (public): what the client should offer (captcha, OAuth buttons, push key, …). */
export interface PublicConfig {
  captcha: { siteKey: string; version: 3 } | null;
  oauth: ('google' | 'facebook')[];
  /** The server's version (semver). */
  version: string;
  /** Where the source code of this portal is (SOURCE_URL; null: not configured). */
  sourceUrl: string | null;
  vapidPublicKey?: string;
  [key: string]: unknown;
}

/** Admin roles (spec §3 adminType): editors cannot delete or change roles. */
export type AdminType = 'admin' | 'editor';

/** `admin/users` (issue #15): an account as admins see and edit it (`disabled` always present). */
export type AdminUser = User & { disabled: boolean };

/** `admin/devices` (issue #15): every station with its owner, type, share mode, last upload and unknown fields. */
export interface AdminDevice {
  _id: string;
  wsid: string;
  name: string;
  /** The owner's id, or with `$populate=user` the owner's {_id, email, firstName, lastName} (null when gone). */
  user: string | UserName | null;
  consoletype: number;
  shareMode: ShareMode;
  timezone: string;
  /** Unix seconds of the newest upload. */
  lastUpload: number | null;
  unmapped: Record<string, string>;
  createdAt: number;
}

/** Why an upload was refused (or, outOfRange, why some of its values were dropped). */
export type IngestReason = 'badKey' | 'outOfRange' | 'rateLimited' | 'malformed' | 'tooLarge' | 'error';

export interface IngestRejection {
  _id: string;
  /** Unix ms. */
  time: number;
  protocol: string;
  reason: IngestReason;
  /** The station ID the upload named (never its key). */
  station: string | null;
  device: string | null;
  detail: string;
}

/** `admin/ingestHealth` find (issue #15); live: `admin/ingestHealth created` {rejections} to admins. */
export interface IngestHealthView {
  /** Unix ms of the answer. */
  now: number;
  protocols: string[];
  /** Each protocol's label by its name (the server's descriptors say how consoles name it). */
  labels: Record<string, string>;
  /** The last 60 minutes, oldest first: uploads accepted and refused per protocol. */
  minutes: { minute: number; counts: Record<string, { ok: number; rejected: number }> }[];
  /** Stations whose last upload is over 30 minutes old, most recently silent first. */
  silent: { _id: string; wsid: string; name: string; owner: string | null; lastUpload: number }[];
  silentTotal: number;
  /** Newest first. */
  rejections: IngestRejection[];
}

/** weatherDevices/camera?list=YYYY-MM-DD (issue 28): the image times of that station-local day. */
export interface CameraDay {
  device: string;
  day: string;
  timeZone: string;
  /** Unix ms, oldest first. */
  times: number[];
}
