// Boot's plain IndexedDB read (issue 21): the same rows Dexie wrote, nothing created on a first visit, and Dexie
// opens and upgrades as before afterwards.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { User } from '../domain/contract';
import { peekSettings } from './peek';
import { PortalDb, SCHEMA_VERSION } from './schema';
import { SETTING, setSetting } from './settings';

const unique = (name: string) => `${name}-${Math.random()}`;
const user = { _id: 'u1', email: 'a@b.c', verified: true } as User;

describe('peekSettings', () => {
  it('reads the language and the session Dexie stored', async () => {
    const name = unique('peek');
    const db = new PortalDb(name);
    await setSetting(db, SETTING.locale, 'fr');
    await setSetting(db, SETTING.auth, { accessToken: 'jwt', user });
    // Dexie's connection stays open, as in the page: a read-only peek does not wait for it.
    expect(await peekSettings([SETTING.locale, SETTING.auth], name)).toEqual({
      locale: 'fr',
      auth: { accessToken: 'jwt', user },
    });
    expect(await peekSettings([SETTING.kiosk], name)).toEqual({});
    await db.delete();
  });

  it('creates nothing on a first visit, and Dexie then makes its own store', async () => {
    const name = unique('first');
    expect(await peekSettings([SETTING.locale, SETTING.auth], name)).toEqual({});
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(name);
    const db = new PortalDb(name);
    await setSetting(db, SETTING.locale, 'de');
    expect(db.verno).toBe(SCHEMA_VERSION);
    db.close();
    expect(await peekSettings([SETTING.locale], name)).toEqual({ locale: 'de' });
    await db.delete();
  });

  it('does not hold up Dexie opening a newer schema', async () => {
    const name = unique('upgrade');
    const db = new PortalDb(name);
    await setSetting(db, SETTING.locale, 'it');
    db.close();
    const peek = peekSettings([SETTING.locale], name);
    // A new build's schema (one more version) opens while the peek's connection may still be open.
    const next = new (class extends PortalDb {
      constructor() {
        super(name);
        this.version(SCHEMA_VERSION + 1).stores({ extra: 'id' });
      }
    })();
    await next.open();
    expect(next.verno).toBe(SCHEMA_VERSION + 1);
    expect(await peek).toEqual({ locale: 'it' });
    await next.delete();
  });

  it('answers nothing without IndexedDB (some private windows)', async () => {
    const saved = globalThis.indexedDB;
    Object.defineProperty(globalThis, 'indexedDB', { configurable: true, value: undefined });
    try {
      expect(await peekSettings([SETTING.locale])).toEqual({});
    } finally {
      Object.defineProperty(globalThis, 'indexedDB', { configurable: true, value: saved });
    }
  });
});
