// The worked examples of FAO Irrigation and Drainage Paper 56 (Allen et al. 1998), chapter 3 and chapter 4
// ("Determination of ETo"), with the paper's inputs and its printed intermediate results beside each check.
import { describe, expect, it } from 'vitest';
import {
  daylightHours,
  dayOfYear,
  et0DailyDetail,
  et0HourlyDetail,
  extraterrestrialDaily,
  extraterrestrialHourly,
  pressureAt,
  satVapour,
  solarFromSunshine,
  solarFromTemperature,
  windAt2m,
} from './et0';

describe('FAO-56 chapter 3 examples', () => {
  it('Example 2: P = 81.8 kPa at 1800 m, γ = 0.054 kPa/°C', () => {
    expect(pressureAt(1800)).toBeCloseTo(81.8, 1);
    expect(0.000665 * pressureAt(1800)).toBeCloseTo(0.054, 3);
  });
  it('Example 3: e°(24.5) = 3.075, e°(15) = 1.705 kPa', () => {
    expect(satVapour(24.5)).toBeCloseTo(3.075, 3);
    expect(satVapour(15)).toBeCloseTo(1.705, 3);
  });
  it('Example 8: Ra = 32.2 MJ m⁻² day⁻¹ at 20°S on 3 September', () => {
    expect(extraterrestrialDaily(-20, dayOfYear(2001, 9, 3))).toBeCloseTo(32.2, 1);
  });
  it('Example 14: wind of 3.2 m/s at 10 m is 2.4 m/s at 2 m', () => {
    expect(windAt2m(3.2, 10)).toBeCloseTo(2.4, 1);
    expect(windAt2m(3, 2)).toBe(3);
  });
});

describe('FAO-56 Example 18: ETo with daily data (Brussels, 6 July) = 3.9 mm/day', () => {
  // Inputs: 50°48'N, 100 m; Tmax 21.5, Tmin 12.3 °C; RHmax 84, RHmin 63 %; wind 10 km/h at 10 m;
  // 9.25 hours of sunshine.
  const latitude = 50 + 48 / 60;
  const j = dayOfYear(2001, 7, 6); // 187
  const ra = extraterrestrialDaily(latitude, j);
  const rs = solarFromSunshine(ra, 9.25, daylightHours(latitude, j));
  const d = et0DailyDetail({
    tMax: 21.5,
    tMin: 12.3,
    rhMax: 84,
    rhMin: 63,
    u2: windAt2m(10 / 3.6, 10),
    rs,
    latitude,
    elevation: 100,
    j,
  });
  it('has the printed intermediate values', () => {
    expect(j).toBe(187);
    expect(windAt2m(10 / 3.6, 10)).toBeCloseTo(2.078, 2); // u2 = 2.078 m/s
    expect(d.delta).toBeCloseTo(0.122, 3); // Δ = 0.122 kPa/°C
    expect(d.gamma).toBeCloseTo(0.0666, 4); // γ = 0.0666 kPa/°C
    expect(d.es).toBeCloseTo(1.997, 3); // es = 1.997 kPa
    expect(d.ea).toBeCloseTo(1.409, 3); // ea = 1.409 kPa
    expect(d.ra).toBeCloseTo(41.09, 1); // Ra = 41.09
    expect(daylightHours(latitude, j)).toBeCloseTo(16.1, 1); // N = 16.1 hours
    expect(d.rs).toBeCloseTo(22.07, 1); // Rs = 22.07
    expect(d.rso).toBeCloseTo(30.9, 1); // Rso = 30.90
    expect(d.rns).toBeCloseTo(16.99, 1); // Rns = 16.99
    expect(d.rnl).toBeCloseTo(3.71, 1); // Rnl = 3.71
    expect(d.rn).toBeCloseTo(13.28, 1); // Rn = 13.28
  });
  it('ETo = 3.9 mm/day', () => {
    expect(d.et0).toBeCloseTo(3.9, 1);
  });
  it('without the solar sensor Rs comes from the temperature range (Eq. 50, Hargreaves) and ET₀ stays near', () => {
    const est = et0DailyDetail({
      tMax: 21.5,
      tMin: 12.3,
      rhMax: 84,
      rhMin: 63,
      u2: 2.078,
      rs: null,
      latitude,
      elevation: 100,
      j,
    });
    expect(est.rs).toBeCloseTo(solarFromTemperature(ra, 21.5, 12.3), 6);
    expect(est.rs).toBeCloseTo(0.16 * Math.sqrt(9.2) * 41.09, 1); // 19.9 MJ m⁻² day⁻¹
    expect(est.et0).toBeGreaterThan(3.3);
    expect(est.et0).toBeLessThan(3.9);
  });
});

describe('FAO-56 Example 19: ETo with hourly data (N’Diaye, Senegal, 1 October)', () => {
  // 16°13'N, 16°15'W (Lm), 8 m; the example's clock keeps the time of Lz = 15°W (UTC−1): its 14:00–15:00
  // is 15:00–16:00 UTC, whose middle is 15.5 h UTC (the paper's ω = 0.682 rad).
  const latitude = 16 + 13 / 60;
  const longitude = -(16 + 15 / 60);
  const j = dayOfYear(2001, 10, 1); // 274
  it('14:00–15:00: Thr 38 °C, RH 52 %, u2 3.3 m/s, Rs 2.450 MJ m⁻² h⁻¹ → 0.63 mm/hour', () => {
    const ra = extraterrestrialHourly(latitude, longitude, j, 15.5);
    expect(ra).toBeCloseTo(3.543, 2); // Ra = 3.543
    const d = et0HourlyDetail({ t: 38, rh: 52, u2: 3.3, rs: 2.45, ra, elevation: 8 });
    expect(d.es).toBeCloseTo(6.625, 3); // e°(Thr) = 6.625 kPa
    expect(d.ea).toBeCloseTo(3.445, 3); // ea = 3.445 kPa
    expect(d.delta).toBeCloseTo(0.358, 3); // Δ = 0.358
    expect(d.gamma).toBeCloseTo(0.0673, 4); // γ = 0.0673
    expect(d.rso).toBeCloseTo(2.658, 2); // Rso = 2.658
    expect(d.rns).toBeCloseTo(1.887, 3); // Rns = 1.887
    expect(d.rnl).toBeCloseTo(0.137, 3); // Rnl = 0.137
    expect(d.rn).toBeCloseTo(1.749, 2); // Rn = 1.749
    expect(d.g).toBeCloseTo(0.175, 2); // G = 0.175
    expect(d.et0).toBeCloseTo(0.63, 2); // ETo = 0.63 mm/hour
  });
  it('02:00–03:00: Thr 28 °C, RH 90 %, u2 1.9 m/s, no sun → 0.0 mm/hour', () => {
    const ra = extraterrestrialHourly(latitude, longitude, j, 3.5);
    expect(ra).toBe(0);
    const d = et0HourlyDetail({ t: 28, rh: 90, u2: 1.9, rs: 0, ra, elevation: 8, ratioAtNight: 0.8 });
    expect(d.es).toBeCloseTo(3.78, 2); // e°(Thr) = 3.780 kPa
    expect(d.ea).toBeCloseTo(3.402, 3); // ea = 3.402 kPa
    expect(d.delta).toBeCloseTo(0.22, 3); // Δ = 0.220
    expect(d.rnl).toBeCloseTo(0.1, 2); // Rnl = 0.100
    expect(d.rn).toBeCloseTo(-0.1, 2); // Rn = -0.100
    expect(d.g).toBeCloseTo(-0.05, 2); // G = -0.050
    expect(d.et0).toBeCloseTo(0, 2); // ETo = 0.00 mm/hour
  });
});
