// The store's schema is declared once, as it is now (issue 32: five version steps cost a phone ~30 ms of Dexie's
// parsing at every start): a store an older build made opens at the current version with every table added and
// its rows kept. Dexie needs the old steps only for upgrade functions, and this schema has none.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { PortalDb, SCHEMA_VERSION } from './schema';

describe('PortalDb', () => {
  it('upgrades a store of the first schema in place: its rows kept, the later tables there', async () => {
    const name = `old-${Math.random()}`;
    const old = new Dexie(name);
    old.version(1).stores({ devices: '_id, wsid, user', settings: 'key', outbox: '++seq, &id' });
    await old.table('devices').put({ _id: 'd1', wsid: 'w1', user: 'u1' });
    await old.table('outbox').add({ id: 'edit-1', kind: 'patch' });
    old.close();

    const db = new PortalDb(name);
    await db.open();
    expect(db.verno).toBe(SCHEMA_VERSION);
    expect(await db.devices.where('wsid').equals('w1').first()).toMatchObject({ _id: 'd1' });
    expect(await db.outbox.where('id').equals('edit-1').count()).toBe(1);
    // Tables added after the first schema exist and are usable.
    await db.records.put({ device: 'd1' } as never);
    await db.shareInvitations.put({ _id: 'i1', device: 'd1', role: 'viewer' } as never);
    expect(await db.records.count()).toBe(1);
    // Every declared table is an object store of the upgraded database.
    expect([...db.backendDB().objectStoreNames].sort()).toEqual(db.tables.map((t) => t.name).sort());
    await db.delete();
  });
});
