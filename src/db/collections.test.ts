// The store's tables against their declarations (src/domain/collections.ts, STATION_DATA, STORE_TABLES): every
// Dexie table is declared exactly once, keys and station fields match the schema, and clearing walks them all, so
// a new record type cannot be left behind at sign-out or when its station is removed.
import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import { COLLECTION_LIST } from '../domain/collections';
import { isServerPath } from '../domain/serverRoots';
import { clearDevice, clearUserData, STATION_DATA, STORE_TABLES } from './clear';
import { PortalDb } from './schema';

const db = new PortalDb(`collections-${Math.random()}`);
afterAll(() => db.delete());

const declared = [...COLLECTION_LIST.map((c) => c.table), ...STATION_DATA, ...STORE_TABLES];

/** A row of `table` for `station`, every key and index field filled (the station field with the station). */
function rowOf(name: string, station: string, stationField: string): Record<string, unknown> {
  const { schema } = db.table(name);
  const row: Record<string, unknown> = {};
  const paths = [schema.primKey, ...schema.indexes].flatMap((i) =>
    i.auto ? [] : Array.isArray(i.keyPath) ? i.keyPath : i.keyPath ? [i.keyPath] : [],
  );
  for (const p of paths) row[p] = p === stationField ? station : `${name}-${p}-${station}`;
  if (name === 'metrics' || name === 'metricsDaily' || name === 'live') row.time = 1_700_000_000;
  return row;
}

const stationOf = (name: string) =>
  COLLECTION_LIST.find((c) => c.table === name)?.station ??
  ((STATION_DATA as readonly string[]).includes(name) ? 'device' : undefined);

describe('collections', () => {
  it('declare every table of the store exactly once', () => {
    expect([...declared].sort()).toEqual(db.tables.map((t) => t.name).sort());
    expect(new Set(declared).size).toBe(declared.length);
  });

  it("name each table's primary key and a station field the table can find records by", () => {
    for (const c of COLLECTION_LIST) {
      const { schema } = db.table(c.table);
      expect([c.table, schema.primKey.keyPath]).toEqual([c.table, c.key]);
      if (c.station)
        expect([c.table, c.station === c.key || schema.idxByName[c.station] !== undefined]).toEqual([
          c.table,
          true,
        ]);
      expect([c.service, isServerPath(`/${c.service}`)]).toEqual([c.service, true]);
    }
  });

  it('a removed station leaves nothing of its own in any table, and everything of another station', async () => {
    const names = db.tables.map((t) => t.name).filter((n) => stationOf(n));
    for (const name of names) {
      const field = stationOf(name) as string;
      await db.table(name).bulkPut([rowOf(name, 'gone', field), rowOf(name, 'kept', field)]);
    }
    await clearDevice(db, 'gone');
    for (const name of names) {
      const field = stationOf(name) as string;
      const left = (await db.table(name).toArray()).map((r) => r[field]);
      expect([name, left]).toEqual([name, ['kept']]);
    }
    await clearUserData(db);
    for (const name of [...names, 'outbox']) expect([name, await db.table(name).count()]).toEqual([name, 0]);
  });
});
