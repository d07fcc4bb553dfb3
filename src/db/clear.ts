// Sign-out / user switch: drop everything that belongs to the signed-in user; a removed station: drop everything
// stored for it. The tables come from the declarations (src/domain/collections.ts and STATION_DATA below), so a
// new record type is cleared without touching this file. The catalogue (metricDefs + hash), the locale and the
// connection state stay: they are not the user's.
import type { Table } from 'dexie';
import { COLLECTION_LIST } from '../domain/collections';
import type { PortalDb } from './schema';
import { SETTING } from './settings';

/** History and caches the worker keeps per station (not records a user edits), each with a `device` field. */
export const STATION_DATA = ['metrics', 'metricsDaily', 'live', 'forecasts', 'series', 'syncState'] as const;

/** The store's own tables, with their own rules: settings (some kept), the catalogue, the outbox. */
export const STORE_TABLES = ['settings', 'metricDefs', 'outbox'] as const;

// pushSession: the browser's push session outlives a sign-out (detached, it is re-associated at the next one).
const KEEP_SETTINGS = new Set<string>([
  SETTING.locale,
  SETTING.metricsHash,
  SETTING.connection,
  SETTING.pushSession,
  SETTING.publicConfig,
]);

/** Every table holding something of a station: the collections with a station field, and the station data. */
const perStation = (db: PortalDb): { table: Table; key: string; station: string }[] => [
  ...COLLECTION_LIST.filter((c) => c.station).map((c) => ({
    table: db.table(c.table),
    key: c.key,
    station: c.station as string,
  })),
  ...STATION_DATA.map((name) => ({
    table: db.table(name),
    key: db.table(name).schema.primKey.name,
    station: 'device',
  })),
];

export async function clearUserData(db: PortalDb, opts: { keepAuth?: boolean } = {}): Promise<void> {
  const tables = [...COLLECTION_LIST.map((c) => db.table(c.table)), ...STATION_DATA.map((n) => db.table(n))];
  await db.transaction('rw', [...tables, db.outbox, db.settings], async () => {
    for (const t of [...tables, db.outbox]) await t.clear();
    const keys = await db.settings.toCollection().primaryKeys();
    const drop = keys.filter((k) => !KEEP_SETTINGS.has(k) && !(opts.keepAuth && k === SETTING.auth));
    await db.settings.bulkDelete(drop);
  });
}

/** Remove one device and everything stored for it (forgotten or deleted device). */
export async function clearDevice(db: PortalDb, id: string): Promise<void> {
  const tables = perStation(db);
  await db.transaction(
    'rw',
    tables.map((t) => t.table),
    async () => {
      for (const { table, key, station } of tables)
        if (key === station) await table.delete(id);
        else await table.where(station).equals(id).delete();
    },
  );
}
