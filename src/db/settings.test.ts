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

  it('refuses a value of the wrong type and an unknown key, at run time as well as in tsc', async () => {
    await setSetting(db, SETTING.units, { temperature: 'C' });
    // @ts-expect-error units hold unit preferences, not a string
    await expect(setSetting(db, SETTING.units, 'F')).rejects.toThrow(/units holds object, not string/);
    // @ts-expect-error deviceOrder is a list
    await expect(setSetting(db, SETTING.deviceOrder, 'a')).rejects.toThrow(TypeError);
    // @ts-expect-error manageMode is a boolean
    await expect(setSetting(db, SETTING.manageMode, 1)).rejects.toThrow(TypeError);
    // @ts-expect-error a per-device key holds an object
    await expect(setSetting(db, weatherServerKey('d1'), null)).rejects.toThrow(TypeError);
    // @ts-expect-error not a settings key
    await expect(setSetting(db, 'unitz', {})).rejects.toThrow(/not a settings key: unitz/);
    // @ts-expect-error a bare prefix names no device
    await expect(setSetting(db, 'weatherServer:', {})).rejects.toThrow(/not a settings key/);
    // The refused writes left the stored value alone.
    expect(await getSetting(db, SETTING.units)).toEqual({ temperature: 'C' });
    // @ts-expect-error not a settings key (getSetting is typed only: nothing stored under it)
    expect(await getSetting(db, 'unitz')).toBeUndefined();
  });
});
