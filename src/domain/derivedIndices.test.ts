import { describe, expect, it } from 'vitest';
import { estimatedWbgt, pmAqi } from './derivedIndices';
import { estimateWbgt, solarCosZenith } from './wbgt';

type Values = Record<string, number | null | undefined>;

describe('pmAqi', () => {
  it('derives the EPA AQI of each channel from its concentration (35.4 µg/m³ PM2.5 = 100, 154 µg/m³ PM10 = 100)', () => {
    const out: Values = { pm25c1: 35.4, pm10c1: 154, pm25c4: 9.0, pm10c4: 55 };
    pmAqi(out);
    expect(out).toEqual({
      pm25c1: 35.4,
      pm10c1: 154,
      pm25c4: 9.0,
      pm10c4: 55,
      pm25aqic1: 100,
      pm10aqic1: 100,
      pm25aqic4: 50,
      pm10aqic4: 51,
    });
  });

  it('keeps an AQI the console sent, and derives where it sent none or a non-number', () => {
    const out: Values = {
      pm25c2: 35.4,
      pm25aqic2: 77,
      pm10c2: 154,
      pm10aqic2: 88,
      pm25c3: 35.4,
      pm25aqic3: null,
    };
    pmAqi(out);
    expect(out.pm25aqic2).toBe(77);
    expect(out.pm10aqic2).toBe(88);
    expect(out.pm25aqic3).toBe(100);
    const nan: Values = {
      pm25c1: 35.4,
      pm25aqic1: Number.NaN,
      pm10c1: 154,
      pm10aqic1: Number.POSITIVE_INFINITY,
    };
    pmAqi(nan);
    expect(nan.pm25aqic1).toBe(100);
    expect(nan.pm10aqic1).toBe(100);
  });

  it('derives nothing without a concentration, and 0 from clean air', () => {
    const out: Values = { pm25c1: null, pm10c1: Number.NaN, pm25c2: 0, pm10c2: 0, pm25c3: -1 };
    pmAqi(out);
    expect(out).toEqual({
      pm25c1: null,
      pm10c1: Number.NaN,
      pm25c2: 0,
      pm10c2: 0,
      pm25c3: -1,
      pm25aqic2: 0,
      pm10aqic2: 0,
    });
  });

  it('derives the channels 1..4 only', () => {
    const out: Values = { pm25c5: 35.4, pm10c0: 154 };
    pmAqi(out);
    expect(out).toEqual({ pm25c5: 35.4, pm10c0: 154 });
  });
});

describe('estimatedWbgt', () => {
  // Midsummer noon at 50° N: the sun about 63° high.
  const place = { time: Date.parse('2026-06-21T11:00:00Z') / 1000, latitude: 50, longitude: 15 };
  const hot = (): Values => ({ tempc0: 32, humc0: 50, windspd: 1.5, solarrad: 900 });
  /** The WBGT module's own estimate (tested in wbgt.test.ts), rounded to 0.1 as stored. */
  const expected = (over: { windMs?: number; globeC?: number | null } = {}) => {
    const cosZenith = solarCosZenith(place.time, place.latitude, place.longitude);
    const v = estimateWbgt({ tC: 32, rh: 50, windMs: 1.5, solar: 900, cosZenith, globeC: null, ...over });
    return Math.round((v as number) * 10) / 10;
  };

  it('estimates the WBGT of a hot sunny noon, flagged as estimated', () => {
    const out = hot();
    estimatedWbgt(out, place);
    // 32 °C, 50 %, full sun: between the wet bulb (about 24 °C) and the air, in the "danger" band 28..31 or so.
    expect(out.wbgt).toBeGreaterThan(27);
    expect(out.wbgt).toBeLessThan(33);
    expect(out.wbgt).toBe(expected());
    expect(Math.round((out.wbgt as number) * 10)).toBe((out.wbgt as number) * 10);
    expect(out.wbgtestimated).toBe(1);
  });

  it('takes the 10-minute wind when no wind speed came, and the black globe when one came', () => {
    const out: Values = { tempc0: 32, humc0: 50, windavg10m: 4, solarrad: 900 };
    estimatedWbgt(out, place);
    expect(out.wbgt).toBe(expected({ windMs: 4 }));
    const globe: Values = { ...hot(), bgt: 45 };
    estimatedWbgt(globe, place);
    expect(globe.wbgt).toBe(expected({ globeC: 45 }));
    expect(globe.wbgt).not.toBe(expected());
  });

  it('keeps a WBGT the console sent', () => {
    const out: Values = { ...hot(), wbgt: 25 };
    estimatedWbgt(out, place);
    expect(out).toEqual({ ...hot(), wbgt: 25 });
  });

  it('estimates nothing without each reading or without the place', () => {
    for (const missing of ['tempc0', 'humc0', 'windspd', 'solarrad']) {
      const out = { ...hot(), [missing]: null };
      estimatedWbgt(out, place);
      expect(out.wbgt, missing).toBeUndefined();
      expect(out.wbgtestimated).toBeUndefined();
    }
    for (const p of [
      undefined,
      { ...place, latitude: null },
      { ...place, longitude: undefined },
      { ...place, latitude: Number.NaN },
    ]) {
      const out = hot();
      estimatedWbgt(out, p);
      expect(out.wbgt).toBeUndefined();
    }
  });

  it('stores nothing where the estimate has none (humidity under 5 %)', () => {
    const dry: Values = { ...hot(), humc0: 2 };
    estimatedWbgt(dry, place);
    expect(dry).toEqual({ ...hot(), humc0: 2 });
  });

  it('estimates a cold calm night too: below the air temperature, near the wet bulb', () => {
    const cold: Values = { tempc0: 2, humc0: 80, windspd: 1, solarrad: 0 };
    estimatedWbgt(cold, place);
    expect(cold.wbgt).toBeGreaterThan(0);
    expect(cold.wbgt).toBeLessThan(2);
    expect(cold.wbgtestimated).toBe(1);
  });
});
