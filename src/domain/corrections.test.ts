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

test('the source of a time: an import’s closed range wins over the console run, else the run begun by then', () => {
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
