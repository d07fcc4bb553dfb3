import { describe, expect, it } from 'vitest';
import { deriveMissing } from './formulas';
import {
  directFraction,
  estimateWbgt,
  globeTemperature,
  naturalWetBulb,
  psychrometricWetBulb,
  solarCosZenith,
  vapourPressure,
} from './wbgt';

// Dimiceli, Piltz & Amburn (2013), table of measured cases (Sept 2010): air, humidity, solar, zenith, wind (mph),
// direct fraction; their computed globe temperature and the measured globe and WBGT.
const CASES = [
  { t: 30.0, rh: 67.5, solar: 336, zenith: 38.44, mph: 6, fdb: 0.67, tgCalc: 33.02, tg: 32.78, wbgt: 28.3 },
  {
    t: 33.89,
    rh: 54.27,
    solar: 754,
    zenith: 36.65,
    mph: 7,
    fdb: 0.75,
    tgCalc: 39.31,
    tg: 39.44,
    wbgt: 29.88,
  },
];
const rad = (deg: number) => (deg * Math.PI) / 180;
const MPH = 0.44704;

describe('WBGT estimate (NWS method: Dimiceli globe, Stull wet bulb, Hunter & Minyard)', () => {
  it("reproduces Dimiceli's globe temperatures from the same inputs", () => {
    for (const c of CASES) {
      const tg = globeTemperature(
        c.t,
        vapourPressure(c.t, c.rh),
        c.mph * MPH,
        c.solar,
        c.fdb,
        Math.cos(rad(c.zenith)),
      );
      expect(tg).toBeCloseTo(c.tgCalc, 2);
      expect(Math.abs(tg - c.tg)).toBeLessThan(0.3);
    }
  });

  it("gives Stull's published example: 20 °C, 50 % → wet bulb 13.7 °C", () => {
    expect(psychrometricWetBulb(20, 50)).toBeCloseTo(13.7, 1);
  });

  it('comes within 1.2 °C of the measured WBGT (Liljegren direct fraction, no given one)', () => {
    for (const c of CASES) {
      const wbgt = estimateWbgt({
        tC: c.t,
        rh: c.rh,
        windMs: c.mph * MPH,
        solar: c.solar,
        cosZenith: Math.cos(rad(c.zenith)),
      });
      expect(wbgt).not.toBeNull();
      expect(Math.abs((wbgt as number) - c.wbgt)).toBeLessThan(1.2);
    }
  });

  it('uses a measured black globe instead of the model', () => {
    const base = { tC: 30, rh: 50, windMs: 2, solar: 600, cosZenith: 0.8 };
    expect(estimateWbgt({ ...base, globeC: 50 })! - estimateWbgt({ ...base, globeC: 40 })!).toBeCloseTo(2, 5);
  });

  it('needs the sun position while the sun shines; none outside the wet-bulb formula range', () => {
    expect(estimateWbgt({ tC: 30, rh: 50, windMs: 2, solar: 600, cosZenith: null })).toBeNull();
    expect(estimateWbgt({ tC: 20, rh: 60, windMs: 1, solar: 0, cosZenith: null })).not.toBeNull();
    expect(estimateWbgt({ tC: 30, rh: 2, windMs: 2, solar: 0, cosZenith: null })).toBeNull();
    expect(directFraction(500, -0.2)).toBe(0);
  });

  it('the sun is high at noon in summer and below the horizon at midnight', () => {
    // Prague at solar noon on the solstice: 90° − 50.08° + 23.44° = 63.36° above the horizon.
    const noon = Date.parse('2025-06-21T11:00:00Z') / 1000;
    expect(solarCosZenith(noon, 50.08, 14.42)).toBeCloseTo(Math.sin(rad(63.36)), 2);
    expect(solarCosZenith(noon + 12 * 3600, 50.08, 14.42)).toBeLessThan(0);
  });
});

describe('derived at ingest (deriveMissing)', () => {
  const place = { time: Date.parse('2025-06-21T11:00:00Z') / 1000, latitude: 50.08, longitude: 14.42 };
  const sample = { tempc0: 30, humc0: 50, windspd: 2, solarrad: 800 };

  it('fills wbgt and flags it estimated when the console sent none', () => {
    const out = deriveMissing(sample, place);
    expect(out.wbgt).toBeGreaterThan(26);
    expect(out.wbgt).toBeLessThan(32);
    expect(out.wbgtestimated).toBe(1);
  });

  it("keeps the console's WBGT, unflagged; no estimate without the place or the solar reading", () => {
    expect(deriveMissing({ ...sample, wbgt: 27.5 }, place)).toMatchObject({ wbgt: 27.5 });
    expect(deriveMissing({ ...sample, wbgt: 27.5 }, place).wbgtestimated).toBeUndefined();
    expect(deriveMissing(sample).wbgt).toBeUndefined();
    expect(deriveMissing({ tempc0: 30, humc0: 50, windspd: 2 }, place).wbgt).toBeUndefined();
  });

  it('fills the EPA AQI of each PM channel from the reading, keeping what the console sent', () => {
    const out = deriveMissing({ pm25c1: 35.4, pm10c1: 54, pm25c3: 35.5, pm25aqic3: 7 });
    expect(out).toMatchObject({ pm25aqic1: 100, pm10aqic1: 50, pm25aqic3: 7 });
    expect(out.pm10aqic3).toBeUndefined();
  });
});

// Expected values below are the published equations evaluated by hand (a calculator, not this module), or
// reference tables where the equation is an approximation of them.
describe('WBGT parts, term by term', () => {
  it('vapour pressure: saturation 23.4 hPa at 20 °C, 42.4 at 30 °C, 6.11 at 0 °C (tables: 23.39, 42.46, 6.11)', () => {
    expect(vapourPressure(20, 100)).toBeCloseTo(23.33, 2);
    expect(vapourPressure(30, 50)).toBeCloseTo(42.34 / 2, 2);
    expect(vapourPressure(0, 100)).toBeCloseTo(6.112, 3);
  });

  it('direct fraction: Liljegren exp(3 − 1.34 S* − 1.65 / S*), S* = S / (1367 cos z) capped at 0.85', () => {
    // S* = 600 / (1367 · 0.8) = 0.548647; exp(3 − 0.735187 − 3.007400) = 0.47588.
    expect(directFraction(600, 0.8)).toBeCloseTo(0.47588, 4);
    // S* = 300 / (1367 · 0.9) = 0.243844; exp(3 − 0.326750 − 6.766650) = 0.01668.
    expect(directFraction(300, 0.9)).toBeCloseTo(0.01668, 4);
    // S* over 0.85 is held there: exp(3 − 1.139 − 1.941176) = 0.9229, then the 0.9 cap.
    expect(directFraction(1300, 1)).toBe(0.9);
  });

  it('no direct beam at 89.5° zenith or lower, nor without sunshine', () => {
    expect(directFraction(100, Math.cos((89.5 * Math.PI) / 180))).toBe(0);
    expect(directFraction(100, Math.cos((89 * Math.PI) / 180))).toBeGreaterThan(0);
    expect(directFraction(0, 0.8)).toBe(0);
    // A negative or unreadable radiation is no sunshine either (not a ratio that overflows the cap).
    expect(directFraction(-5, 0.8)).toBe(0);
    expect(directFraction(Number.NaN, 0.8)).toBe(0);
  });

  it('globe at night in calm air: (εa·Ta⁴ + C·Ta + 7.68e6) / (C + 2.56e5) with the air’s emissivity', () => {
    // 45 °C, ea 30 hPa, calm (held at 0.5 m/s): εa = 0.575 · 30^(1/7) = 0.93473, εa·Ta⁴ = 3.8330e6,
    // C = 0.315 · 1800^0.58 / 5.3865e-8 = 4.5192e8, so Tg = 45.0000 (without the εa·Ta⁴ term it would be 44.9915).
    expect(globeTemperature(45, 30, 0, 0, 0, 0)).toBeCloseTo(45.0, 3);
  });

  it('Stull wet bulb at the dry end: 20 °C, 5 % → 5.70 °C', () => {
    // 20·atan(0.151977·√13.313659) + atan(25) − atan(3.323669) + 0.00391838·5^1.5·atan(0.115505) − 4.686035
    expect(psychrometricWetBulb(20, 5)).toBeCloseTo(5.698, 2);
  });

  it('natural wet bulb: Tw + 0.0021·direct − 0.43·wind + 1.93, wind at least 0.5 m/s', () => {
    expect(naturalWetBulb(20, 500, 2)).toBeCloseTo(20 + 1.05 - 0.86 + 1.93, 9);
    expect(naturalWetBulb(20, 0, 0)).toBeCloseTo(20 - 0.215 + 1.93, 9);
  });

  it('accepts the edges of the range and refuses just outside them', () => {
    const ok = { tC: 20, rh: 50, windMs: 1, solar: 0, cosZenith: null };
    for (const edge of [{ rh: 5 }, { rh: 100 }, { tC: -20 }, { tC: 10 }, { tC: 50 }, { windMs: 0 }])
      expect(estimateWbgt({ ...ok, ...edge }), JSON.stringify(edge)).not.toBeNull();
    for (const out of [
      { rh: 4.9 },
      { rh: 100.1 },
      { tC: -20.1 },
      { tC: 50.1 },
      { windMs: -0.1 },
      { solar: -1 },
    ])
      expect(estimateWbgt({ ...ok, ...out }), JSON.stringify(out)).toBeNull();
  });

  it('a measured globe that is not a finite number is ignored', () => {
    const base = { tC: 30, rh: 50, windMs: 2, solar: 600, cosZenith: 0.8 };
    const modelled = estimateWbgt(base);
    expect(estimateWbgt({ ...base, globeC: Number.NaN })).toBe(modelled);
    expect(estimateWbgt({ ...base, globeC: Number.POSITIVE_INFINITY })).toBe(modelled);
    expect(estimateWbgt({ ...base, globeC: null })).toBe(modelled);
  });
});
