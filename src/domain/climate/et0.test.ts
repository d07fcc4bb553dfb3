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
  // Computed inside each test (a function, not a value of the describe body): mutation testing credits a mutant
  // only to the tests that ran its code (docs/mutation-testing.md).
  const example = () => {
    const ra = extraterrestrialDaily(latitude, j);
    const rs = solarFromSunshine(ra, 9.25, daylightHours(latitude, j));
    return et0DailyDetail({
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
  };
  it('has the printed intermediate values', () => {
    const d = example();
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
    expect(example().et0).toBeCloseTo(3.9, 1);
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
    expect(est.rs).toBeCloseTo(solarFromTemperature(extraterrestrialDaily(latitude, j), 21.5, 12.3), 6);
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

describe('edges of the equations (mutation survivors, issue 30)', () => {
  // FAO-56 Table 2.3: e°(15) = 1.705, e°(25) = 3.168 kPa.
  const day = (x: Partial<Parameters<typeof et0DailyDetail>[0]>) =>
    et0DailyDetail({ tMax: 25, tMin: 15, u2: 2, rs: 20, latitude: 45, elevation: 0, j: 180, ...x });
  it('actual vapour pressure: Eq. 17 with both humidities, Eq. 19 with the mean, else the low as dew point', () => {
    expect(day({ rhMax: 90, rhMin: 50 }).ea).toBeCloseTo((1.705 * 90 + 3.168 * 50) / 200, 3);
    expect(day({ rhMean: 60 }).ea).toBeCloseTo((0.6 * (1.705 + 3.168)) / 2, 3);
    expect(day({ rhMax: 90, rhMin: null }).ea).toBeCloseTo(1.705, 3);
    expect(day({ rhMax: null, rhMin: 50 }).ea).toBeCloseTo(1.705, 3);
    expect(day({}).ea).toBeCloseTo(1.705, 3);
  });
  it('net longwave (Eq. 39) by hand: σ 4.903e-9, the mean of Tmax⁴ and Tmin⁴ in K, √ea, Rs/Rso', () => {
    const d = day({ rhMean: 60 });
    const tk4 = (298.16 ** 4 + 288.16 ** 4) / 2;
    const ratio = Math.min(1, 20 / d.rso);
    expect(d.rnl).toBeCloseTo(4.903e-9 * tk4 * (0.34 - 0.14 * Math.sqrt(d.ea)) * (1.35 * ratio - 0.35), 6);
    expect(d.rnl).toBeGreaterThan(3);
  });
  it('a polar night (no Ra) still has a finite ET₀, the longwave taken at half clear', () => {
    const d = day({ latitude: 80, j: 355, rs: null, rhMean: 80, tMax: -20, tMin: -30 });
    expect(d.ra).toBe(0);
    expect(Number.isFinite(d.et0)).toBe(true);
    const tk4 = (253.16 ** 4 + 243.16 ** 4) / 2;
    expect(d.rnl).toBeCloseTo(4.903e-9 * tk4 * (0.34 - 0.14 * Math.sqrt(d.ea)) * (1.35 * 0.5 - 0.35), 6);
  });
  it('the hours of a day add up to its Ra (Eq. 28 against Eq. 21), in January when dr is 1.03', () => {
    let sum = 0;
    for (let h = 0; h < 24; h++) sum += extraterrestrialHourly(45, 0, 15, h + 0.5);
    expect(sum).toBeCloseTo(extraterrestrialDaily(45, 15), 6);
  });
  it('solar noon moves by the equation of time: Sc = 0.0626 h on day 133 (b = 2π·52/364)', () => {
    // Eq. 32 by hand: 0.1645 sin 2b − 0.1255 cos b − 0.025 sin b = 0.1604 − 0.0783 − 0.0195. At 0° longitude
    // solar noon is then 12 − 0.0626 h UTC, and hours either side of it receive the same.
    const noon = 12 - 0.0626;
    expect(extraterrestrialHourly(45, 0, 133, noon - 1)).toBeCloseTo(
      extraterrestrialHourly(45, 0, 133, noon + 1),
      3,
    );
    expect(extraterrestrialHourly(45, 0, 133, noon - 3)).toBeCloseTo(
      extraterrestrialHourly(45, 0, 133, noon + 3),
      3,
    );
  });
  it('sunset: at 50°N on 21 June the sun sets after 20:00 solar time (ωs = 121°)', () => {
    expect(extraterrestrialHourly(50, 0, 172, 18.5)).toBeGreaterThan(0.3);
    expect(extraterrestrialHourly(50, 0, 172, 21.5)).toBe(0);
  });
  it('the night’s ratio is the one given (FAO-56 Example 19 at 0.8: Rnl 0.100; at 0.5: 0.100 × 0.325 / 0.73)', () => {
    const night = (ratioAtNight?: number) =>
      et0HourlyDetail({ t: 28, rh: 90, u2: 1.9, rs: 0, ra: 0, elevation: 8, ratioAtNight }).rnl;
    expect(night(0.5)).toBeCloseTo((0.1004 * 0.325) / 0.73, 3);
    expect(night()).toBeCloseTo(0.1, 2);
  });
});
