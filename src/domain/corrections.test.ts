// The pure rules of corrections and provenance (src/domain/corrections.ts), with hand-derived numbers.
import { expect, test } from 'vitest';
import { correctSamples, sourceAt, sourceSpans, spanOf } from './corrections';

const at = (time: number, values: Record<string, number | null>) => ({ time, values });

test('removing a running rain total takes out its increase in the range until the counter resets', () => {
  // 0, 1, 2 before; 5 and 8 in the range (+3, +3); 9 and 10 after; a reset to 0.4 the next day.
  const samples = [0, 1, 2, 5, 8, 9, 10, 0.4].map((v, i) => at(i * 100, { dailyrain: v }));
  const edits = correctSamples(samples, { from: 300, to: 400, action: 'remove' }, ['dailyrain']);
  expect(edits.map((e) => [e.time, e.before.dailyrain, e.after.dailyrain])).toEqual([
    [300, 5, 2],
    [400, 8, 2],
    [500, 9, 3],
    [600, 10, 4],
  ]);
});

test('a reset inside the range drops the new count too', () => {
  const samples = [4, 6, 0.5, 1.5, 2].map((v, i) => at(i * 100, { dailyrain: v }));
  const edits = correctSamples(samples, { from: 100, to: 300, action: 'remove' }, ['dailyrain']);
  // 6 (+2) → 4; the reset's 0.5 → 0; 1.5 → 0; after the range 2 is lowered by 1.5 → 0.5.
  expect(edits.map((e) => [e.time, e.after.dailyrain])).toEqual([
    [100, 4],
    [200, 0],
    [300, 0],
    [400, 0.5],
  ]);
});

test('set and remove of a reading re-derive the values that depend on it', () => {
  const samples = [
    at(0, { tempc0: 20, humc0: 50, dewpoint: 9.3 }),
    at(60, { tempc0: 22, humc0: 50, dewpoint: 11.1 }),
  ];
  const set = correctSamples(samples, { from: 60, to: 60, action: 'set', value: 20 }, ['tempc0']);
  expect(set).toHaveLength(1);
  expect(set[0].before.tempc0).toBe(22);
  expect(set[0].after.tempc0).toBe(20);
  expect(set[0].after.dewpoint).toBeCloseTo(9.3, 1);
  const removed = correctSamples(samples, { from: 0, to: 0, action: 'remove' }, ['tempc0']);
  // Without a temperature no dew point: both go.
  expect(removed).toEqual([
    { time: 0, before: { tempc0: 20, dewpoint: 9.3 }, after: { tempc0: null, dewpoint: null } },
  ]);
  expect(correctSamples(samples, { from: 100, to: 200, action: 'remove' }, ['tempc0'])).toEqual([]);
  expect(spanOf(samples, 'tempc0', 0, 60)).toEqual({ count: 2, min: 20, max: 22 });
});

test("the source of a time: an import's closed range wins over the console run, else the run begun by then", () => {
  const ranges = [
    { id: 1, from: 1000, to: null, source: 'ecowitt' },
    { id: 2, from: 500, to: 1500, source: 'import' },
    { id: 3, from: 2000, to: null, source: 'wunderground' },
  ];
  expect([0, 600, 1200, 1600, 2500].map((t) => sourceAt(ranges, t))).toEqual([
    'console',
    'import',
    'import',
    'ecowitt',
    'wunderground',
  ]);
  expect(sourceSpans(ranges, 0, 3000)).toEqual([
    { from: 0, to: 499, source: 'console' },
    { from: 500, to: 1500, source: 'import' },
    { from: 1501, to: 1999, source: 'ecowitt' },
    { from: 2000, to: 3000, source: 'wunderground' },
  ]);
});

test('a set changes only readings that differ and exist, every key of one reading, a rain total too', () => {
  const samples = [
    at(0, { tempc0: 20, humc0: 50, dewpoint: 9.3, uvi: 3 }),
    at(60, { tempc0: null, humc0: 50 }),
    at(120, { humc0: 50, dailyrain: 2 }),
  ];
  // The same value again: nothing changes, not even a stored derived value rounded otherwise.
  expect(correctSamples(samples, { from: 0, to: 120, action: 'set', value: 20 }, ['tempc0'])).toEqual([]);
  expect(correctSamples(samples, { from: 0, to: 120, action: 'set', value: 3 }, ['uvi'])).toEqual([]);
  // Two keys of one reading both change; a null or absent reading is not invented.
  const both = correctSamples(samples, { from: 0, to: 60, action: 'set', value: 30 }, ['tempc0', 'humc0']);
  expect(both.map((e) => [e.time, e.after.tempc0, e.after.humc0])).toEqual([
    [0, 30, 30],
    [60, undefined, 30],
  ]);
  // A running total is set, not lowered.
  expect(correctSamples(samples, { from: 0, to: 120, action: 'set', value: 5 }, ['dailyrain'])).toEqual([
    { time: 120, before: { dailyrain: 2 }, after: { dailyrain: 5 } },
  ]);
});

test('a derived value the reading did not have is not added by a correction', () => {
  const samples = [at(0, { tempc0: 20, humc0: 50 })];
  expect(correctSamples(samples, { from: 0, to: 0, action: 'set', value: 25 }, ['tempc0'])).toEqual([
    { time: 0, before: { tempc0: 20 }, after: { tempc0: 25 } },
  ]);
});

test('a running total: no rise in the range takes nothing out; missing readings are skipped; the first reading counts from itself', () => {
  const flat = [2, 2, 2, 5].map((v, i) => at(i * 100, { dailyrain: v }));
  expect(correctSamples(flat, { from: 100, to: 200, action: 'remove' }, ['dailyrain'])).toEqual([]);
  // 1 before the range (a missing reading between), 4 in it (+3), 6 after it → 1, 3.
  const gaps = [
    at(0, { dailyrain: 1 }),
    at(100, { dailyrain: null }),
    at(150, {}),
    at(200, { dailyrain: 4 }),
    at(300, { dailyrain: 6 }),
  ];
  expect(
    correctSamples(gaps, { from: 100, to: 200, action: 'remove' }, ['dailyrain']).map((e) => [
      e.time,
      e.after.dailyrain,
    ]),
  ).toEqual([
    [200, 1],
    [300, 3],
  ]);
  // The range starts at the first reading: its own total stays, the rise after it goes.
  const first = [3, 5, 6].map((v, i) => at(i * 100, { dailyrain: v }));
  expect(
    correctSamples(first, { from: 0, to: 100, action: 'remove' }, ['dailyrain']).map((e) => [
      e.time,
      e.after.dailyrain,
    ]),
  ).toEqual([
    [100, 3],
    [200, 4],
  ]);
});

test('the span of one metric or of every value in [from, to], its ends included', () => {
  const samples = [
    at(0, { tempc0: 9, humc0: 90 }),
    at(60, { tempc0: 12, humc0: null }),
    at(120, { tempc0: -3, humc0: 40 }),
    at(180, { tempc0: 30 }),
  ];
  expect(spanOf(samples, 'tempc0', 60, 120)).toEqual({ count: 2, min: -3, max: 12 });
  expect(spanOf(samples, 'humc0', 0, 180)).toEqual({ count: 2, min: 40, max: 90 });
  expect(spanOf(samples, 'all', 0, 120)).toEqual({ count: 5, min: null, max: null });
  expect(spanOf(samples, 'tempc0', 200, 300)).toEqual({ count: 0, min: null, max: null });
});

test("sources: the newest of two closed ranges, the later of two runs, and spans cut at a range's ends", () => {
  const ranges = [
    { id: 1, from: 0, to: null, source: 'ecowitt' },
    { id: 2, from: 100, to: 200, source: 'import' },
    { id: 3, from: 150, to: 200, source: 'backfill' },
    { id: 4, from: 300, to: null, source: 'wunderground' },
    { id: 5, from: 300, to: null, source: 'wslink' },
  ];
  expect([100, 150, 200, 201, 299, 300].map((t) => sourceAt(ranges, t))).toEqual([
    'import',
    'backfill',
    'backfill',
    'ecowitt',
    'ecowitt',
    'wslink',
  ]);
  expect(sourceSpans(ranges, 100, 300)).toEqual([
    { from: 100, to: 149, source: 'import' },
    { from: 150, to: 200, source: 'backfill' },
    { from: 201, to: 299, source: 'ecowitt' },
    { from: 300, to: 300, source: 'wslink' },
  ]);
  // The same answers whatever order the ranges come in (newest by id, latest run by its start, then by id).
  const reversed = [...ranges].reverse();
  expect([100, 150, 200, 201, 299, 300].map((t) => sourceAt(reversed, t))).toEqual(
    [100, 150, 200, 201, 299, 300].map((t) => sourceAt(ranges, t)),
  );
  expect(sourceAt([ranges[0], ranges[3], ranges[4], { id: 6, from: 250, to: null, source: 'x' }], 400)).toBe(
    'wslink',
  );
  // Cut points outside [from, to] are not spans of their own.
  expect(sourceSpans(ranges, 160, 180)).toEqual([{ from: 160, to: 180, source: 'backfill' }]);
});
