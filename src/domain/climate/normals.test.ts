import { describe, expect, it } from 'vitest';
import { dailyNormals, hasNormals, percentile, versusNormal } from './normals';

describe('normals', () => {
  it('percentiles interpolate between ranks', () => {
    expect(percentile([1, 2, 3, 4, 5], 0.1)).toBeCloseTo(1.4, 9); // h = 0.4
    expect(percentile([1, 2, 3, 4, 5], 0.9)).toBeCloseTo(4.6, 9);
    expect(percentile([7], 0.9)).toBe(7);
  });
  it('per calendar day over the years, days of one year only left out', () => {
    const n = dailyNormals([
      { date: '2023-03-01', tempMean: 4, rain: 0 },
      { date: '2024-03-01', tempMean: 6, rain: 2 },
      { date: '2025-03-01', tempMean: 11, rain: 1 },
      { date: '2025-03-02', tempMean: 9, rain: 0 },
      { date: '2024-03-03', tempMean: null, rain: null },
      { date: '2025-03-03', tempMean: 3, rain: null },
    ]);
    const m = n.get('03-01')!;
    expect(m.years).toBe(3);
    expect(m.tempMean).toBeCloseTo(7, 9);
    expect(m.tempP10).toBeCloseTo(4.4, 9); // 4 + 0.2 × (6 − 4)
    expect(m.tempP90).toBeCloseTo(10, 9); // 6 + 0.8 × (11 − 6)
    expect(m.rain).toBeCloseTo(1, 9);
    expect(n.has('03-02')).toBe(false);
    expect(n.has('03-03')).toBe(false); // the 2024 day had no reading
    expect(hasNormals('2024-01-01', '2025-01-02')).toBe(true);
    expect(hasNormals('2024-01-01', '2024-12-31')).toBe(false);
    expect(hasNormals(null, '2025-01-01')).toBe(false);
  });
});

describe('a day against its normal', () => {
  const normal = { years: 3, tempMean: 10, tempP10: 8, tempP90: 13, rain: 1 };
  it('gives the difference and where the day falls in the band', () => {
    expect(versusNormal(12.3, normal)).toEqual({
      value: 12.3,
      normal: 10,
      diff: 12.3 - 10,
      p10: 8,
      p90: 13,
      band: 'within',
    });
    expect(versusNormal(13.5, normal)?.band).toBe('above');
    expect(versusNormal(7, normal)?.band).toBe('below');
    expect(versusNormal(7, normal)?.diff).toBe(-3);
  });
  it('is null without a value or a normal', () => {
    expect(versusNormal(null, normal)).toBeNull();
    expect(versusNormal(10, undefined)).toBeNull();
    expect(versusNormal(10, { ...normal, tempMean: null })).toBeNull();
  });
});

describe('normals: partial days and edges', () => {
  it('a day with a temperature but no rain, or rain but no temperature, still counts', () => {
    const n = dailyNormals([
      { date: '2023-05-01', tempMean: 12, rain: null },
      { date: '2024-05-01', tempMean: 14, rain: null },
      { date: '2023-05-02', tempMean: null, rain: 3 },
      { date: '2024-05-02', tempMean: null, rain: 5 },
    ]);
    // Two years are enough: 12 and 14, p10 = 12 + 0.1 × 2, p90 = 12 + 0.9 × 2.
    expect(n.get('05-01')).toStrictEqual({
      years: 2,
      tempMean: 13,
      tempP10: 12.2,
      tempP90: 13.8,
      rain: null,
    });
    expect(n.get('05-02')).toStrictEqual({ years: 2, tempMean: null, tempP10: null, tempP90: null, rain: 4 });
  });

  it('a year missing one of the two values leaves it out of that mean only', () => {
    const n = dailyNormals([
      { date: '2022-07-10', tempMean: 20, rain: null },
      { date: '2023-07-10', tempMean: null, rain: 6 },
      { date: '2024-07-10', tempMean: 24, rain: 2 },
    ]);
    expect(n.get('07-10')).toMatchObject({ years: 3, tempMean: 22, rain: 4 });
  });

  it('percentiles come from the values in order, whatever order the years arrive in', () => {
    const n = dailyNormals(
      [11, 4, 9, 6, 1].map((t, i) => ({ date: `${2020 + i}-01-15`, tempMean: t, rain: 0 })),
    );
    // Sorted 1, 4, 6, 9, 11: h = 0.4 → 1 + 0.4 × 3 = 2.2; h = 3.6 → 9 + 0.6 × 2 = 10.2.
    expect(n.get('01-15')?.tempP10).toBeCloseTo(2.2, 9);
    expect(n.get('01-15')?.tempP90).toBeCloseTo(10.2, 9);
  });

  it('no normals without a last date', () => {
    expect(hasNormals('2020-01-01', null)).toBe(false);
  });

  it('a day at the 10th or 90th percentile is within the band; no band edge without a percentile', () => {
    const normal = { years: 3, tempMean: 10, tempP10: 8, tempP90: 13, rain: 1 };
    expect(versusNormal(8, normal)?.band).toBe('within');
    expect(versusNormal(13, normal)?.band).toBe('within');
    const open = { ...normal, tempP10: null, tempP90: null };
    expect(versusNormal(-3, open)?.band).toBe('within');
    expect(versusNormal(30, open)?.band).toBe('within');
  });
});
