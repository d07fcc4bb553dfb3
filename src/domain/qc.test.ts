// Quality-control rules with numbers worked out by hand from the declarations: temperature may move 3 °C a
// minute, humidity 10 %, pressure 1 hPa, wind 5 m/s, a rain counter rise 15 mm, each over at least 5 minutes;
// readings unchanged for 6 h (wind 12 h, except calm; humidity from 97 % 48 h) are stuck.
import { describe, expect, it } from 'vitest';
import { METRIC_BY_KEY, METRICS } from './catalogue';
import {
  canDecide,
  defaultQcSettings,
  dropDerivedOf,
  flagsByDay,
  judgeInto,
  limitable,
  type QcTrack,
  qcSettingsRules,
  rainSince,
  rulesOf,
  tracksFrom,
} from './qc';
import { inputReaders } from './readers';

const T0 = 1_700_000_000;
const track = (v: number, t = T0, since = t): Map<string, QcTrack> => new Map([['tempc0', { v, t, since }]]);

describe('which metrics have rules', () => {
  it('readings have their unit type’s rates; derived, gusts, steady and state metrics none', () => {
    expect(rulesOf('tempc0')).toMatchObject({ spikePerMinute: 3, stuckHours: 6, counter: false });
    expect(rulesOf('humc0')).toMatchObject({
      spikePerMinute: 10,
      stuckHours: 6,
      stuckSlow: { from: 97, hours: 48 },
    });
    expect(rulesOf('relbaro')).toMatchObject({ spikePerMinute: 1, stuckHours: 6 });
    expect(rulesOf('windspd')).toMatchObject({ spikePerMinute: 5, stuckHours: 12, stuckExcept: 0 });
    expect(rulesOf('dailyrain')).toEqual({ spikePerMinute: 15, counter: true });
    for (const k of ['dewpoint', 'gust', 'soilc1', 'leafc1', 'batc0', 'winddir', 'uvi'])
      expect(rulesOf(k)).toBeNull();
  });
});

describe('spike rule', () => {
  it('flags 80 °C one minute after 20 °C and keeps the previous accepted value', () => {
    const tracks = track(20);
    const values: Record<string, number | null> = { tempc0: 80, humc0: 50, dewpoint: 60 };
    expect(judgeInto(values, T0 + 60, tracks, [])).toEqual([{ key: 'tempc0', value: 80, reason: 'spike' }]);
    // Left out, and the console's dew point computed from it with it.
    expect(values).toEqual({ tempc0: null, humc0: 50 });
    expect(tracks.get('tempc0')).toEqual({ v: 20, t: T0, since: T0 });
    // The next normal reading is judged against 20 °C, two minutes on: 20.4 passes.
    expect(judgeInto({ tempc0: 20.4 }, T0 + 120, tracks, [])).toEqual([]);
    expect(tracks.get('tempc0')).toEqual({ v: 20.4, t: T0 + 120, since: T0 + 120 });
  });

  it('allows 3 °C per minute elapsed, over at least 5 minutes', () => {
    // 16 s later: the allowance is five minutes', 15 °C: 35 passes, 35.1 does not.
    expect(judgeInto({ tempc0: 35 }, T0 + 16, track(20), [])).toEqual([]);
    expect(judgeInto({ tempc0: 35.1 }, T0 + 16, track(20), [])[0]?.reason).toBe('spike');
    // 10 minutes later: 30 °C; a fall of 30 passes, of 30.5 not.
    expect(judgeInto({ tempc0: -10 }, T0 + 600, track(20), [])).toEqual([]);
    expect(judgeInto({ tempc0: -10.5 }, T0 + 600, track(20), [])[0]?.reason).toBe('spike');
  });

  it('judges an older reading (a backlog) only by the owner’s limits', () => {
    expect(judgeInto({ tempc0: 70 }, T0 - 60, track(20), [])).toEqual([]);
    expect(judgeInto({ tempc0: 70 }, T0 - 60, track(20), [{ key: 'tempc0', max: 45 }])[0]?.reason).toBe(
      'ownerLimit',
    );
  });
});

describe('rain rule', () => {
  it('a falling counter is a reset, not negative rain; only the lifetime counter is shown', () => {
    const tracks = new Map<string, QcTrack>([
      ['dailyrain', { v: 12.5, t: T0, since: T0 }],
      ['totalrain', { v: 800, t: T0, since: T0 }],
    ]);
    const values: Record<string, number | null> = { dailyrain: 0, totalrain: 0.3 };
    expect(judgeInto(values, T0 + 60, tracks, [])).toEqual([
      { key: 'totalrain', value: 0.3, reason: 'rainReset' },
    ]);
    // Both stay in the data, and the counters start again from there.
    expect(values).toEqual({ dailyrain: 0, totalrain: 0.3 });
    expect(tracks.get('dailyrain')?.v).toBe(0);
    expect(rainSince(12.5, 0)).toBe(0);
    expect(rainSince(12.5, 0.4)).toBe(0.4);
    expect(rainSince(12.5, 13.1)).toBeCloseTo(0.6, 10);
  });

  it('a counter rising over 15 mm a minute is a spike', () => {
    const tracks = new Map<string, QcTrack>([['dailyrain', { v: 2, t: T0, since: T0 }]]);
    // Ten minutes: 150 mm allowed. 2 → 152.5 is a spike, 2 → 152 passes; a minute: five minutes' 75 mm.
    expect(judgeInto({ dailyrain: 152.5 }, T0 + 600, tracks, [])[0]?.reason).toBe('spike');
    expect(judgeInto({ dailyrain: 152 }, T0 + 600, tracks, [])).toEqual([]);
    expect(judgeInto({ dailyrain: 228 }, T0 + 660, tracks, [])[0]?.reason).toBe('spike');
    expect(judgeInto({ dailyrain: 227 }, T0 + 660, tracks, [])).toEqual([]);
  });
});

describe('stuck rule', () => {
  it('flags a humidity unchanged for 6 hours, not before, and lets it go when it moves', () => {
    // Unchanged since T0, the last reading at 5 h.
    const tracks = new Map<string, QcTrack>([['humc0', { v: 90, t: T0 + 5 * 3600, since: T0 }]]);
    // 5 h 59 min unchanged: fine.
    expect(judgeInto({ humc0: 90 }, T0 + 6 * 3600 - 60, tracks, [])).toEqual([]);
    // 6 h: stuck.
    const values: Record<string, number | null> = { humc0: 90 };
    expect(judgeInto(values, T0 + 6 * 3600, tracks, [])).toEqual([
      { key: 'humc0', value: 90, reason: 'stuck' },
    ]);
    expect(values.humc0).toBeNull();
    expect(judgeInto({ humc0: 91 }, T0 + 6 * 3600 + 60, tracks, [])).toEqual([]);
    expect(tracks.get('humc0')?.since).toBe(T0 + 6 * 3600 + 60);
  });

  it('a saturated humidity (fog, rain) is stuck only after 48 hours: 97 % and up', () => {
    const tracks = new Map<string, QcTrack>([['humc0', { v: 99, t: T0 + 47 * 3600, since: T0 }]]);
    expect(judgeInto({ humc0: 99 }, T0 + 48 * 3600 - 60, tracks, [])).toEqual([]);
    expect(judgeInto({ humc0: 99 }, T0 + 48 * 3600, tracks, [])).toEqual([
      { key: 'humc0', value: 99, reason: 'stuck' },
    ]);
    // 96 % is not saturated: 6 hours.
    const below = new Map<string, QcTrack>([['humc0', { v: 96, t: T0 + 5 * 3600, since: T0 }]]);
    expect(judgeInto({ humc0: 96 }, T0 + 6 * 3600, below, [])[0]?.reason).toBe('stuck');
    const at = new Map<string, QcTrack>([['humc0', { v: 97, t: T0 + 5 * 3600, since: T0 }]]);
    expect(judgeInto({ humc0: 97 }, T0 + 6 * 3600, at, [])).toEqual([]);
  });

  it('counts only a run without gaps over an hour: the same humidity a day later is no stuck sensor', () => {
    const tracks = new Map<string, QcTrack>([['humc0', { v: 60, t: T0, since: T0 }]]);
    expect(judgeInto({ humc0: 60 }, T0 + 86400, tracks, [])).toEqual([]);
    expect(tracks.get('humc0')).toEqual({ v: 60, t: T0 + 86400, since: T0 + 86400 });
    // An hour's gap still continues the run.
    tracks.set('humc0', { v: 60, t: T0 + 5 * 3600, since: T0 });
    expect(judgeInto({ humc0: 60 }, T0 + 6 * 3600, tracks, [])[0]?.reason).toBe('stuck');
  });

  it('calm wind is never stuck; a steady 3.4 m/s is after 12 hours', () => {
    const tracks = new Map<string, QcTrack>([
      ['windspd', { v: 0, t: T0 + 11.5 * 3600, since: T0 }],
      ['windavg10m', { v: 3.4, t: T0 + 11.5 * 3600, since: T0 }],
    ]);
    expect(judgeInto({ windspd: 0, windavg10m: 3.4 }, T0 + 12 * 3600, tracks, [])).toEqual([
      { key: 'windavg10m', value: 3.4, reason: 'stuck' },
    ]);
  });
});

describe('owner limits', () => {
  it('are checked before the rates, on any metric they name', () => {
    const values: Record<string, number | null> = { tempc0: 20, relbaro: 1050 };
    expect(judgeInto(values, T0, new Map(), [{ key: 'relbaro', min: 950, max: 1045 }])).toEqual([
      { key: 'relbaro', value: 1050, reason: 'ownerLimit' },
    ]);
    expect(values).toEqual({ tempc0: 20, relbaro: null });
  });

  it('are read as a settings record: one per measured metric, within its range, min below max', () => {
    const r = inputReaders((m) => new Error(m));
    const rules = qcSettingsRules(r);
    expect(
      rules(
        {
          limits: [
            { key: 'tempc0', max: 45 },
            { key: 'humc0', min: 5 },
          ],
        },
        false,
      ),
    ).toEqual({
      limits: [
        { key: 'humc0', min: 5 },
        { key: 'tempc0', max: 45 },
      ],
    });
    expect(rules({}, true)).toEqual({ limits: [] });
    expect(() => rules({ limits: [{ key: 'dewpoint', max: 3 }] }, false)).toThrow(
      'dewpoint cannot be limited',
    );
    expect(() => rules({ limits: [{ key: 'tempc0' }] }, false)).toThrow('needs a lowest or highest');
    expect(() => rules({ limits: [{ key: 'tempc0', min: 5, max: 5 }] }, false)).toThrow('below the highest');
    expect(() => rules({ limits: [{ key: 'tempc0', max: 500 }] }, false)).toThrow(
      'max must be a valid number',
    );
    expect(() =>
      rules(
        {
          limits: [
            { key: 'tempc0', max: 4 },
            { key: 'tempc0', min: 1 },
          ],
        },
        false,
      ),
    ).toThrow('two limits');
    expect(() => rules({ other: 1 }, false)).toThrow('other cannot be set');
  });
});

describe('tracks, days and decisions', () => {
  it('start from the newest stored reading, for metrics with rules only', () => {
    const tracks = tracksFrom({ time: T0, tempc0: 20, dewpoint: 10, batc0: 5, humc0: null });
    expect([...tracks]).toEqual([['tempc0', { v: 20, t: T0, since: T0 }]]);
    expect(tracksFrom(undefined).size).toBe(0);
  });

  it('group flags by the station’s local day, newest day first', () => {
    // 2023-11-14 22:13:20 UTC is 23:13:20 in Berlin; an hour later is the 15th there.
    const days = flagsByDay([{ time: T0 + 3600 }, { time: T0 }], 'Europe/Berlin');
    expect(days).toEqual([
      { day: '2023-11-15', flags: [{ time: T0 + 3600 }] },
      { day: '2023-11-14', flags: [{ time: T0 }] },
    ]);
  });

  it('let the owner accept or reject a flag, accept a rejected one, never undo an accept', () => {
    expect(canDecide('flagged', 'accepted', 'spike')).toBe(true);
    expect(canDecide('flagged', 'rejected', 'stuck')).toBe(true);
    expect(canDecide('rejected', 'accepted', 'spike')).toBe(true);
    expect(canDecide('accepted', 'rejected', 'spike')).toBe(false);
    expect(canDecide('flagged', 'flagged', 'spike')).toBe(false);
    expect(canDecide('flagged', 'accepted', 'limit')).toBe(false);
    expect(canDecide('flagged', 'rejected', 'limit')).toBe(true);
  });
});

// Issue 30: the survivors of the mutation run, each value worked out by hand from the rules above.
describe('qc edges', () => {
  it('a new station has no limits', () => {
    expect(defaultQcSettings('dev1')).toStrictEqual({ weatherDevice: 'dev1', limits: [] });
  });

  it('an unchanged counter is no rain and no reset', () => {
    expect(rainSince(5, 5)).toBe(0);
    const tracks = new Map<string, QcTrack>([['totalrain', { v: 800, t: T0, since: T0 }]]);
    expect(judgeInto({ totalrain: 800 }, T0 + 60, tracks, [])).toEqual([]);
    // Unchanged: the run goes on from T0.
    expect(tracks.get('totalrain')).toEqual({ v: 800, t: T0 + 60, since: T0 });
  });

  it('skips missing values: a null is no reading below a limit, an undefined moves no track', () => {
    const tracks = new Map<string, QcTrack>([['humc0', { v: 50, t: T0, since: T0 }]]);
    const values: Record<string, number | null> = { tempc0: null, humc0: undefined as unknown as null };
    const limits = [
      { key: 'tempc0', min: 5 },
      { key: 'humc0', min: 5 },
    ];
    expect(judgeInto(values, T0 + 60, tracks, limits)).toEqual([]);
    expect([...tracks]).toEqual([['humc0', { v: 50, t: T0, since: T0 }]]);
  });

  it('a first reading starts its track; a derived value or one at the same time moves none', () => {
    const tracks = new Map<string, QcTrack>();
    expect(judgeInto({ tempc0: 20, dewpoint: 10 }, T0, tracks, [])).toEqual([]);
    expect([...tracks]).toEqual([['tempc0', { v: 20, t: T0, since: T0 }]]);
    // The same second again with 80 °C: not newer than the track, so not judged (no spike) and not tracked.
    expect(judgeInto({ tempc0: 80 }, T0, tracks, [])).toEqual([]);
    expect(tracks.get('tempc0')).toEqual({ v: 20, t: T0, since: T0 });
  });

  it('owner limits: a lowest or a highest value alone, each bound itself allowed', () => {
    const judge = (key: string, v: number, limit: { key: string; min?: number; max?: number }) =>
      judgeInto({ [key]: v }, T0, new Map(), [limit]).map((f) => f.reason);
    const low = { key: 'tempc0', min: 5 };
    expect(judge('tempc0', 5, low)).toEqual([]);
    expect(judge('tempc0', 4.9, low)).toEqual(['ownerLimit']);
    expect(judge('tempc0', 40, low)).toEqual([]);
    const high = { key: 'tempc0', max: 30 };
    expect(judge('tempc0', 30, high)).toEqual([]);
    expect(judge('tempc0', 30.1, high)).toEqual(['ownerLimit']);
    expect(judge('tempc0', -10, high)).toEqual([]);
    // A limit of another metric does not apply.
    expect(judge('humc0', 99, { key: 'tempc0', max: 30 })).toEqual([]);
  });

  it('keeps a derived value whose inputs passed, drops it when any of its inputs failed', () => {
    // Only the pressure fails: the dew point (from temperature and humidity) stays.
    const kept: Record<string, number | null> = { relbaro: 1050, tempc0: 20, dewpoint: 10 };
    judgeInto(kept, T0, new Map(), [{ key: 'relbaro', max: 1045 }]);
    expect(kept).toStrictEqual({ relbaro: null, tempc0: 20, dewpoint: 10 });
    // The pressure and the temperature fail: the dew point goes with the temperature.
    const dropped: Record<string, number | null> = { relbaro: 1050, tempc0: 50, dewpoint: 10 };
    judgeInto(dropped, T0, new Map(), [
      { key: 'relbaro', max: 1045 },
      { key: 'tempc0', max: 45 },
    ]);
    expect(dropped).toStrictEqual({ relbaro: null, tempc0: null });
    // A dew point that is already null stays as it is (null, not removed).
    const none: Record<string, number | null> = { tempc0: 50, dewpoint: null };
    judgeInto(none, T0, new Map(), [{ key: 'tempc0', max: 45 }]);
    expect(none).toStrictEqual({ tempc0: null, dewpoint: null });
    // A reset counter stays in the data: nothing derived from it is removed.
    const reset: Record<string, number | null> = { dewpoint: 10 };
    dropDerivedOf(reset, [{ key: 'tempc0', reason: 'rainReset' }]);
    expect(reset).toStrictEqual({ dewpoint: 10 });
  });

  it('settings: errors name the limits field and the limit by its place', () => {
    const r = inputReaders((m, data) => Object.assign(new Error(m), { data }));
    const rules = qcSettingsRules(r);
    const error = (input: unknown) => {
      try {
        rules(input, false);
      } catch (e) {
        return { message: (e as Error).message, data: (e as { data?: unknown }).data };
      }
      return null;
    };
    const list = { message: 'limits must be a list of at most 100 limits', data: { field: 'limits' } };
    expect(error({ limits: 'tempc0' })).toEqual(list);
    expect(error({ limits: Array.from({ length: 101 }, () => ({ key: 'tempc0', max: 4 })) })).toEqual(list);
    // 100 is allowed as a length: the hundred are refused for their repeated key instead.
    expect(error({ limits: Array.from({ length: 100 }, () => ({ key: 'tempc0', max: 4 })) })).toEqual({
      message: 'tempc0 has two limits',
      data: { field: 'limits' },
    });
    expect(error({ limits: [{ key: 'tempc0', max: 4 }, 'x'] })?.message).toBe(
      'The limit 2 must be an object',
    );
    expect(error({ limits: [{ key: 'dewpoint', max: 3 }] })).toEqual({
      message: 'dewpoint cannot be limited',
      data: { field: 'limits' },
    });
    expect(error({ limits: [{ key: 'tempc0' }] })).toEqual({
      message: 'tempc0 needs a lowest or highest value',
      data: { field: 'limits' },
    });
    expect(error({ limits: [{ key: 'tempc0', min: 5, max: 5 }] })).toEqual({
      message: 'tempc0: the lowest value must be below the highest',
      data: { field: 'limits' },
    });
    // The catalogue's range bounds the lowest value too: −500 °C is outside it.
    expect(error({ limits: [{ key: 'tempc0', min: -500 }] })?.message).toBe('min must be a valid number');
  });

  it('settings: both bounds kept, a missing one absent, sorted by key', () => {
    const rules = qcSettingsRules(inputReaders((m) => new Error(m)));
    expect(
      rules(
        {
          limits: [
            { key: 'tempc0', min: -10, max: 45 },
            { key: 'humc0', max: 99 },
            { key: 'windspd', max: 40 },
            { key: 'relbaro', min: 950 },
          ],
        },
        false,
      ),
    ).toStrictEqual({
      limits: [
        { key: 'humc0', max: 99 },
        { key: 'relbaro', min: 950 },
        { key: 'tempc0', min: -10, max: 45 },
        { key: 'windspd', max: 40 },
      ],
    });
  });

  it('settings: a limit for every metric that can have one, in any order, come out sorted by key', () => {
    const keys = METRICS.filter((d) => limitable(d.key)).map((d) => d.key);
    // More than 64: the sort merges runs (galloping) instead of inserting one by one.
    expect(keys.length).toBeGreaterThan(64);
    // Odd places first, then even ones reversed: runs that go both ways.
    const order = [...keys.filter((_, i) => i % 2 === 1), ...keys.filter((_, i) => i % 2 === 0).reverse()];
    const rules = qcSettingsRules(inputReaders((m) => new Error(m)));
    const out =
      rules({ limits: order.map((key) => ({ key, max: METRIC_BY_KEY[key].max })) }, false).limits ?? [];
    const sorted = [...keys].sort((a, b) => (a < b ? -1 : 1));
    expect(out.map((l) => l.key)).toEqual(sorted);
  });

  it('days: two digits for month and day, flags of one day in time order, days newest first', () => {
    // 2024-01-05 00:00 UTC = 1 704 412 800; in UTC the flags fall on the 5th, 5th and 6th, and 4th.
    const jan5 = 1_704_412_800;
    const days = flagsByDay(
      [{ time: jan5 + 7200 }, { time: jan5 + 86_400 }, { time: jan5 + 60 }, { time: jan5 - 60 }],
      'UTC',
    );
    expect(days).toEqual([
      { day: '2024-01-06', flags: [{ time: jan5 + 86_400 }] },
      { day: '2024-01-05', flags: [{ time: jan5 + 60 }, { time: jan5 + 7200 }] },
      { day: '2024-01-04', flags: [{ time: jan5 - 60 }] },
    ]);
  });

  it('a flag never goes back to flagged, nor to the status it has', () => {
    expect(canDecide('rejected', 'flagged', 'spike')).toBe(false);
    expect(canDecide('rejected', 'rejected', 'spike')).toBe(false);
  });
});
