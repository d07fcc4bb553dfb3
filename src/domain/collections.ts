// The records the app keeps in IndexedDB, declared once (issue 23): per record type its service, its Dexie table
// and key, whose it is (the account, or a station of the account, and the field naming that station) and whether
// it is one record per station (settings created on first save, found by the station). The store's clearing on
// sign-out and on a removed station, and the outbox's resolving of per-station settings, are derived from it;
// src/db/collections.test.ts fails when a Dexie table is in neither this list nor the store's own tables.
import { type CalibrationSettings, calibrationRules, defaultCalibration } from './calibration';
import { type DisplaySettings, SERVICES } from './contract';
import { defaultDisplaySettings } from './deviceTypes';
import { DISPLAY_LISTS, displaySettingsRules } from './displaySettingsInput';
import { defaultQcSettings, type QcSettings, qcSettingsRules } from './qc';
import type { InputReaders } from './readers';
import type { Words } from './words/types';

export interface CollectionDecl {
  /** The service path (REST and socket). */
  service: string;
  /** The Dexie table (src/db/schema.ts) and its primary key. */
  table: string;
  key: string;
  /** The field naming the record's station; absent for records of the account. */
  station?: string;
  /** One record per station, keyed by the station: a first save is a create, later ones patch it. */
  onePerStation?: boolean;
  /** Served by the one generic settings service (server/services/station-settings), with these rules. */
  settings?: StationSettingsDecl<SettingsRecord>;
}

/** A per-station settings record: one per station (and per user, for a user's own view of it). */
export interface SettingsRecord {
  _id?: string;
  weatherDevice: string;
}

/**
 * How the generic settings service stores and checks a per-station settings record, and what a station without
 * one answers. A new settings type is an entry here, its rules, a migration for its table and its page.
 */
export interface StationSettingsDecl<T extends SettingsRecord> {
  /** The SQL table: `_id`, `weatherDevice`, `user`, `updatedAt` and a column per field. */
  sqlTable: string;
  /** Fields stored as JSON text (lists and objects). */
  json: readonly string[];
  /**
   * `user`: each user's own for a station they can read (which cards they show). `station`: the station's own,
   * changed by its owner, read by everyone who can read the station (its calibration).
   */
  scope: 'user' | 'station';
  /** The fields to store from a create (`creating`) or a patch; throws the readers' 400s. */
  rules: (r: InputReaders) => (input: unknown, creating: boolean) => Partial<T>;
  /** What a station with no stored record has. */
  defaults: (device: { _id: string; consoletype?: number }) => T;
  /** What it holds, in a sentence's middle (Help's list of changes saved offline). */
  label: Words;
}

/** Keeps the record type of an entry (SettingsOf reads it). */
const settings = <T extends SettingsRecord>(decl: StationSettingsDecl<T>) => decl;

export const COLLECTIONS = {
  devices: { service: SERVICES.devices, table: 'devices', key: '_id', station: '_id' },
  displaySettings: {
    service: SERVICES.displaySettings,
    table: 'displaySettings',
    key: 'weatherDevice',
    station: 'weatherDevice',
    onePerStation: true,
    settings: settings<DisplaySettings>({
      sqlTable: 'deviceDisplaySettings',
      json: DISPLAY_LISTS,
      scope: 'user',
      rules: displaySettingsRules,
      defaults: (d) => defaultDisplaySettings(d.consoletype ?? 0, d._id),
      label: /*i18n*/ {
        id: 'settings.displaySettings',
        message: 'the cards you show, their order and graphs',
      },
    }),
  },
  /** Offsets and multipliers per metric (issue 24), applied at ingest. */
  calibration: {
    service: 'stationCalibrations',
    table: 'calibrations',
    key: 'weatherDevice',
    station: 'weatherDevice',
    onePerStation: true,
    settings: settings<CalibrationSettings>({
      sqlTable: 'stationCalibrations',
      json: ['entries'],
      scope: 'station',
      rules: calibrationRules,
      defaults: (d) => defaultCalibration(d._id),
      label: /*i18n*/ { id: 'settings.calibration', message: 'the calibration of your stations’ sensors' },
    }),
  },
  /** The owner's own limits per metric (issue 24's quality control): a value outside them is flagged at ingest. */
  qcLimits: {
    service: 'stationQcLimits',
    table: 'qcLimits',
    key: 'weatherDevice',
    station: 'weatherDevice',
    onePerStation: true,
    settings: settings<QcSettings>({
      sqlTable: 'stationQcLimits',
      json: ['limits'],
      scope: 'station',
      rules: qcSettingsRules,
      defaults: (d) => defaultQcSettings(d._id),
      label: /*i18n*/ {
        id: 'settings.qcLimits',
        message: 'the lowest and highest values your stations may report',
      },
    }),
  },
  alertSettings: {
    service: SERVICES.alertSettings,
    table: 'alertSettings',
    key: 'weatherDevice',
    station: 'weatherDevice',
    onePerStation: true,
  },
  alerts: { service: SERVICES.alerts, table: 'alerts', key: '_id', station: 'device' },
  shareInvitations: {
    service: SERVICES.shareInvitations,
    table: 'shareInvitations',
    key: '_id',
    station: 'device',
  },
  uploadTargets: { service: SERVICES.uploadTargets, table: 'uploadTargets', key: '_id', station: 'device' },
  records: { service: SERVICES.records, table: 'records', key: 'device', station: 'device' },
} as const satisfies Record<string, CollectionDecl>;

export type CollectionName = keyof typeof COLLECTIONS;
export const COLLECTION_LIST: readonly CollectionDecl[] = Object.values(COLLECTIONS);

type Collections = typeof COLLECTIONS;
/** The collections the generic settings service serves, by name. */
export type SettingsName = {
  [K in keyof Collections]: Collections[K] extends { settings: object } ? K : never;
}[keyof Collections];
/** The record type of a settings collection. */
export type SettingsOf<K extends SettingsName> =
  Collections[K]['settings'] extends StationSettingsDecl<infer T> ? T : never;

export const SETTINGS_LIST = COLLECTION_LIST.filter(
  (c): c is CollectionDecl & { settings: StationSettingsDecl<SettingsRecord> } => !!c.settings,
);

/** The one-record-per-station collection a service path holds, if any (its table is keyed by the station). */
export function onePerStation(service: string): CollectionDecl | undefined {
  return COLLECTION_LIST.find((c) => c.onePerStation && c.service === service);
}
