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
});
