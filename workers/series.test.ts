import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/bridge/errors';
import { SETTING } from '../src/db/settings';
import { History } from './history';
import { groupNames, Series } from './series';
import { fakeConnection, tempDb } from './testing';

const NOW = 1_700_006_400; // 2023-11-15 00:00 UTC
const DAY = 86400;

describe('series', () => {
  it('held 5-minute history is folded to 30 minutes in the worker and converted to the user’s units', async () => {
    const db = tempDb();
    await db.settings.put({ key: SETTING.units, value: { temperature: 'F' } });
    const query = () => [
      ['time', 'tempc0'],
      [0, 1, 2, 3, 4, 5, 6, 7].map((i) => [NOW - 3600 + i * 300, 10 + i]),
    ];
    const { conn, calls } = fakeConnection({ 'weatherMetrics/query': query });
    const series = new Series(db, conn, new History(db, conn));
    const s = await series.load('d1', ['tempc0'], NOW - 3600, NOW, '30m', NOW);
    expect(calls.map((c) => c.path)).toEqual(['weatherMetrics/query']);
    expect([...s.x]).toEqual([NOW - 3600, NOW - 1800]);
    // means 12.5 °C and 16.5 °C (two rows in the second half) → °F
    expect(s.ys[0][0]).toBeCloseTo(12.5 * 1.8 + 32, 10);
    expect(s.ys[0][1]).toBeCloseTo(16.5 * 1.8 + 32, 10);
    expect(s.units).toEqual(['°F']);
    expect(s.fromCache).toBe(false);
  });

  it('a hole in held 5-minute history is a break in the line (issue 27), not a line across it', async () => {
    const db = tempDb();
    // Every 5 minutes for 2 hours, with 40 minutes missing in the middle.
    const times = Array.from({ length: 24 }, (_, i) => NOW - 7200 + i * 300).filter(
      (_, i) => i < 10 || i >= 18,
    );
    const { conn } = fakeConnection({
      'weatherMetrics/query': () => [['time', 'tempc0'], times.map((t) => [t, 10])],
    });
    const series = new Series(db, conn, new History(db, conn));
    const s = await series.load('d1', ['tempc0'], NOW - 7200, NOW, '5m', NOW);
    expect(s.x.length).toBe(times.length + 1);
    expect(s.x[10]).toBe(NOW - 7200 + 10 * 300);
    expect(s.ys[0][10]).toBeNaN();
    expect([...s.ys[0]].filter((v) => !Number.isNaN(v))).toHaveLength(times.length);
  });

  it('older ranges use queryGroup (primary aggregates), cache the answer and serve it offline', async () => {
    const db = tempDb();
    let offline = false;
    const { conn, calls } = fakeConnection({
      'weatherMetrics/queryGroup': (q) => {
        if (offline) throw new ApiError('websocket error', 0);
        // The temperature's band (issue 22): its low and high per hour.
        if (q.metrics === 'min_tempc0,max_tempc0')
          return [['time', 'min_tempc0', 'max_tempc0'], [[NOW - 10 * DAY, 3, 8]]];
        expect(q).toMatchObject({ range: '1h', metrics: 'mean_tempc0,max_gust' });
        return [
          ['time', 'mean_tempc0', 'max_gust'],
          [
            [NOW - 10 * DAY, 5, 7],
            [NOW - 10 * DAY + 3600, null, 9],
          ],
        ];
      },
    });
    const series = new Series(db, conn, new History(db, conn));
    const args: [string, string[], number, number, '1h'] = [
      'd1',
      ['tempc0', 'gust'],
      NOW - 10 * DAY,
      NOW - 9 * DAY,
      '1h',
    ];
    const online = await series.load(...args, NOW);
    expect(online.fromCache).toBe(false);
    expect([...online.ys[0]]).toEqual([5, Number.NaN]);
    expect([...online.ys[1]]).toEqual([7, 9]);
    // Only the averaged temperature has a band; the gust is a maximum already.
    expect(online.bands?.map((b) => [b.key, [...b.lo], [...b.hi]])).toEqual([
      ['tempc0', [3, Number.NaN], [8, Number.NaN]],
    ]);
    expect(await db.series.count()).toBe(2);
    offline = true;
    const cached = await series.load(...args, NOW);
    expect(cached.fromCache).toBe(true);
    expect([...cached.x]).toEqual([...online.x]);
    expect([...cached.ys[1]]).toEqual([7, 9]);
    expect([...(cached.bands?.[0].hi ?? [])]).toEqual([8, Number.NaN]);
    expect(calls).toHaveLength(4);
  });

  it("week graphs of held history draw each bucket's low and high around the mean (issue 22)", async () => {
    const db = tempDb();
    const query = () => [
      ['time', 'tempc0', 'dailyrain'],
      [0, 1, 2, 3, 4, 5, 6, 7].map((i) => [NOW - 3600 + i * 300, 10 + (i % 4), i]),
    ];
    const { conn } = fakeConnection({ 'weatherMetrics/query': query });
    const series = new Series(db, conn, new History(db, conn));
    const s = await series.load('d1', ['tempc0', 'dailyrain'], NOW - 3600, NOW, '30m', NOW);
    expect(s.bands?.map((b) => b.key)).toEqual(['tempc0']);
    // 10,11,12,13,10,11 in the first half hour; 12,13 in the second.
    expect([...s.bands![0].lo]).toEqual([10, 12]);
    expect([...s.bands![0].hi]).toEqual([13, 13]);
    // 5-minute (day) graphs have no band: each point is a reading.
    const day = await series.load('d1', ['tempc0'], NOW - 3600, NOW, '5m', NOW);
    expect(day.bands).toBeUndefined();
  });

  it('queryGroup names: plain keys at 5 minutes, primary aggregate prefixes otherwise', () => {
    expect(groupNames(['tempc0', 'dailyrain', 'winddir'], '5m')).toEqual(['tempc0', 'dailyrain', 'winddir']);
    expect(groupNames(['tempc0', 'dailyrain', 'winddir'], '1d')).toEqual([
      'mean_tempc0',
      'max_dailyrain',
      'last_winddir',
    ]);
  });
});
