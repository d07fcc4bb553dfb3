import { describe, expect, it } from 'vitest';
import type { Agg } from '../aggregate';
import { clearSky, et0Hourly, extraterrestrialHourly } from './et0';
import { climateHours, hourUsesRange } from './hourly';
import { defaultClimateSettings } from './summary';

const one = (v: number): Agg => [1, v, v, v, v];

describe('hourly ET₀ from buckets', () => {
  // FAO-56 Example 19's afternoon hour as a station would report it: 38 °C, 52 %, 3.3 m/s at 2 m, and
  // 2.450 MJ m⁻² h⁻¹ = 680.6 W/m² of sun, at N'Diaye (16°13'N, 16°15'W, 8 m) on 1 October, 15:00–16:00 UTC.
  const s = {
    ...defaultClimateSettings('UTC'),
    latitude: 16 + 13 / 60,
    longitude: -(16 + 15 / 60),
    elevation: 8,
    anemometerHeight: 2,
  };
  const hour = Date.UTC(2001, 9, 1, 15) / 1000;
  const b = (time: number, aggs: Record<string, Agg>) => ({ time, span: 300, aggs });

  it('gives the example’s 0.63 mm/hour from the hour’s 5-minute buckets', () => {
    const w = 2.45 / 0.0036;
    const hours = climateHours(
      [
        b(hour, { tempc0: one(38), humc0: one(52), windspd: one(3.3), solarrad: one(w) }),
        b(hour + 1800, { tempc0: one(38), humc0: one(52), windspd: one(3.3), solarrad: one(w) }),
      ],
      s,
    );
    expect(hours).toHaveLength(1);
    expect(hours[0].time).toBe(hour);
    expect(hours[0].et0).toBeCloseTo(0.63, 2);
  });

  it('without a solar sensor takes the clear-sky share Hargreaves gives the day', () => {
    // The day ranges 24..38 °C: Rs/Rso = 0.16 √14 / (0.75 + 0.00016).
    const hours = climateHours(
      [
        b(hour - 9 * 3600, { tempc0: one(24), humc0: one(90) }),
        b(hour, { tempc0: one(38), humc0: one(52), windspd: one(3.3) }),
      ],
      s,
    );
    const ra = extraterrestrialHourly(s.latitude, s.longitude, 274, 15.5);
    const ratio = (0.16 * Math.sqrt(14)) / (0.75 + 2e-5 * 8);
    const rs = ratio * (0.75 + 2e-5 * 8) * ra;
    expect(hours[1].et0).toBeCloseTo(et0Hourly({ t: 38, rh: 52, u2: 3.3, rs, ra, elevation: 8 }), 6);
    expect(hours[0].et0).not.toBeNull();
  });

  it('has no ET₀ without a position or humidity', () => {
    const none = climateHours([b(hour, { tempc0: one(20) })], s);
    expect(none[0]).toEqual({ time: hour, tempMean: 20, et0: null });
    const nowhere = climateHours([b(hour, { tempc0: one(20), humc0: one(50) })], { ...s, longitude: null });
    expect(nowhere[0].et0).toBeNull();
  });
  // 1 October 2001 is day 274; the hour's Ra is et0.ts's Eq. 28 (tested there against FAO-56 Example 19).
  const raAt = (lat: number, lon: number, utcHour: number) =>
    extraterrestrialHourly(lat, lon, 274, utcHour + 0.5);
  const w = 2.45 / 0.0036;
  const sunny = () => ({ tempc0: one(38), humc0: one(52), windspd: one(3.3), solarrad: one(w) });

  it('takes the hours in time order; the night takes the cloudiness ratio of the last sunny hour', () => {
    // A hot, dry, windy night hour (22:00 UTC, the sun down) so ET₀ stays above 0 and the ratio shows.
    const night = { tempc0: one(30), humc0: one(20), windspd: one(5) };
    const hours = climateHours([b(hour + 7 * 3600, night), b(hour, sunny())], s);
    expect(hours.map((h) => h.time)).toEqual([hour, hour + 7 * 3600]);
    expect(raAt(s.latitude, s.longitude, 22)).toBe(0);
    // 15:00: Rs/Rso = 2.45 / (0.75 + 2e-5 · 8) Ra ≈ 0.92 (Example 19's 2.450 / 2.658).
    const ratio = 2.45 / clearSky(raAt(s.latitude, s.longitude, 15), 8);
    expect(ratio).toBeCloseTo(0.92, 2);
    const expected = et0Hourly({ t: 30, rh: 20, u2: 5, rs: null, ra: 0, elevation: 8, ratioAtNight: ratio });
    expect(hours[1].et0).toBeCloseTo(expected, 9);
    expect(expected).toBeGreaterThan(0);
    // Not the 0.8 a night without a sunny hour before it takes.
    expect(hours[1].et0).not.toBeCloseTo(
      et0Hourly({ t: 30, rh: 20, u2: 5, rs: null, ra: 0, elevation: 8 }),
      4,
    );
    expect(climateHours([b(hour + 7 * 3600, night)], s)[0].et0).toBeCloseTo(
      et0Hourly({ t: 30, rh: 20, u2: 5, rs: null, ra: 0, elevation: 8, ratioAtNight: 0.8 }),
      9,
    );
  });

  it('each hour’s, each place’s own Ra (one after another)', () => {
    const at = (sx: typeof s, utcHour: number) =>
      climateHours(
        [b(Date.UTC(2001, 9, 1, utcHour) / 1000, { ...sunny(), solarrad: one(1.2 / 0.0036) })],
        sx,
      )[0].et0;
    const expected = (lat: number, lon: number, utcHour: number) =>
      // 1.2 MJ/m² in the hour: under every one's clear-sky radiation, so Ra shows in Rs/Rso.
      et0Hourly({ t: 38, rh: 52, u2: 3.3, rs: 1.2, ra: raAt(lat, lon, utcHour), elevation: 8 });
    const north = { ...s, latitude: 45 };
    const east = { ...north, longitude: 30 };
    expect(at(s, 15)).toBeCloseTo(expected(s.latitude, s.longitude, 15), 9);
    expect(at(s, 12)).toBeCloseTo(expected(s.latitude, s.longitude, 12), 9);
    expect(at(north, 12)).toBeCloseTo(expected(45, s.longitude, 12), 9);
    expect(at(east, 12)).toBeCloseTo(expected(45, 30, 12), 9);
    expect(at(north, 12)).toBeCloseTo(expected(45, s.longitude, 12), 9);
    // The four differ: a stale Ra would show.
    const all = [
      expected(s.latitude, s.longitude, 15),
      expected(s.latitude, s.longitude, 12),
      expected(45, s.longitude, 12),
      expected(45, 30, 12),
    ];
    expect(new Set(all.map((v) => v.toFixed(4))).size).toBe(4);
  });

  it('skips aggregates holding no reading, in the means and in the day’s range', () => {
    const empty: Agg = [0, 500, -50, 90, 0];
    const withSun = climateHours(
      [b(hour, { ...sunny(), tempc0: one(38) }), b(hour + 300, { tempc0: empty })],
      s,
    );
    expect(withSun[0].tempMean).toBe(38);
    expect(withSun[0].et0).toBeCloseTo(0.63, 2);
    // Without a sensor the range is 24..38 as in the test above, not −50..90.
    const hours = climateHours(
      [
        b(hour - 9 * 3600, { tempc0: one(24), humc0: one(90) }),
        b(hour - 3 * 3600, { tempc0: empty, humc0: one(50) }),
        b(hour, { tempc0: one(38), humc0: one(52), windspd: one(3.3) }),
      ],
      s,
    );
    const ra = raAt(s.latitude, s.longitude, 15);
    const rs = 0.16 * Math.sqrt(14) * ra;
    expect(hours[2].et0).toBeCloseTo(et0Hourly({ t: 38, rh: 52, u2: 3.3, rs, ra, elevation: 8 }), 6);
    expect(hours[1]).toEqual({ time: hour - 3 * 3600, tempMean: null, et0: null });
  });

  it('2 m/s without wind; no ET₀ without temperature or latitude', () => {
    const calm = climateHours([b(hour, { tempc0: one(38), humc0: one(52), solarrad: one(w) })], s);
    const ra = raAt(s.latitude, s.longitude, 15);
    expect(calm[0].et0).toBeCloseTo(et0Hourly({ t: 38, rh: 52, u2: 2, rs: 2.45, ra, elevation: 8 }), 9);
    expect(climateHours([b(hour, { humc0: one(52), solarrad: one(w) })], s)[0]).toEqual({
      time: hour,
      tempMean: null,
      et0: null,
    });
    expect(climateHours([b(hour, sunny())], { ...s, latitude: null })[0].et0).toBeNull();
  });

  it('an hour needs the day’s range only without a solar reading', () => {
    expect(hourUsesRange([b(hour, { tempc0: one(20) })])).toBe(true);
    expect(hourUsesRange([b(hour, { solarrad: [0, 0, 0, 0, 0] })])).toBe(true);
    expect(hourUsesRange([b(hour, { solarrad: one(0) })])).toBe(false);
    expect(hourUsesRange([b(hour, { tempc0: one(20) }), b(hour + 300, { solarrad: one(300) })])).toBe(false);
  });
});
