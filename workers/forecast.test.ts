import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { toRow } from '../src/db/schema';
import { Forecasts, msToNextHour, storeForecast, updatedWithinDay } from './forecast';
import { fakeConnection, tempDb } from './testing';

const answer = {
  current: [['dt', 'temp'], [[1_700_000_000, 12.5]]],
  daily: { columns: ['dt', 'min', 'max'], rows: [[1_700_000_000, 8, 14]] },
  hourly: [['dt', 'temp'], []],
};

describe('forecast', () => {
  it('waits until the next full hour (plus a little slack)', () => {
    const h = 3_600_000;
    expect(msToNextHour(10 * h + 1000, 5000)).toBe(h - 1000 + 5000);
    expect(msToNextHour(10 * h, 0)).toBe(h);
  });

  it('stores each part of an answer per device and type', async () => {
    const db = tempDb();
    expect(await storeForecast(db, 'd1', answer)).toBe(3);
    expect((await db.forecasts.get(['d1', 'daily']))?.rows).toEqual([[1_700_000_000, 8, 14]]);
    expect((await db.forecasts.get(['d1', 'current']))?.columns).toEqual(['dt', 'temp']);
  });

  it('loads only for a device that updated within the last day', async () => {
    const db = tempDb();
    const now = Math.floor(Date.now() / 1000);
    const { conn, calls } = fakeConnection({ 'weatherDevices/forecast': () => answer });
    const f = new Forecasts(db, conn, () => 'd1');
    await db.live.put(toRow('d1', { time: now - 2 * 86400, tempc0: 1 }));
    expect(await updatedWithinDay(db, 'd1', now)).toBe(false);
    await f.load('d1');
    expect(calls).toHaveLength(0);
    await db.live.put(toRow('d1', { time: now - 3600, tempc0: 1 }));
    expect(await updatedWithinDay(db, 'd1', now)).toBe(true);
    await f.load('d1');
    expect(calls.map((c) => c.query)).toEqual([{ device: 'd1' }]);
    expect(await db.forecasts.count()).toBe(3);
  });
});
