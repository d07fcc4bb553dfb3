// The browser's local database (docs/architecture.md §4). The UI reads only from here (db/store.ts);
// the data worker and the service worker are the writers. The schema is declared once, as it is now: to change it,
// change the tables below and raise SCHEMA_VERSION; Dexie adds what an older store lacks. A `.version(n)` step of
// its own is needed only for an upgrade function (issue 32: parsing five steps cost a phone ~30 ms at each start).
import Dexie, { type EntityTable, type Table } from 'dexie';
import { COLLECTION_LIST } from '../domain/collections';
import type {
  AlertRule,
  Device,
  DisplaySettings,
  LastData,
  ShareInvitation,
  UploadTarget,
} from '../domain/contract';
import type { StationRecords } from '../domain/records';
import type { MetricDef, Sample } from '../domain/types';
import { DB_NAME } from './peek';

/** A stored series row: one device, one time (unix s), base-unit values. */
export type Row = Sample & { device: string };

/** A sample stored for a device (Sample's index signature is numeric, so the string `device` needs a cast). */
export const toRow = (device: string, sample: Sample | Record<string, unknown>): Row =>
  ({ ...sample, device }) as unknown as Row;

export interface SettingRow {
  key: string;
  value: unknown;
}

export interface AlertSettingsRow {
  _id?: string;
  weatherDevice: string;
  settings: AlertRule[];
  disableAll: boolean;
}

/** One alert rule, as the service declares it (src/domain/contract.ts). */
export type { AlertRule } from '../domain/contract';

export interface AlertRow {
  _id: string;
  device: string;
  status: 'active';
  item: string;
  lastTrigger: number;
  message?: string;
}

export interface ForecastRow {
  device: string;
  type: 'current' | 'daily' | 'hourly';
  columns: string[];
  rows: (number | string | null)[][];
  fetchedAt: number;
  /** Who made it (issue 22): 'open-meteo', or 'local' (the station's barometric forecast); absent before. */
  source?: string;
}

/** A cached graph answer: any graph seen once works offline. */
export interface SeriesRow {
  id: string; // `${device}|${bucket}|${from}|${to}|${keys}`
  device: string;
  bucket: string;
  from: number;
  to: number;
  columns: string[];
  rows: (number | null)[][];
  fetchedAt: number;
}

/** A pending user edit (FIFO, idempotent by `id`). */
export interface OutboxRow {
  seq?: number;
  id: string; // idempotency key (uuid)
  service: string;
  /** 'find' only for GET-style actions such as `alerts/hide`. */
  method: 'create' | 'patch' | 'remove' | 'find';
  /** null on a patch = resolve at send time from the local record (its create may still be queued). */
  recordId?: string | null;
  data?: unknown;
  /** Query string of the call (Feathers `params.query`). */
  params?: Record<string, unknown>;
  createdAt: number;
  attempts: number;
  lastError?: string;
}

/** What range of history is held per device, plus today's min/max from lastData. */
export interface SyncStateRow {
  device: string;
  fiveMinFrom?: number;
  fiveMinTo?: number;
  dailyFrom?: number;
  dailyTo?: number;
  lastData?: LastData;
  /** The server withholds this paid device type's readings: it has no active plan (issue #14). */
  locked?: boolean;
  updatedAt?: number;
  /** Metric keys the held history has had a value for, sorted (db/seen-keys.ts); absent until the worker's first write. */
  seenKeys?: string[];
}

/**
 * Per-station settings tables come from the collections registry: a new one raises the version, so Dexie creates
 * its table (types are only ever added; a lower version would not open).
 */
const SETTINGS_TABLES = COLLECTION_LIST.filter((c) => c.onePerStation);
/** The store's schema version: the four hand-made versions there were, then one per settings table. */
export const SCHEMA_VERSION = 4 + SETTINGS_TABLES.length;

export class PortalDb extends Dexie {
  devices!: EntityTable<Device, '_id'>;
  // Keyed by [device+time] (unix s).
  metrics!: Table<Row, [string, number]>;
  metricsDaily!: Table<Row, [string, number]>;
  live!: Table<Row, [string, number]>;
  settings!: EntityTable<SettingRow, 'key'>;
  displaySettings!: EntityTable<DisplaySettings, 'weatherDevice'>;
  alertSettings!: EntityTable<AlertSettingsRow, 'weatherDevice'>;
  alerts!: EntityTable<AlertRow, '_id'>;
  forecasts!: Table<ForecastRow, [string, string]>;
  metricDefs!: EntityTable<MetricDef, 'key'>;
  series!: EntityTable<SeriesRow, 'id'>;
  outbox!: EntityTable<OutboxRow, 'seq'>;
  syncState!: EntityTable<SyncStateRow, 'device'>;
  /** Share invitations the user sent (owner) and received (issue #10); `local:<id>` = a queued invite. */
  shareInvitations!: EntityTable<ShareInvitation, '_id'>;
  /** Upload targets of owned stations (issue #17), keys masked: the real key is never stored here. */
  uploadTargets!: EntityTable<UploadTarget, '_id'>;
  /** Station records (issue 13) as the server last answered them, per device: shown offline too. */
  records!: EntityTable<StationRecords, 'device'>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(SCHEMA_VERSION).stores({
      devices: '_id, wsid, user',
      metrics: '[device+time], device',
      metricsDaily: '[device+time], device',
      live: '[device+time], device',
      settings: 'key',
      displaySettings: 'weatherDevice, _id',
      alertSettings: 'weatherDevice, _id',
      alerts: '_id, device',
      forecasts: '[device+type], device',
      metricDefs: 'key',
      series: 'id, device, fetchedAt',
      outbox: '++seq, &id',
      syncState: 'device',
      shareInvitations: '_id, device, role',
      uploadTargets: '_id, device',
      records: 'device',
      ...Object.fromEntries(SETTINGS_TABLES.map((c) => [c.table, 'weatherDevice, _id'])),
    });
  }
}

export const db = new PortalDb();
