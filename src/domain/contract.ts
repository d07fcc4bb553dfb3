// The wire contract between server/, workers/, sw/ and mocks/: service paths, records and events.
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
  subscriptionPlans: 'subscriptionPlans',
  deviceSubscriptionPlan: 'deviceSubscriptionPlan',
  shareInvitations: 'shareInvitations',
} as const;

export interface User {
  _id: string;
  email: string;
  verified: boolean;
  firstName?: string;
  lastName?: string;
  temperatureUnit?: string;
  displaySetting?: Record<string, string | number>;
  createdAt?: string;
  isAdmin?: boolean;
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
import type { PlanSeed } from './plans';

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
  elevation?: number | null;
  channelNameMapping: ChannelName[];
  shareMode: ShareMode;
  order?: number;
  lastUpload?: number | null;
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
