import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import { PortalDb } from './schema';
import { getSetting, SETTING, setSetting, weatherServerKey } from './settings';

const db = new PortalDb(`settings-${Math.random()}`);
afterAll(() => db.delete());

describe('typed settings', () => {
  it('stores and reads each key with its own type; undefined removes it', async () => {
    await setSetting(db, SETTING.deviceOrder, ['a', 'b']);
    const order: string[] | undefined = await getSetting(db, SETTING.deviceOrder);
    expect(order).toEqual(['a', 'b']);
    await setSetting(db, SETTING.deviceOrder, undefined);
    expect(await getSetting(db, SETTING.deviceOrder)).toBeUndefined();
  });

  it('per-device keys hold their view', async () => {
    const key = weatherServerKey('d1');
    expect(key).toBe('weatherServer:d1');
    const view = {
      serverName: 's',
      stationId: 'W',
      stationKey: 'k',
      lastUpload: null,
      protocols: [],
      unmapped: {},
      fetchedAt: 1,
    };
    await setSetting(db, key, view);
    expect((await getSetting(db, key))?.stationId).toBe('W');
  });

  it('refuses a value of the wrong type and an unknown key (checked by tsc)', async () => {
    // @ts-expect-error units hold unit preferences, not a string
    await setSetting(db, SETTING.units, 'F').catch(() => {});
    // @ts-expect-error not a settings key
    await getSetting(db, 'unitz').catch(() => {});
    expect(true).toBe(true);
  });
});
