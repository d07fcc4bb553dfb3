import { describe, expect, it } from 'vitest';
import type { Agg } from '../aggregate';
import { zonedMidnight } from '../timeZones';
import {
  type ClimateBucket,
  climateDays,
  climateMonths,
  climateTotals,
  defaultClimateSettings,
  parseClimatePeriod,
  periodBounds,
  rainSeasonOf,
} from './summary';

const one = (v: number): Agg => [1, v, v, v, v];
const TZ = 'Europe/Berlin';
const settings = { ...defaultClimateSettings(TZ), latitude: 50.8, elevation: 100 };

/** Two days of 5-minute buckets in Berlin, 3 and 4 March 2025 (CET, UTC+1). */
function twoDays(): ClimateBucket[] {
  const d1 = zonedMidnight(2025, 3, 3, TZ);
  const d2 = zonedMidnight(2025, 3, 4, TZ);
  const b = (time: number, aggs: Record<string, Agg>): ClimateBucket => ({ time, span: 300, aggs });
  return [
    // Day 1: 4 °C at 00:00, 12 °C at 14:05 (the high), 2 °C at 06:10 (the low): mean 6.
    b(d1, {
      tempc0: one(4),
      humc0: one(90),
      windspd: one(2),
      winddir: one(90),
      gust: one(3),
      dailyrain: one(0),
    }),
    b(d1 + 6 * 3600 + 600, {
      tempc0: one(2),
      humc0: one(95),
      windspd: one(2),
      winddir: one(90),
      dailyrain: one(1.2),
    }),
    b(d1 + 14 * 3600 + 300, {
      tempc0: one(12),
      humc0: one(60),
      windspd: one(4),
      winddir: one(90),
      gust: one(9.5),
      dailyrain: one(2.4),
    }),
    // Day 2: one reading of 20 °C with wind from the north.
    b(d2 + 3600, { tempc0: one(20), windspd: one(3), winddir: one(0), dailyrain: one(0) }),
  ];
}

describe('climateDays', () => {
  const from = zonedMidnight(2025, 3, 3, TZ);
  const days = climateDays(twoDays(), from, zonedMidnight(2025, 3, 6, TZ), settings);
  it('lists every local day, empty ones with nulls', () => {
    expect(days.map((d) => d.date)).toEqual(['2025-03-03', '2025-03-04', '2025-03-05']);
    expect(days[2].tempMean).toBeNull();
    expect(days[2].hdd).toBeNull();
  });
  it('summarises a day by hand', () => {
    const d = days[0];
    expect(d.tempMean).toBeCloseTo(6, 9);
    expect(d.tempMax).toBe(12);
    expect(d.tempMaxTime).toBe(from + 14 * 3600 + 300);
    expect(d.tempMin).toBe(2);
    expect(d.tempMinTime).toBe(from + 6 * 3600 + 600);
    expect(d.hdd).toBeCloseTo(18.3 - 6, 9);
    expect(d.cdd).toBe(0);
    expect(d.gdd).toBeCloseTo(1, 9); // (12 + 10) / 2 − 10
    expect(d.chillHours).toBe(2); // hours 00 (4 °C) and 06 (2 °C); hour 14 is 12 °C
    expect(d.rain).toBe(2.4);
    expect(d.windMean).toBeCloseTo(8 / 3, 9);
    expect(d.windMax).toBe(9.5);
    expect(d.windMaxTime).toBe(from + 14 * 3600 + 300);
    expect(d.windDir).toBe(90);
    expect(d.et0).toBeGreaterThan(0);
    expect(days[1].windDir).toBe(0);
    expect(days[1].windMax).toBe(3); // no gust: the wind's own high
  });
  it('gives no ET₀ without a latitude', () => {
    const none = climateDays(twoDays(), from, from + 86400, { ...settings, latitude: null });
    expect(none[0].et0).toBeNull();
  });
  it('uses the configured degree-day bases', () => {
    const d = climateDays(twoDays(), from, from + 86400, { ...settings, degreeDayBase: 5, gddBase: 0 })[0];
    expect(d.cdd).toBeCloseTo(1, 9);
    expect(d.hdd).toBe(0);
    expect(d.gdd).toBeCloseTo(7, 9); // (12 + 2) / 2
  });
  it('totals the days', () => {
    const t = climateTotals(days);
    expect(t.tempMean).toBeCloseTo(13, 9);
    expect(t.tempMax).toBe(20);
    expect(t.tempMaxDate).toBe('2025-03-04');
    expect(t.tempMin).toBe(2);
    expect(t.tempMinDate).toBe('2025-03-03');
    expect(t.hdd).toBeCloseTo(12.3, 9); // day 2 at 20 °C has no heating
    expect(t.cdd).toBeCloseTo(1.7, 9);
    expect(t.rain).toBeCloseTo(2.4, 9);
    expect(t.rainMaxDate).toBe('2025-03-03');
    expect(t.daysRain03).toBe(1);
    expect(t.daysRain3).toBe(0);
    expect(t.daysMinBelow0).toBe(0);
    expect(t.windMax).toBe(9.5);
    expect(t.waterBalance).toBeCloseTo(2.4 - (days[0].et0 as number) - (days[1].et0 as number), 9);
  });
});

describe('periods and the rain season', () => {
  it('reads month and year', () => {
    expect(parseClimatePeriod('2025-07', undefined)).toEqual({ kind: 'month', y: 2025, m: 7 });
    expect(parseClimatePeriod(undefined, '2025')).toEqual({ kind: 'year', y: 2025 });
    expect(parseClimatePeriod('2025-13', undefined)).toBeNull();
    expect(parseClimatePeriod('2025-7', undefined)).toBeNull();
    expect(parseClimatePeriod(undefined, '25')).toBeNull();
    expect(parseClimatePeriod(undefined, undefined)).toBeNull();
  });
  it('a year starts in the rain season month', () => {
    const [a, b] = periodBounds({ kind: 'year', y: 2025 }, TZ, 7);
    expect(a).toBe(zonedMidnight(2025, 7, 1, TZ));
    expect(b).toBe(zonedMidnight(2026, 7, 1, TZ));
    expect(periodBounds({ kind: 'year', y: 2025 }, TZ)[0]).toBe(zonedMidnight(2025, 1, 1, TZ));
    expect(rainSeasonOf(2026, 3, 7)).toBe(2025);
    expect(rainSeasonOf(2026, 7, 7)).toBe(2026);
  });
  it('months of a year run in order from the season start', () => {
    const [a, b] = periodBounds({ kind: 'year', y: 2025 }, TZ, 7);
    const months = climateMonths(climateDays([], a, b, settings));
    expect(months.map((m) => m.month)).toEqual([
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
    ]);
  });
});
