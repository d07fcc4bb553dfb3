import { describe, expect, test } from 'vitest';
import type { CalibrationEntry } from './calibration';
import {
  appliedSegments,
  dependentsOf,
  effectiveEntries,
  IDENTITY,
  invert,
  remap,
  remapAgg,
  sameTransform,
  segmentAt,
  targetAt,
  uniformOver,
} from './recalibration';

const entry = (since: number, e: Partial<CalibrationEntry>): CalibrationEntry => ({
  key: 'tempc0',
  offset: 0,
  multiplier: 1,
  quadratic: 0,
  since: since * 1000,
  ...e,
});

describe('recalibration arithmetic', () => {
  test('invert undoes a linear and a quadratic calibration', () => {
    const lin = { offset: 1.5, multiplier: 1.1, quadratic: 0 };
    expect(invert(lin, 1.1 * 20 + 1.5)).toBeCloseTo(20, 12);
    const quad = { offset: -0.3, multiplier: 0.98, quadratic: 0.002 };
    for (const v of [-20, 0, 15, 40]) expect(invert(quad, 0.002 * v * v + 0.98 * v - 0.3)).toBeCloseTo(v, 10);
    expect(invert({ offset: 0, multiplier: -2, quadratic: 0 }, 4)).toBe(-2);
  });

  test('an aggregate maps exactly for linear calibrations; a negative slope swaps min and max', () => {
    // Values 10, 12, 20 stored raw; g = 2v + 1 → 21, 25, 41.
    const g = { offset: 1, multiplier: 2, quadratic: 0 };
    expect(remapAgg(IDENTITY, g, [3, 42, 10, 20, 12])).toEqual([3, 87, 21, 41, 25]);
    // From g to h = −v: raw 10, 12, 20 → −10, −12, −20.
    expect(remapAgg(g, { offset: 0, multiplier: -1, quadratic: 0 }, [3, 87, 21, 41, 25])).toEqual([
      3, -42, -20, -10, -12,
    ]);
    expect(remapAgg(IDENTITY, g, [0, 0, 0, 0, 0])).toEqual([0, 0, 0, 0, 0]);
  });

  test('quadratic: extremes exact, the sum from the mean (stated approximation)', () => {
    const q = { offset: 0, multiplier: 1, quadratic: 0.01 };
    const a = remapAgg(IDENTITY, q, [2, 30, 10, 20, 20])!;
    expect(a[2]).toBeCloseTo(11, 12);
    expect(a[3]).toBeCloseTo(24, 12);
    expect(a[1]).toBeCloseTo(2 * remap(IDENTITY, q, 15), 12); // the exact sum would be 35
  });

  test('segments: the entries’ history, with re-applications laid over it in order', () => {
    const entries = [entry(1000, { offset: 1 }), entry(2000, { offset: 2 })];
    let segs = appliedSegments(entries, [], 'tempc0');
    expect(segmentAt(segs, 500).offset).toBe(0);
    expect(segmentAt(segs, 1500).offset).toBe(1);
    expect(segmentAt(segs, 2500).offset).toBe(2);
    expect(uniformOver(segs, 900, 1100)).toBeNull();
    expect(uniformOver(segs, 1000, 1300)?.offset).toBe(1);
    segs = appliedSegments(
      entries,
      [
        { from: 800, to: 2200, offset: 5, multiplier: 1, quadratic: 0 },
        { from: 1200, to: 1300, offset: 7, multiplier: 1, quadratic: 0 },
      ],
      'tempc0',
    );
    expect([700, 900, 1250, 1500, 2100, 2300].map((t) => segmentAt(segs, t).offset)).toEqual([
      0, 5, 7, 5, 5, 2,
    ]);
    expect(targetAt(entries, 'tempc0', 3_000_000).offset).toBe(2);
    expect(targetAt(entries, 'humc0', 3_000_000)).toEqual(IDENTITY);
  });

  test('derived metrics follow their inputs', () => {
    expect(dependentsOf('tempc0')).toEqual(expect.arrayContaining(['dewpoint', 'heatindex', 'feelslike']));
    expect(dependentsOf('relbaro')).toEqual([]);
  });

  test('ingest applies the entries with the re-applications laid over them', () => {
    const entries = [entry(5000, { offset: 2 }), { ...entry(0, { multiplier: 2 }), key: 'humc0' }];
    const applied = new Map([['tempc0', [{ from: 1000, to: 5000, offset: 2, multiplier: 1, quadratic: 0 }]]]);
    const eff = effectiveEntries(entries, applied);
    const at = (key: string, t: number) => targetAt(eff, key, t * 1000);
    expect([500, 1500, 4999, 6000].map((t) => at('tempc0', t).offset)).toEqual([0, 2, 2, 2]);
    expect(at('humc0', 10).multiplier).toBe(2);
    expect(effectiveEntries(entries, new Map())).toEqual(entries);
  });

  // Issue 30: the survivors of the mutation run, with values worked out by hand.
  test('sameTransform compares all three terms', () => {
    const t = { offset: 1, multiplier: 2, quadratic: 0.5 };
    expect(sameTransform(t, { ...t })).toBe(true);
    expect(sameTransform(t, { ...t, offset: 0 })).toBe(false);
    expect(sameTransform(t, { ...t, multiplier: 1 })).toBe(false);
    expect(sameTransform(t, { ...t, quadratic: 0 })).toBe(false);
  });

  test('invert on the quadratic branch: a negative or zero slope, a double root, the vertex', () => {
    // f(v) = v² − 2v: 3 comes from −1 (the branch through the origin: f'(0) = −2); 3 also comes from 3.
    expect(invert({ offset: 0, multiplier: -2, quadratic: 1 }, 3)).toBe(-1);
    // f(v) = v²: 4 comes from 2 (no slope: the positive root).
    expect(invert({ offset: 0, multiplier: 0, quadratic: 1 }, 4)).toBe(2);
    // f(v) = v² + 2v: −1 is its lowest value, from v = −1 (discriminant 0).
    expect(invert({ offset: 0, multiplier: 2, quadratic: 1 }, -1)).toBe(-1);
    // f(v) = v² + 5: 5 is its lowest value, from v = 0 (the denominator is 0 there).
    expect(invert({ offset: 5, multiplier: 0, quadratic: 1 }, 5)).toBe(0);
    // Below the lowest value of f(v) = v² + v (−0.25) nothing maps.
    expect(invert({ offset: 0, multiplier: 1, quadratic: 1 }, -1)).toBeNaN();
  });

  test('remapAgg: the sum from the mean under a quadratic f, exact under linear ones, null outside the domain', () => {
    // f(v) = 0.01v² + v stored raw 10 and 20 as 11 and 24. Back to raw: min 10, max 20; the sum is
    // 2 · f⁻¹(17.5) = 2 · (√1.7 − 1) / 0.02 = 30.384048…
    const f = { offset: 0, multiplier: 1, quadratic: 0.01 };
    const a = remapAgg(f, IDENTITY, [2, 35, 11, 24, 24])!;
    expect(a[0]).toBe(2);
    expect(a[1]).toBeCloseTo(30.384048, 5);
    expect(a[2]).toBeCloseTo(10, 12);
    expect(a[3]).toBeCloseTo(20, 12);
    expect(a[4]).toBeCloseTo(20, 12);
    // Linear: seven values summing to 1, 0.3 added to each: 1 + 7 · 0.3 = 3.1 exactly as written.
    expect(remapAgg(IDENTITY, { offset: 0.3, multiplier: 1, quadratic: 0 }, [7, 1, 0, 0.5, 0.2])?.[1]).toBe(
      3.1,
    );
    // f(v) = v² + v has no raw value for −1 (its lowest value is −0.25): the minimum cannot map.
    expect(remapAgg({ offset: 0, multiplier: 1, quadratic: 1 }, IDENTITY, [2, 0, -1, 1, 1])).toBeNull();
  });

  test('segments: only the metric’s own entries, in time order; a re-application starting at a cut', () => {
    const entries = [
      entry(2000, { offset: 2 }),
      { ...entry(1500, { multiplier: 2 }), key: 'humc0' },
      entry(1000, { offset: 1 }),
    ];
    const segs = () => appliedSegments(entries, [], 'tempc0');
    expect(segs()).toEqual([
      { from: Number.NEGATIVE_INFINITY, to: 1000, offset: 0, multiplier: 1, quadratic: 0 },
      { from: 1000, to: 2000, offset: 1, multiplier: 1, quadratic: 0 },
      { from: 2000, to: Number.POSITIVE_INFINITY, offset: 2, multiplier: 1, quadratic: 0 },
    ]);
    // [1000, 2000) is one transform; up to 2001 it is not.
    expect(uniformOver(segs(), 1000, 2000)?.offset).toBe(1);
    expect(uniformOver(segs(), 1000, 2001)).toBeNull();
    // A re-application over exactly [1000, 1500): the segment before it is untouched, the one it starts on cut.
    const over = appliedSegments(
      entries,
      [{ from: 1000, to: 1500, offset: 9, multiplier: 1, quadratic: 0 }],
      'tempc0',
    );
    expect(over).toEqual([
      { from: Number.NEGATIVE_INFINITY, to: 1000, offset: 0, multiplier: 1, quadratic: 0 },
      { from: 1000, to: 1500, offset: 9, multiplier: 1, quadratic: 0 },
      { from: 1500, to: 2000, offset: 1, multiplier: 1, quadratic: 0 },
      { from: 2000, to: Number.POSITIVE_INFINITY, offset: 2, multiplier: 1, quadratic: 0 },
    ]);
  });

  test('a re-application after a segment leaves that segment as it was', () => {
    const entries = [entry(1000, { offset: 1 })];
    expect(
      appliedSegments(entries, [{ from: 1200, to: 1300, offset: 9, multiplier: 1, quadratic: 0 }], 'tempc0'),
    ).toEqual([
      { from: Number.NEGATIVE_INFINITY, to: 1000, offset: 0, multiplier: 1, quadratic: 0 },
      { from: 1000, to: 1200, offset: 1, multiplier: 1, quadratic: 0 },
      { from: 1200, to: 1300, offset: 9, multiplier: 1, quadratic: 0 },
      { from: 1300, to: Number.POSITIVE_INFINITY, offset: 1, multiplier: 1, quadratic: 0 },
    ]);
  });

  test('effective entries: a re-applied metric’s entries replaced by its segments, other metrics kept', () => {
    const hum = { ...entry(0, { multiplier: 2 }), key: 'humc0' };
    const entries = [entry(5000, { offset: 2 }), hum];
    const applied = new Map([['tempc0', [{ from: 1000, to: 5000, offset: 2, multiplier: 1, quadratic: 0 }]]]);
    // Segments: (−∞, 1000) raw (no entry: left out), [1000, 5000) and [5000, ∞) offset 2.
    expect(effectiveEntries(entries, applied)).toEqual([
      hum,
      { key: 'tempc0', offset: 2, multiplier: 1, quadratic: 0, since: 1_000_000 },
      { key: 'tempc0', offset: 2, multiplier: 1, quadratic: 0, since: 5_000_000 },
    ]);
    // A metric with an empty list of re-applications keeps its entries, once.
    expect(effectiveEntries(entries, new Map([['tempc0', []]]))).toEqual(entries);
  });
});
