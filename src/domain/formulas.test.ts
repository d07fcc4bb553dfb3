import { describe, expect, it } from 'vitest';
import {
  appliesNow,
  cloudBaseEspy,
  deriveMissing,
  dewPoint,
  feelsLike,
  heatIndex,
  windChill,
} from './formulas';

const fToC = (f: number) => (f - 32) / 1.8;
const cToF = (c: number) => c * 1.8 + 32;
const kmh = (v: number) => v / 3.6;

describe('dewPoint (Magnus)', () => {
  it('matches hand values', () => {
    expect(dewPoint(25, 60)).toBeCloseTo(16.7, 1);
    expect(dewPoint(20, 100)).toBeCloseTo(20, 6);
    expect(dewPoint(0, 50)).toBeCloseTo(-9.2, 1);
    expect(dewPoint(20, 0)).toBeNull();
  });
});

describe('heatIndex (NOAA)', () => {
  it('matches the NOAA table', () => {
    expect(heatIndex(32, 70)).toBeGreaterThan(40);
    expect(heatIndex(32, 70)).toBeLessThan(41);
    expect(cToF(heatIndex(fToC(90), 70))).toBeCloseTo(106, 0);
    expect(cToF(heatIndex(fToC(100), 40))).toBeCloseTo(109, 0);
    // High-humidity adjustment region (80..87 °F, > 85 %): table 105 °F.
    expect(cToF(heatIndex(fToC(86), 90))).toBeCloseTo(105, 0);
    expect(cToF(heatIndex(fToC(80), 40))).toBeCloseTo(80, 0);
  });

  it('applies the low-humidity adjustment', () => {
    // Rothfusz at 95 °F / 10 % is 90.20 °F; the adjustment removes 0.75 °F.
    expect(cToF(heatIndex(fToC(95), 10))).toBeCloseTo(89.45, 1);
  });

  it('to the hundredth: the adjustments and where they apply (Rothfusz by hand, NWS formulas)', () => {
    // 86 °F / 90 %: Rothfusz 105.294 °F, + (90 − 85)/10 × (87 − 86)/5 = 0.1 → 105.394 °F.
    expect(cToF(heatIndex(fToC(86), 90))).toBeCloseTo(105.394, 2);
    // 84 °F / 95 %: Rothfusz 100.282 °F, + 1.0 × 0.6 → 100.882 °F.
    expect(cToF(heatIndex(fToC(84), 95))).toBeCloseTo(100.882, 2);
    // 100 °F / 10 %: Rothfusz 94.753 °F, − (13 − 10)/4 × √((17 − 5)/17) = 0.630 → 94.122 °F.
    expect(cToF(heatIndex(fToC(100), 10))).toBeCloseTo(94.122, 2);
    // 40 °F / 50 %: the simple formula, ½ (40 + 61 + (40 − 68) × 1.2 + 50 × 0.094) = 36.05 °F = 2.25 °C.
    expect(heatIndex(fToC(40), 50)).toBeCloseTo(2.25, 6);
  });

  it('is the air temperature in the cold', () => {
    expect(heatIndex(-5, 80)).toBe(-5);
  });
});

describe('windChill (Environment Canada)', () => {
  it('matches hand values', () => {
    expect(windChill(-10, kmh(20))).toBeCloseTo(-17.9, 1);
    expect(windChill(-20, kmh(30))).toBeCloseTo(-32.6, 1);
  });

  it('is the air temperature outside its range', () => {
    expect(windChill(-10, kmh(4.7))).toBe(-10);
    expect(windChill(19, kmh(30))).toBe(19);
  });
});

describe('feelsLike (spec §9)', () => {
  it('uses wind chill up to 18 °C with at least 4.8 km/h', () => {
    expect(feelsLike(18, 50, kmh(36))).toBeCloseTo(16.8, 1);
    expect(feelsLike(18.1, 50, kmh(36))).toBe(18.1);
    expect(feelsLike(0, 50, kmh(4.8))).toBeCloseTo(-1.5, 1);
    expect(feelsLike(0, 50, kmh(4.7))).toBe(0);
    // 13.12 + 0.6215·(-50) - 11.37·20^0.16 + 0.3965·(-50)·20^0.16, 20^0.16 = 1.61497: -68.33
    expect(feelsLike(-50, 50, kmh(20))).toBeCloseTo(-68.33, 2);
    expect(feelsLike(-50.1, 50, kmh(20))).toBe(-50.1);
  });

  it('stops using wind chill above 100 km/h, as the spec bounds it', () => {
    // 13.12 - 6.215 - 11.37·100^0.16 - 3.965·100^0.16, 100^0.16 = 2.08929: -25.13
    expect(feelsLike(-10, 50, kmh(100))).toBeCloseTo(-25.13, 2);
    expect(feelsLike(-10, 50, kmh(101))).toBe(-10);
  });

  it('is the air temperature up to 26 °C, the heat index above', () => {
    expect(feelsLike(26, 90, 0)).toBe(26);
    expect(feelsLike(26.1, 90, 0)).toBeCloseTo(27.1, 1);
    // 32 °C = 89.6 °F at 70 %: Rothfusz 104.74 °F (NOAA table, 90 °F / 70 %: 106 °F) = 40.41 °C.
    expect(feelsLike(32, 70, 2)).toBeCloseTo(40.41, 2);
    expect(feelsLike(32, null, 2)).toBeNull();
    expect(feelsLike(10, null, null)).toBe(10);
  });
});

describe('deriveMissing', () => {
  it('fills absent derived values, rounded to 0.1, and keeps sent ones', () => {
    const out = deriveMissing({ time: 1, tempc0: 25, humc0: 60, windspd: 1, dewpoint: 10, feelslike: null });
    expect(out.dewpoint).toBe(10);
    expect(out.heatindex).toBeCloseTo(25.1, 10);
    expect(out.windchill).toBe(25);
    expect(out.feelslike).toBe(25);
    expect(out.time).toBe(1);
  });

  it('computes wind chill and feels-like in the cold', () => {
    const out = deriveMissing({ tempc0: -10, humc0: 70, windspd: kmh(20) });
    expect(out.windchill).toBe(-17.9);
    expect(out.feelslike).toBe(-17.9);
    expect(out.dewpoint).toBe(-14.4); // ln(0.7) + 17.62·-10/233.12 = -1.1125 → 243.12·-1.1125/18.7325
  });

  it('fills channel dew point and heat index, except pool and soil sensors', () => {
    const out = deriveMissing({ tempc2: 25, humc2: 60, tempc3: 25, humc3: 60, typec3: 4, tempc4: 20 });
    expect(out.dewpointc2).toBe(16.7);
    expect(out.heatindexc2).toBe(25.1);
    expect(out.dewpointc3).toBeUndefined();
    expect(out.dewpointc4).toBeUndefined();
  });

  it('leaves everything alone without inputs', () => {
    expect(deriveMissing({ humc0: 50 })).toEqual({ humc0: 50 });
    // No humidity: no dew point or heat index; no wind: no wind chill; feels-like is the air temperature.
    expect(deriveMissing({ tempc0: 10 })).toEqual({ tempc0: 10, feelslike: 10 });
    expect(deriveMissing({ tempc0: 10, humc0: null, windspd: null })).toEqual({
      tempc0: 10,
      humc0: null,
      windspd: null,
      feelslike: 10,
    });
    // A channel missing either reading, or a pool (3) or soil (4) sensor, gets nothing derived.
    const ch = deriveMissing({
      tempc1: 25,
      humc1: null,
      tempc2: null,
      humc2: 60,
      tempc5: 25,
      humc5: 60,
      typec5: 3,
    });
    expect(Object.keys(ch).filter((k) => /^(dewpoint|heatindex)c/.test(k))).toEqual([]);
  });
});

describe('cloudBaseEspy', () => {
  it('125 m per °C of spread between temperature and dew point', () => {
    expect(cloudBaseEspy(20, 12)).toBe(1000);
    expect(cloudBaseEspy(5, 5)).toBe(0);
    expect(cloudBaseEspy(5, 6)).toBeNull();
    expect(cloudBaseEspy(null, 6)).toBeNull();
  });
});

describe('appliesNow (issue #12: heat index and wind chill only where they apply)', () => {
  it('heat index above 26 °C only, outdoor and per channel', () => {
    expect(appliesNow('heatindex', { tempc0: 31 })).toBe(true);
    expect(appliesNow('heatindex', { tempc0: 18 })).toBe(false);
    expect(appliesNow('heatindexc2', { tempc0: 31, tempc2: 20 })).toBe(false);
    expect(appliesNow('heatindexc2', { tempc2: 28.5 })).toBe(true);
    expect(appliesNow('heatindex', {})).toBe(false);
  });

  it('wind chill in cold and wind only', () => {
    expect(appliesNow('windchill', { tempc0: 2, windspd: 5 })).toBe(true);
    expect(appliesNow('windchill', { tempc0: 2, windspd: 0.5 })).toBe(false);
    expect(appliesNow('windchill', { tempc0: 22, windspd: 5 })).toBe(false);
    expect(appliesNow('windchill', { tempc0: 2 })).toBe(false);
    // The 10-minute average stands in for a missing current wind; no temperature, no wind chill.
    expect(appliesNow('windchill', { tempc0: 2, windspd: null, windavg10m: 5 })).toBe(true);
    expect(appliesNow('windchill', { tempc0: null, windspd: 5 })).toBe(false);
    expect(appliesNow('windchill', { tempc0: Number.NaN, windspd: 5 })).toBe(false);
  });

  it('heat index from just above 26 °C; other keys (even ones containing "heatindex") always apply', () => {
    expect(appliesNow('heatindex', { tempc0: 26 })).toBe(false);
    expect(appliesNow('heatindex', { tempc0: 26.1 })).toBe(true);
    expect(appliesNow('heatindex', { tempc0: Number.POSITIVE_INFINITY })).toBe(false);
    expect(appliesNow('myheatindex', { tempc0: 10 })).toBe(true);
    expect(appliesNow('heatindexc1x', { tempc1: 10 })).toBe(true);
    expect(appliesNow('tempc0', {})).toBe(true);
  });

  it('every other reading applies', () => {
    expect(appliesNow('dewpoint', {})).toBe(true);
  });
});
