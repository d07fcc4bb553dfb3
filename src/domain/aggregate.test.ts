import { describe, expect, it } from 'vitest';
import {
  type Agg,
  addValue,
  aggColumn,
  aggValue,
  changeFor,
  changeIndicator,
  emptyAgg,
  foldAggs,
  foldRows,
  mergeAgg,
  primaryOf,
} from './aggregate';
import { localDayStart } from './timeZones';
import type { UnitType } from './types';
import { UNIT_TYPES } from './unitTypes';

const aggOf = (...vs: (number | null)[]) => vs.reduce<Agg>((a, v) => addValue(a, v), emptyAgg());

describe('Agg', () => {
  it('tracks count, sum, min, max and last, skipping missing values', () => {
    const a = aggOf(3, null, 1, Number.NaN, 5, 2);
    expect(a).toEqual([4, 11, 1, 5, 2]);
    expect(aggValue(a, 'mean')).toBe(2.75);
    expect(aggValue(a, 'sum')).toBe(11);
    expect(aggValue(a, 'min')).toBe(1);
    expect(aggValue(a, 'max')).toBe(5);
    expect(aggValue(a, 'last')).toBe(2);
    expect(aggValue(a, 'count')).toBe(4);
  });

  it('has no value when empty, and survives JSON when empty', () => {
    const e = emptyAgg();
    expect(aggValue(e, 'mean')).toBeNull();
    expect(aggValue(e, 'last')).toBeNull();
    expect(aggValue(e, 'count')).toBe(0);
    const revived = JSON.parse(JSON.stringify(e)) as Agg;
    expect(addValue(revived, -7)).toEqual([1, -7, -7, -7, -7]);
  });

  it('starts an Agg when given none', () => {
    expect(addValue(undefined, 4)).toEqual([1, 4, 4, 4, 4]);
  });

  it('merges an earlier and a later aggregate', () => {
    expect(mergeAgg(aggOf(1, 4), aggOf(2, 3))).toEqual([4, 10, 1, 4, 3]);
    expect(mergeAgg(emptyAgg(), aggOf(2))).toEqual([1, 2, 2, 2, 2]);
    expect(mergeAgg(aggOf(2), emptyAgg())).toEqual([1, 2, 2, 2, 2]);
    const a = aggOf(1);
    mergeAgg(a, aggOf(9));
    expect(a).toEqual([1, 1, 1, 1, 1]);
  });

  it('names aggregate columns with the spec prefixes', () => {
    expect(aggColumn('mean', 'tempc0')).toBe('mean_tempc0');
  });
});

describe('foldRows', () => {
  // 5-minute rows from 00:00 to 01:05 UTC.
  const rows = Array.from({ length: 14 }, (_, i) => ({
    time: 1717200000 + i * 300,
    tempc0: 20 + i,
    dailyrain: i < 7 ? i * 0.5 : null,
    winddir: i * 10,
  }));

  it('groups into aligned 30-minute buckets with each key primary aggregate', () => {
    const out = foldRows(rows, 1800, ['tempc0', 'dailyrain', 'winddir']);
    expect(out.map((r) => r.time)).toEqual([1717200000, 1717201800, 1717203600]);
    expect(out[0]).toEqual({ time: 1717200000, tempc0: 22.5, dailyrain: 2.5, winddir: 50 });
    expect(out[1]).toEqual({ time: 1717201800, tempc0: 28.5, dailyrain: 3, winddir: 110 });
    expect(out[2]).toEqual({ time: 1717203600, tempc0: 32.5, dailyrain: null, winddir: 130 });
  });

  it('uses one aggregate for every key when asked', () => {
    const out = foldRows(rows, 3600, ['tempc0', 'winddir'], 'max');
    expect(out).toEqual([
      { time: 1717200000, tempc0: 31, winddir: 110 },
      { time: 1717203600, tempc0: 33, winddir: 130 },
    ]);
  });

  it('aligns daily buckets with a caller-supplied device-local day start', () => {
    const hk = (t: number) => localDayStart(t, 'Asia/Hong_Kong');
    // 15:55 and 16:00 UTC fall on different Hong Kong days.
    const daily = foldRows(
      [
        { time: 1717257300, tempc0: 10 },
        { time: 1717257600, tempc0: 30 },
        { time: 1717261200, tempc0: 20 },
      ],
      hk,
      ['tempc0'],
    );
    expect(daily).toEqual([
      { time: 1717171200, tempc0: 10 },
      { time: 1717257600, tempc0: 25 },
    ]);
  });

  it('keeps the aggregates for storage', () => {
    const [b] = foldAggs(
      [
        { time: 5, tempc0: 1 },
        { time: 10, tempc0: 3 },
      ],
      300,
      ['tempc0', 'humc0'],
    );
    expect(b).toEqual({ time: 0, aggs: { tempc0: [2, 4, 1, 3, 3], humc0: [0, 0, 0, 0, 0] } });
  });
});

describe('changeIndicator', () => {
  it('compares against a sensitivity', () => {
    expect(changeIndicator(20, 20.05, 0.1)).toBe('nochange');
    expect(changeIndicator(20.1, 20.2, 0.1)).toBe('up');
    expect(changeIndicator(20.2, 20.1, 0.1)).toBe('down');
    expect(changeIndicator(5, 5)).toBe('nochange');
    expect(changeIndicator(5, 5.0001)).toBe('up');
    expect(changeIndicator(null, 5)).toBe('nochange');
    expect(changeIndicator(5, undefined)).toBe('nochange');
  });

  it('uses per-unit-type defaults', () => {
    expect(changeIndicator(50, 50.5, 'humidity')).toBe('nochange');
    expect(changeIndicator(50, 51, 'humidity')).toBe('up');
    expect(changeFor('tempc0', 20, 19.9)).toBe('down');
    expect(changeFor('humc0', 50, 49.5)).toBe('nochange');
    expect(changeFor('co2', 400, 401)).toBe('up');
  });

  // The smallest step each unit type shows (base units): a tenth where the card shows a decimal, else one.
  const STEPS: [UnitType, number][] = [
    ['temperature', 0.1],
    ['humidity', 1],
    ['pressure', 0.1],
    ['windSpeed', 0.1],
    ['windDirection', 1],
    ['rain', 0.1],
    ['rainRate', 0.1],
    ['light', 1],
    ['uv', 0.1],
    ['distance', 0.1],
    ['hcho', 1],
    ['co2', 1],
    ['co', 0.1],
    ['pm', 1],
    ['aqi', 1],
    ['count', 1],
    ['time', 1],
    ['level', 1],
    ['battery', 1],
    ['state', 1],
    ['voltage', 0.1],
    ['degreeDays', 0.1],
    ['et0', 0.1],
    ['none', 1],
  ];

  it('covers every unit type', () => {
    expect(Object.keys(UNIT_TYPES).sort()).toEqual(STEPS.map(([type]) => type).sort());
  });

  it.each(STEPS)('%s: a step of %d moves the arrow, 90 %% of it does not', (type, step) => {
    expect(changeIndicator(1000, 1000 + step, type)).toBe('up');
    expect(changeIndicator(1000, 1000 - step, type)).toBe('down');
    expect(changeIndicator(1000, 1000 + 0.9 * step, type)).toBe('nochange');
    expect(changeIndicator(1000, 1000 - 0.9 * step, type)).toBe('nochange');
  });

  it('the pressure arrow at 0.1 hPa: 1013.2 → 1013.3 is up (floating point: 0.0999…), 1013.25 is not', () => {
    expect(changeFor('relbaro', 1013.2, 1013.3)).toBe('up');
    expect(changeFor('relbaro', 1013.2, 1013.25)).toBe('nochange');
    expect(changeFor('absbaro', 1013.3, 1013.2)).toBe('down');
  });
});

describe('edges of the running aggregates (Stryker survivors)', () => {
  it('skips non-finite values without counting them', () => {
    const a = addValue(null, 5);
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, null, undefined]) addValue(a, bad);
    expect(a).toEqual([1, 5, 5, 5, 5]);
  });

  it('rows coming back to an earlier bucket add to it; buckets come out in time order; text values are skipped', () => {
    const rows = [
      { time: 600, t: 3 },
      { time: 0, t: 1 },
      { time: 700, t: 5 },
      { time: 100, t: 2 },
      { time: 150, t: 'x' },
    ];
    const buckets = foldAggs(rows, 300, ['t']);
    expect(buckets.map((b) => [b.time, b.aggs.t])).toEqual([
      [0, [2, 3, 1, 2, 2]],
      [600, [2, 8, 3, 5, 5]],
    ]);
  });

  it('a key outside the catalogue: mean as its primary, and any change moves its arrow', () => {
    expect(primaryOf('nope')).toBe('mean');
    expect(changeFor('nope', 1, 1.5)).toBe('up');
  });
});
