// Settings follow the account (issue #12): at sign-in the user's saved display settings apply at once (a new
// browser), a different user's leftovers go first, and a queued local change of them is not overwritten.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_UNIT_PREFS } from '../domain';
import type { User } from '../domain/contract';
import { adoptSignedInUser } from './adopt-user';
import { saveUnits } from './edits';
import { getSetting, SETTING, setSetting } from './settings';
import { signedInDb } from './testing';

const db = signedInDb('adopt-user');

const user = (displaySetting: Record<string, string | number>): User => ({
  _id: 'u1',
  email: 'a@b.c',
  verified: true,
  temperatureUnit: 'F',
  displaySetting,
});

describe('adoptSignedInUser', () => {
  it("applies the account's units, date format and theme on a fresh browser", async () => {
    await setSetting(db, SETTING.auth, {
      accessToken: 'jwt',
      user: user({ temperature: 'F', pressure: 'inHg', windSpeed: 'mph', date: 'MM/DD', background: 'dark' }),
    });
    await adoptSignedInUser(db);
    expect(await getSetting(db, SETTING.units)).toEqual({
      ...DEFAULT_UNIT_PREFS,
      temperature: 'F',
      pressure: 'inHg',
      windSpeed: 'mph',
      date: 'MM/DD',
      background: 'dark',
    });
    expect(await getSetting(db, SETTING.lastUserId)).toBe('u1');
  });

  it("drops another user's data first, and both callers at once do not interleave", async () => {
    await setSetting(db, SETTING.lastUserId, 'u0');
    await setSetting(db, SETTING.units, { temperature: 'C', pressure: 'mmHg' });
    await setSetting(db, SETTING.auth, { accessToken: 'jwt', user: user({ pressure: 'inHg' }) });
    await Promise.all([adoptSignedInUser(db), adoptSignedInUser(db)]);
    expect(await db.devices.count()).toBe(0);
    expect(await getSetting(db, SETTING.units)).toEqual({ ...DEFAULT_UNIT_PREFS, pressure: 'inHg' });
  });

  it('keeps a change of the units still queued (it is newer than the server copy)', async () => {
    await setSetting(db, SETTING.lastUserId, 'u1');
    await saveUnits({ pressure: 'hPa' });
    await setSetting(db, SETTING.auth, { accessToken: 'jwt', user: user({ pressure: 'inHg' }) });
    await adoptSignedInUser(db);
    expect((await getSetting(db, SETTING.units))?.pressure).toBe('hPa');
  });
});
