import { describe, expect, it } from 'vitest';
import { deriveMissing } from './formulas';
import {
  directFraction,
  estimateWbgt,
  globeTemperature,
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
