import { describe, expect, it } from 'vitest';
import type { Agg } from '../aggregate';
import { zonedMidnight } from '../timeZones';
import { et0Daily } from './et0';
import {
  type ClimateBucket,
  type ClimateDay,
  climateDays,
  climateMonths,
  climateTotals,
  defaultClimateSettings,
  localDays,
  parseClimatePeriod,
  periodBounds,
  rainSeasonOf,
  summariseDay,
} from './summary';

const one = (v: number): Agg => [1, v, v, v, v];
const TZ = 'Europe/Berlin';
const settings = { ...defaultClimateSettings(TZ), latitude: 50.8, elevation: 100 };
/** Unix seconds of a UTC wall-clock time (months 1..12), to write the expected instants by hand. */
const utc = (y: number, m: number, d: number, h = 0, mi = 0) => Date.UTC(y, m - 1, d, h, mi) / 1000;
const b = (time: number, aggs: Record<string, Agg>, span = 300): ClimateBucket => ({ time, span, aggs });

/** Two days of 5-minute buckets in Berlin, 3 and 4 March 2025 (CET, UTC+1). */
function twoDays(): ClimateBucket[] {
  const d1 = zonedMidnight(2025, 3, 3, TZ);
  const d2 = zonedMidnight(2025, 3, 4, TZ);
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

// Each test computes its subject itself: Stryker credits a mutant only to the tests that ran its code
// (docs/mutation-testing.md).
const from = zonedMidnight(2025, 3, 3, TZ);
const threeDays = () => climateDays(twoDays(), from, zonedMidnight(2025, 3, 6, TZ), settings);

describe('climateDays', () => {
  it('lists every local day, empty ones with nulls', () => {
    const days = threeDays();
    expect(days.map((d) => d.date)).toEqual(['2025-03-03', '2025-03-04', '2025-03-05']);
    expect(days[2]).toEqual({
      date: '2025-03-05',
      tempMean: null,
      tempMax: null,
      tempMaxTime: null,
      tempMin: null,
      tempMinTime: null,
      hdd: null,
      cdd: null,
      gdd: null,
      chillHours: null,
      rain: null,
      et0: null,
      windMean: null,
      windMax: null,
      windMaxTime: null,
      windDir: null,
    });
  });
  it('summarises a day by hand', () => {
    const days = threeDays();
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
    expect(days[1].windMaxTime).toBe(zonedMidnight(2025, 3, 4, TZ) + 3600);
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
    // The cap holds the high: at 8 °C the 12 °C high counts as 8, (8 + 2) / 2 − 0.
    const capped = climateDays(twoDays(), from, from + 86400, { ...settings, gddBase: 0, gddCap: 8 })[0];
    expect(capped.gdd).toBeCloseTo(5, 9);
  });
  it('totals the days', () => {
    const days = threeDays();
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

  it('puts each bucket in the local day it starts in, whatever the order given', () => {
    const d1 = zonedMidnight(2025, 3, 3, TZ); // 2 March 23:00 UTC
    expect(d1).toBe(utc(2025, 3, 2, 23));
    const d2 = d1 + 86400;
    const end = d2 + 86400;
    const days = climateDays(
      [
        b(end, { tempc0: one(40) }), // the first instant after the period
        b(d2, { tempc0: one(7) }), // exactly the second midnight: day 2
        b(d2 - 300, { tempc0: one(5) }), // the last bucket of day 1
        b(d1 - 300, { tempc0: one(-30) }), // before the period
        b(d1, { tempc0: one(1) }), // exactly the first midnight: day 1
        b(end + 3600, { tempc0: one(50) }),
      ],
      d1,
      end,
      settings,
    );
    expect(days.map((d) => [d.date, d.tempMin, d.tempMax])).toEqual([
      ['2025-03-03', 1, 5],
      ['2025-03-04', 7, 7],
    ]);
    expect(days[0].tempMinTime).toBe(d1);
    expect(days[0].tempMaxTime).toBe(d2 - 300);
    expect(days[1].tempMaxTime).toBe(d2);
  });

  it('starts a period asked from the middle of a day at that local midnight', () => {
    const days = climateDays(
      [b(utc(2025, 3, 2, 23, 5), { tempc0: one(3) })],
      utc(2025, 3, 3, 9),
      utc(2025, 3, 3, 12),
      settings,
    );
    expect(days.map((d) => d.date)).toEqual(['2025-03-03']);
    expect(days[0].tempMax).toBe(3);
  });
});

describe('localDays', () => {
  it('follows daylight saving: 30 March 2025 in Berlin has 23 hours', () => {
    // Asked from noon of the 29th to midnight of 1 April: the 29th from its midnight, the 1st not at all.
    const days = localDays(utc(2025, 3, 29, 11), utc(2025, 3, 31, 22), TZ);
    expect(days).toEqual([
      { start: utc(2025, 3, 28, 23), end: utc(2025, 3, 29, 23), date: '2025-03-29' },
      { start: utc(2025, 3, 29, 23), end: utc(2025, 3, 30, 22), date: '2025-03-30' },
      { start: utc(2025, 3, 30, 22), end: utc(2025, 3, 31, 22), date: '2025-03-31' },
    ]);
    // One second more holds 1 April too, written with its padded month and day.
    expect(localDays(utc(2025, 3, 31, 22), utc(2025, 3, 31, 22) + 1, TZ)).toEqual([
      { start: utc(2025, 3, 31, 22), end: utc(2025, 4, 1, 22), date: '2025-04-01' },
    ]);
    expect(localDays(utc(2025, 3, 31, 22), utc(2025, 3, 31, 22), TZ)).toEqual([]);
  });
  it('crosses a month and a year end', () => {
    expect(localDays(utc(2025, 12, 31, 0), utc(2026, 1, 2, 0), 'UTC').map((d) => d.date)).toEqual([
      '2025-12-31',
      '2026-01-01',
    ]);
  });
});

describe('summariseDay', () => {
  const day = (buckets: ClimateBucket[], date = '2025-07-15') => ({
    start: utc(2025, 7, 14, 22),
    end: utc(2025, 7, 15, 22),
    date,
    buckets,
  });
  const t0 = utc(2025, 7, 14, 22);

  it('weights each bucket by its readings and skips empty aggregates', () => {
    const d = summariseDay(
      day([
        // Two readings: sum 10, low 3, high 7, last 5.
        b(t0, { tempc0: [2, 10, 3, 7, 5], windspd: [2, 6, 1, 5, 4] }),
        b(t0 + 300, { tempc0: one(6), windspd: one(0) }),
        // An aggregate holding no reading (its other fields are not readings either).
        b(t0 + 600, {
          tempc0: [0, 100, -100, 100, 100],
          windspd: [0, 100, 100, 100, 100],
          gust: [0, 9, 9, 9, 9],
        }),
      ]),
      settings,
    );
    expect(d.tempMean).toBeCloseTo(16 / 3, 9);
    expect(d.tempMax).toBe(7);
    expect(d.tempMaxTime).toBe(t0);
    expect(d.tempMin).toBe(3);
    expect(d.tempMinTime).toBe(t0);
    expect(d.windMean).toBeCloseTo(2, 9); // (6 + 0) / 3
    expect(d.windMax).toBe(5); // no gust reading: the wind's high
  });

  it('keeps the first time a high or low was reached', () => {
    const d = summariseDay(
      day([
        b(t0, { tempc0: one(4), gust: one(8), dailyrain: one(1) }),
        b(t0 + 300, { tempc0: one(9), gust: one(8) }),
        b(t0 + 600, { tempc0: one(4), dailyrain: one(1) }),
        b(t0 + 900, { tempc0: one(9), gust: one(3) }),
      ]),
      settings,
    );
    expect([d.tempMax, d.tempMaxTime, d.tempMin, d.tempMinTime]).toEqual([9, t0 + 300, 4, t0]);
    expect([d.windMax, d.windMaxTime]).toEqual([8, t0]);
    expect(d.rain).toBe(1);
  });

  it('takes the gust for the high wind over a higher mean wind, and the day total of rain at its highest', () => {
    const d = summariseDay(
      day([
        b(t0, { windspd: one(12), gust: one(10), dailyrain: one(4) }),
        b(t0 + 300, { windspd: one(2), dailyrain: one(6.5) }),
        b(t0 + 600, { dailyrain: one(0.5) }),
      ]),
      settings,
    );
    expect(d.windMax).toBe(10);
    expect(d.windMaxTime).toBe(t0);
    expect(d.rain).toBe(6.5);
    // Without any temperature: no mean, degree days, chill hours nor ET₀.
    expect([d.tempMean, d.hdd, d.cdd, d.gdd, d.chillHours, d.et0]).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('gives the direction of the mean wind vector, each bucket along its last direction', () => {
    const dir = (buckets: ClimateBucket[]) => summariseDay(day(buckets), settings).windDir;
    // Mean speed 3 (sum 6 over 2 readings) towards the last direction 90; min, max and sum say 0, 180, 180.
    expect(dir([b(t0, { windspd: [2, 6, 1, 5, 4], winddir: [2, 180, 0, 180, 90] })])).toBe(90);
    // East 3 and south 3: south-east, 135°; west 3 and south 3: 225°.
    expect(
      dir([
        b(t0, { windspd: one(3), winddir: one(90) }),
        b(t0 + 300, { windspd: one(3), winddir: one(180) }),
      ]),
    ).toBe(135);
    expect(
      dir([
        b(t0, { windspd: one(3), winddir: one(270) }),
        b(t0 + 300, { windspd: one(3), winddir: one(180) }),
      ]),
    ).toBe(225);
    // A bucket's speed is its mean: 6 over 2 readings, 3 towards the east, and 3 from the north: 45°.
    expect(
      dir([
        b(t0, { windspd: [2, 6, 3, 3, 3], winddir: one(90) }),
        b(t0 + 300, { windspd: one(3), winddir: one(0) }),
      ]),
    ).toBe(45);
    // Stronger wind weighs more: 1 m/s from the north, 3 m/s from the east, atan(3) = 71.57°.
    expect(
      dir([b(t0, { windspd: one(1), winddir: one(0) }), b(t0 + 300, { windspd: one(3), winddir: one(90) })]),
    ).toBe(72);
    // 10.4° rounds to 10.
    expect(dir([b(t0, { windspd: one(2), winddir: one(10.4) })])).toBe(10);
    // Opposite winds of one speed cancel: no direction.
    expect(
      dir([
        b(t0, { windspd: one(2), winddir: one(90) }),
        b(t0 + 300, { windspd: one(2), winddir: one(270) }),
      ]),
    ).toBeNull();
    // A bucket without a speed reading or without a direction reading adds nothing.
    expect(
      dir([
        b(t0, { windspd: one(2), winddir: one(90) }),
        b(t0 + 300, { windspd: [0, 0, 0, 0, 0], winddir: one(180) }),
        b(t0 + 600, { windspd: one(5), winddir: [0, 0, 0, 0, 0] }),
        b(t0 + 900, { windspd: one(5) }),
        b(t0 + 1200, { winddir: one(0) }),
      ]),
    ).toBe(90);
    expect(dir([b(t0, { windspd: one(0), winddir: one(90) })])).toBeNull();
    expect(dir([])).toBeNull();
  });

  it('counts chill hours from each clock hour’s mean temperature', () => {
    const d = summariseDay(
      day([
        // 00:00 local (22:00 UTC): 8 and 6 (at 00:55), mean 7: chill (0..7.2).
        b(t0, { tempc0: one(8) }),
        b(t0 + 3300, { tempc0: one(6) }),
        // 01:00: −1 and 0.5 (at 01:30), mean −0.25: not chill, though 0.5 alone is.
        b(t0 + 3600, { tempc0: one(-1) }),
        b(t0 + 3600 + 1800, { tempc0: one(0.5) }),
        // 02:10: 7.2, the top of the chill range.
        b(t0 + 7800, { tempc0: one(7.2) }),
        // 03:00: no temperature.
        b(t0 + 3 * 3600, { humc0: one(50) }),
        // 04:00: 7.3, over.
        b(t0 + 4 * 3600, { tempc0: one(7.3) }),
      ]),
      settings,
    );
    expect(d.chillHours).toBe(2);
    const warm = summariseDay(day([b(t0, { tempc0: one(20) })]), settings);
    expect(warm.chillHours).toBe(0);
    expect(summariseDay(day([b(t0, { humc0: one(50) })]), settings).chillHours).toBeNull();
  });

  describe('ET₀ from the day’s readings (the FAO-56 daily equation, et0.test.ts, fed by hand)', () => {
    // 15 July 2025 is day 196 (31 + 28 + 31 + 30 + 31 + 30 + 15).
    const base = { tMax: 25, tMin: 15, latitude: 50.8, elevation: 100, j: 196 };
    // FAO-56 Eq. 47 for an anemometer at 10 m: u2 = u · 4.87 / ln(67.8 · 10 − 5.42) = u · 0.7480.
    const u2of10m = (u: number) => (u * 4.87) / Math.log(672.58);
    /** n five-minute buckets from local midnight, solar 200 W/m² in each; the temperatures and humidity in the first two. */
    const solarDay = (n: number, extra: (i: number) => Record<string, Agg> = () => ({})) =>
      Array.from({ length: n }, (_, i) => b(t0 + i * 300, { solarrad: one(200), ...extra(i) }));
    const temps = (i: number): Record<string, Agg> =>
      i === 0
        ? { tempc0: one(25), humc0: one(50), windspd: one(3) }
        : i === 1
          ? { tempc0: one(15), humc0: one(90), windspd: one(3) }
          : {};

    it('with 20 hours of solar readings: the sensor’s mean, 200 W/m² × 0.0864 = 17.28 MJ/m²', () => {
      const d = summariseDay(day(solarDay(240, temps)), settings);
      const expected = et0Daily({ ...base, rhMax: 90, rhMin: 50, u2: u2of10m(3), rs: 17.28 });
      expect(d.et0).toBeCloseTo(expected, 9);
      expect(d.et0).toBeGreaterThan(0);
    });
    it('with 5 minutes less: estimated from the temperature range', () => {
      const d = summariseDay(day(solarDay(239, temps)), settings);
      expect(d.et0).toBeCloseTo(et0Daily({ ...base, rhMax: 90, rhMin: 50, u2: u2of10m(3), rs: null }), 9);
      expect(d.et0).not.toBeCloseTo(
        et0Daily({ ...base, rhMax: 90, rhMin: 50, u2: u2of10m(3), rs: 17.28 }),
        3,
      );
    });
    it('a bucket whose solar aggregate holds no reading does not count towards the 20 hours', () => {
      const buckets = solarDay(239, temps);
      buckets.push(b(t0 + 239 * 300, { solarrad: [0, 0, 0, 0, 0] }));
      const d = summariseDay(day(buckets), settings);
      expect(d.et0).toBeCloseTo(et0Daily({ ...base, rhMax: 90, rhMin: 50, u2: u2of10m(3), rs: null }), 9);
    });
    it('an hour bucket counts its 3600 s of solar readings', () => {
      const hours = Array.from({ length: 20 }, (_, i) =>
        b(t0 + i * 3600, { solarrad: one(200), ...temps(i) }, 3600),
      );
      const d = summariseDay(day(hours), settings);
      expect(d.et0).toBeCloseTo(et0Daily({ ...base, rhMax: 90, rhMin: 50, u2: u2of10m(3), rs: 17.28 }), 9);
    });
    it('the anemometer height, 2 m/s without wind, sea level without an elevation, no humidity', () => {
      const noWind = (i: number): Record<string, Agg> =>
        i === 0 ? { tempc0: one(25) } : i === 1 ? { tempc0: one(15) } : {};
      const d = summariseDay(day(solarDay(240, noWind)), { ...settings, elevation: null });
      expect(d.et0).toBeCloseTo(
        et0Daily({ ...base, elevation: 0, rhMax: null, rhMin: null, u2: 2, rs: 17.28 }),
        9,
      );
      const at2 = summariseDay(day(solarDay(240, temps)), { ...settings, anemometerHeight: 2 });
      expect(at2.et0).toBeCloseTo(et0Daily({ ...base, rhMax: 90, rhMin: 50, u2: 3, rs: 17.28 }), 9);
    });
    it('the day of the year from the date', () => {
      const d = summariseDay(day(solarDay(240, temps), '2025-01-31'), settings);
      expect(d.et0).toBeCloseTo(
        et0Daily({ ...base, j: 31, rhMax: 90, rhMin: 50, u2: u2of10m(3), rs: 17.28 }),
        9,
      );
    });
  });
});

/** A day of nulls with the given values. */
const cday = (date: string, v: Partial<ClimateDay> = {}): ClimateDay => ({
  date,
  tempMean: null,
  tempMax: null,
  tempMaxTime: null,
  tempMin: null,
  tempMinTime: null,
  hdd: null,
  cdd: null,
  gdd: null,
  chillHours: null,
  rain: null,
  et0: null,
  windMean: null,
  windMax: null,
  windMaxTime: null,
  windDir: null,
  ...v,
});

describe('climateTotals', () => {
  const days = () => [
    cday('2025-07-01', {
      tempMean: 10,
      tempMax: 30,
      tempMin: 0,
      hdd: 8.3,
      cdd: 0,
      gdd: 5,
      chillHours: 3,
      rain: 0.3,
      et0: 2,
      windMean: 2,
      windMax: 8,
      windDir: 90,
    }),
    cday('2025-07-02', {
      tempMean: 20,
      tempMax: 30,
      tempMin: -20,
      hdd: 0,
      cdd: 1.7,
      gdd: 10,
      chillHours: 0,
      rain: 30,
      windMean: 4,
      windMax: 5,
      windDir: 180,
    }),
    cday('2025-07-03'),
    cday('2025-07-04', {
      tempMean: 14,
      tempMax: 29.9,
      tempMin: 0.1,
      rain: 2.9,
      et0: null,
      windMean: 3,
      windMax: 8,
      windDir: null,
    }),
    cday('2025-07-05', { tempMax: 0, tempMin: -19.9, rain: 3, et0: 4.5, windDir: 0 }),
    cday('2025-07-06', { tempMax: 0.1, tempMin: -20, rain: 0.29, et0: 1 }),
    cday('2025-07-07', { rain: 29.9, et0: 2.5 }),
    cday('2025-07-08', { et0: 3 }),
  ];

  it('means, sums and extremes by hand', () => {
    const t = climateTotals(days());
    expect(t.tempMean).toBeCloseTo(44 / 3, 9);
    expect(t.tempMeanMax).toBeCloseTo((30 + 30 + 29.9 + 0 + 0.1) / 5, 9);
    expect(t.tempMeanMin).toBeCloseTo((0 - 20 + 0.1 - 19.9 - 20) / 5, 9);
    // Ties keep the first date: 30 on the 1st and 2nd, −20 on the 2nd and 6th, 8 m/s on the 1st and 4th.
    expect([t.tempMax, t.tempMaxDate, t.tempMin, t.tempMinDate]).toEqual([
      30,
      '2025-07-01',
      -20,
      '2025-07-02',
    ]);
    expect([t.windMax, t.windMaxDate]).toEqual([8, '2025-07-01']);
    expect([t.rainMax, t.rainMaxDate]).toEqual([30, '2025-07-02']);
    expect(t.hdd).toBeCloseTo(8.3, 9);
    expect(t.cdd).toBeCloseTo(1.7, 9);
    expect(t.gdd).toBeCloseTo(15, 9);
    expect(t.chillHours).toBe(3);
    expect(t.rain).toBeCloseTo(0.3 + 30 + 2.9 + 3 + 0.29 + 29.9, 9);
    expect(t.et0).toBeCloseTo(2 + 4.5 + 1 + 2.5 + 3, 9);
    // Only days with both: (0.3 − 2) + (3 − 4.5) + (0.29 − 1) + (29.9 − 2.5).
    expect(t.waterBalance).toBeCloseTo(-1.7 - 1.5 - 0.71 + 27.4, 9);
    expect(t.windMean).toBeCloseTo(3, 9);
  });

  it('counts days at the thresholds, the threshold itself included', () => {
    const t = climateTotals(days());
    expect(t.daysMaxAbove30).toBe(2); // 30, 30 (not 29.9)
    expect(t.daysMaxBelow0).toBe(1); // 0 (not 0.1, 29.9)
    expect(t.daysMinBelow0).toBe(4); // 0, −20, −19.9, −20 (not 0.1)
    expect(t.daysMinBelowMinus20).toBe(2); // −20 twice (not −19.9)
    expect(t.daysRain03).toBe(5); // 0.3, 30, 2.9, 3, 29.9 (not 0.29)
    expect(t.daysRain3).toBe(3); // 30, 3, 29.9
    expect(t.daysRain30).toBe(1); // 30
  });

  it('adds the days’ mean wind vectors for the period’s direction', () => {
    // 2 m/s towards 90 and 4 towards 180: atan2(2, −4) = 180° − atan(0.5) = 153.43°; the 4th has no direction
    // and the 5th no speed.
    expect(climateTotals(days()).windDir).toBe(153);
    const west = [
      cday('2025-07-01', { windMean: 2, windDir: 270 }),
      cday('2025-07-02', { windMean: 2, windDir: 0 }),
    ];
    expect(climateTotals(west).windDir).toBe(315);
    const calm = [
      cday('2025-07-01', { windMean: 2, windDir: 90 }),
      cday('2025-07-02', { windMean: 2, windDir: 270 }),
    ];
    expect(climateTotals(calm).windDir).toBeNull();
  });

  it('zeros are totals, days without data are none', () => {
    const zero = climateTotals([cday('2025-07-01', { hdd: 0, chillHours: 0, rain: 0, et0: 0 })]);
    expect([zero.hdd, zero.chillHours, zero.rain, zero.et0, zero.waterBalance]).toEqual([0, 0, 0, 0, 0]);
    const none = climateTotals([cday('2025-07-01'), cday('2025-07-02')]);
    expect(none).toEqual({
      tempMean: null,
      tempMeanMax: null,
      tempMeanMin: null,
      tempMax: null,
      tempMaxDate: null,
      tempMin: null,
      tempMinDate: null,
      hdd: null,
      cdd: null,
      gdd: null,
      chillHours: null,
      rain: null,
      rainMax: null,
      rainMaxDate: null,
      et0: null,
      waterBalance: null,
      windMean: null,
      windMax: null,
      windMaxDate: null,
      windDir: null,
      daysMaxAbove30: 0,
      daysMaxBelow0: 0,
      daysMinBelow0: 0,
      daysMinBelowMinus20: 0,
      daysRain03: 0,
      daysRain3: 0,
      daysRain30: 0,
    });
    expect(climateTotals([]).tempMean).toBeNull();
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
  it('holds months and years to 1970..2100 and the patterns to the whole text', () => {
    expect(parseClimatePeriod('1970-01', undefined)).toEqual({ kind: 'month', y: 1970, m: 1 });
    expect(parseClimatePeriod('2100-12', undefined)).toEqual({ kind: 'month', y: 2100, m: 12 });
    for (const bad of ['1969-12', '2101-01', '2025-00', 'x2025-07', '2025-07x', '2025-07-01', ' 2025-07'])
      expect(parseClimatePeriod(bad, '2025'), bad).toBeNull();
    expect(parseClimatePeriod(undefined, '1970')).toEqual({ kind: 'year', y: 1970 });
    expect(parseClimatePeriod(undefined, '2100')).toEqual({ kind: 'year', y: 2100 });
    for (const bad of ['1969', '2101', 'x2025', '2025x', '20255', '2025-07'])
      expect(parseClimatePeriod(undefined, bad), bad).toBeNull();
  });
  it('a month wins over a year; an empty or non-text month reads the year', () => {
    expect(parseClimatePeriod('2024-02', '2025')).toEqual({ kind: 'month', y: 2024, m: 2 });
    expect(parseClimatePeriod('', '2025')).toEqual({ kind: 'year', y: 2025 });
    expect(parseClimatePeriod(['2024-02'], '2025')).toEqual({ kind: 'year', y: 2025 });
    expect(parseClimatePeriod(202402, '2025')).toEqual({ kind: 'year', y: 2025 });
    expect(parseClimatePeriod('', '')).toBeNull();
    expect(parseClimatePeriod(undefined, 2025)).toBeNull();
    expect(parseClimatePeriod(undefined, ['2025'])).toBeNull();
  });
  it('a month’s bounds are its local midnights, December into January', () => {
    expect(periodBounds({ kind: 'month', y: 2025, m: 12 }, TZ)).toEqual([
      utc(2025, 11, 30, 23),
      utc(2025, 12, 31, 23),
    ]);
    expect(periodBounds({ kind: 'month', y: 2025, m: 3 }, TZ)).toEqual([
      utc(2025, 2, 28, 23),
      utc(2025, 3, 31, 22),
    ]);
  });
  it('a year starts in the rain season month', () => {
    const [a, c] = periodBounds({ kind: 'year', y: 2025 }, TZ, 7);
    expect(a).toBe(utc(2025, 6, 30, 22));
    expect(c).toBe(utc(2026, 6, 30, 22));
    expect(periodBounds({ kind: 'year', y: 2025 }, TZ)).toEqual([
      utc(2024, 12, 31, 23),
      utc(2025, 12, 31, 23),
    ]);
    expect(rainSeasonOf(2026, 3, 7)).toBe(2025);
    expect(rainSeasonOf(2026, 6, 7)).toBe(2025);
    expect(rainSeasonOf(2026, 7, 7)).toBe(2026);
    expect(rainSeasonOf(2026, 12, 7)).toBe(2026);
    expect(rainSeasonOf(2026, 1, 1)).toBe(2026);
  });
  it('months of a year run in order from the season start', () => {
    const [a, c] = periodBounds({ kind: 'year', y: 2025 }, TZ, 7);
    const months = climateMonths(climateDays([], a, c, settings));
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
  it('each month totals its own days', () => {
    const months = climateMonths([
      cday('2025-01-30', { rain: 1 }),
      cday('2025-01-31', { rain: 2 }),
      cday('2025-02-01', { rain: 4 }),
      cday('2025-02-02', { rain: 8 }),
      cday('2025-03-01'),
    ]);
    expect(months.map((m) => [m.month, m.totals.rain, m.totals.rainMaxDate])).toEqual([
      ['2025-01', 3, '2025-01-31'],
      ['2025-02', 12, '2025-02-02'],
      ['2025-03', null, null],
    ]);
    expect(climateMonths([])).toEqual([]);
  });
  it('default settings', () => {
    expect(defaultClimateSettings('UTC')).toEqual({
      timeZone: 'UTC',
      latitude: null,
      elevation: null,
      anemometerHeight: 10,
      degreeDayBase: 18.3,
      gddBase: 10,
      gddCap: 30,
      rainSeasonStart: 1,
    });
  });
});
