// The records the app keeps in IndexedDB, declared once (issue 23): per record type its service, its Dexie table
// and key, whose it is (the account, or a station of the account, and the field naming that station) and whether
// it is one record per station (settings created on first save, found by the station). The store's clearing on
// sign-out and on a removed station, and the outbox's resolving of per-station settings, are derived from it;
// src/db/collections.test.ts fails when a Dexie table is in neither this list nor the store's own tables.
import { SERVICES } from './contract';

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
}

export const COLLECTIONS = {
  devices: { service: SERVICES.devices, table: 'devices', key: '_id', station: '_id' },
  displaySettings: {
    service: SERVICES.displaySettings,
    table: 'displaySettings',
    key: 'weatherDevice',
    station: 'weatherDevice',
    onePerStation: true,
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

/** The one-record-per-station collection a service path holds, if any (its table is keyed by the station). */
export function onePerStation(service: string): CollectionDecl | undefined {
  return COLLECTION_LIST.find((c) => c.onePerStation && c.service === service);
}
