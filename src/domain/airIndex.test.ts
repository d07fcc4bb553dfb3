import { describe, expect, it } from 'vitest';
import {
  airIndex,
  caqiFromPm10,
  caqiFromPm25,
  caqiLevel,
  daqiFromPm10,
  daqiFromPm25,
  daqiLevel,
} from './airIndex';
import { aqiFromPm10, aqiFromPm25, aqiLevel } from './levels';

describe('US EPA AQI, every PM2.5 breakpoint edge (2024 revision)', () => {
  it.each([
    [0, 0],
    [9.0, 50],
    [9.1, 51],
    [35.4, 100],
    [35.5, 101],
    [55.4, 150],
    [55.5, 151],
    [125.4, 200],
    [125.5, 201],
    [225.4, 300],
    [225.5, 301],
    [325.4, 500],
  ])('PM2.5 %s µg/m³ → %s', (c, index) => expect(aqiFromPm25(c)).toBe(index));

  it.each([
    [54, 50],
    [55, 51],
    [154, 100],
    [155, 101],
    [254, 150],
    [255, 151],
    [354, 200],
    [355, 201],
    [424, 300],
    [425, 301],
    [604, 500],
  ])('PM10 %s µg/m³ → %s', (c, index) => expect(aqiFromPm10(c)).toBe(index));

  it('names the bands at their edges', () => {
    expect([50, 51, 100, 101].map(aqiLevel)).toEqual(['good', 'moderate', 'moderate', 'poor']);
  });
});

describe('EU CAQI (hourly grid, CiteAir II 2012)', () => {
  it.each([
    [0, 0],
    [15, 25],
    [22.5, 38],
    [30, 50],
    [55, 75],
    [110, 100],
    [165, 125], // above the grid: the last segment's slope
  ])('PM2.5 %s µg/m³ → %s', (c, index) => expect(caqiFromPm25(c)).toBe(index));

  it.each([
    [25, 25],
    [50, 50],
    [90, 75],
    [180, 100],
  ])('PM10 %s µg/m³ → %s', (c, index) => expect(caqiFromPm10(c)).toBe(index));

  it('bands: 25 very low, 26 low, 50 low, 51 medium, 75 medium, 76 high, 100 high, 101 very high', () => {
    expect([25, 26, 50, 51, 75, 76, 100, 101].map(caqiLevel)).toEqual([
      'caqiVeryLow',
      'caqiLow',
      'caqiLow',
      'caqiMedium',
      'caqiMedium',
      'caqiHigh',
      'caqiHigh',
      'caqiVeryHigh',
    ]);
    expect(caqiFromPm25(-1)).toBeNull();
    expect(caqiLevel(null)).toBeNull();
  });
});

describe('UK DAQI (Defra, 24-hour means)', () => {
  it.each([
    [0, 1],
    [11, 1],
    [11.4, 1],
    [11.5, 2],
    [12, 2],
    [23, 2],
    [24, 3],
    [35, 3],
    [36, 4],
    [41, 4],
    [42, 5],
    [53, 6],
    [54, 7],
    [64, 8],
    [70, 9],
    [71, 10],
    [500, 10],
  ])('PM2.5 %s µg/m³ → %s', (c, index) => expect(daqiFromPm25(c)).toBe(index));

  it.each([
    [16, 1],
    [17, 2],
    [50, 3],
    [51, 4],
    [75, 6],
    [76, 7],
    [100, 9],
    [101, 10],
  ])('PM10 %s µg/m³ → %s', (c, index) => expect(daqiFromPm10(c)).toBe(index));

  it('bands: 1-3 low, 4-6 moderate, 7-9 high, 10 very high', () => {
    expect([1, 3, 4, 6, 7, 9, 10].map(daqiLevel)).toEqual([
      'daqiLow',
      'daqiLow',
      'daqiModerate',
      'daqiModerate',
      'daqiHigh',
      'daqiHigh',
      'daqiVeryHigh',
    ]);
  });
});

describe('airIndex: a channel in the chosen standard', () => {
  it('EPA: the stored sub-indices (the worse one), else computed from the concentrations', () => {
    expect(airIndex('EPA', { pm25aqic2: 100, pm10aqic2: 120 }, 2)).toMatchObject({
      value: 120,
      level: 'poor',
    });
    expect(airIndex('EPA', { pm25c1: 35.4 }, 1)).toMatchObject({ value: 100, level: 'moderate' });
    expect(airIndex('EPA', {}, 1)).toBeNull();
  });

  it('CAQI: the worse of PM2.5 and PM10 from the readings', () => {
    expect(airIndex('CAQI', { pm25c1: 15, pm10c1: 90 }, 1)).toMatchObject({ value: 75, level: 'caqiMedium' });
  });

  it('DAQI: the 24-hour means when sent', () => {
    expect(airIndex('DAQI', { pm25c1: 80, pm25avg24hc1: 30 }, 1)).toEqual({
      standard: 'DAQI',
      value: 3,
      level: 'daqiLow',
      averaged: true,
    });
    expect(airIndex('DAQI', { pm25c1: 80 }, 1)).toMatchObject({ value: 10, averaged: false });
  });
});

describe('edges (mutation survivors, issue 30)', () => {
  it('sub-indices from 0 up; negative, non-finite or missing concentrations have none', () => {
    expect(caqiFromPm10(0)).toBe(0);
    expect(caqiFromPm25(0)).toBe(0);
    expect(daqiFromPm10(0)).toBe(1);
    expect(daqiFromPm25(0)).toBe(1);
    for (const f of [caqiFromPm10, caqiFromPm25, daqiFromPm10, daqiFromPm25])
      for (const v of [-1, Number.NaN, Number.POSITIVE_INFINITY, null, undefined])
        expect(f(v), String(v)).toBeNull();
  });
  it('levels of no index are none', () => {
    for (const v of [Number.NaN, Number.POSITIVE_INFINITY, null, undefined]) {
      expect(daqiLevel(v), String(v)).toBeNull();
      expect(caqiLevel(v), String(v)).toBeNull();
    }
  });
  it('CAQI: the worse of PM2.5 (20 µg: 25 + 25·5/15 = 33) and PM10 (60 µg: 50 + 25·10/40 = 56)', () => {
    expect(airIndex('CAQI', { pm25c1: 20, pm10c1: 60 }, 1)).toEqual({
      standard: 'CAQI',
      value: 56,
      level: 'caqiMedium',
      averaged: false,
    });
    expect(airIndex('CAQI', { pm25c1: 20 }, 1)).toEqual({
      standard: 'CAQI',
      value: 33,
      level: 'caqiLow',
      averaged: false,
    });
    expect(airIndex('CAQI', {}, 1)).toBeNull();
  });
  it('DAQI: the 24-hour means where sent, each standing for its own current reading', () => {
    // Means 30 (PM2.5 index 3) and 40 (PM10 index 3); the current 50 and 90 would be 6 and 8.
    expect(airIndex('DAQI', { pm25c1: 50, pm25avg24hc1: 30, pm10c1: 90, pm10avg24hc1: 40 }, 1)).toEqual({
      standard: 'DAQI',
      value: 3,
      level: 'daqiLow',
      averaged: true,
    });
    // PM10 without its mean: its current 40 stands in (index 3), and the answer is not averaged.
    expect(airIndex('DAQI', { pm25c1: 30, pm25avg24hc1: 30, pm10c1: 40 }, 1)).toEqual({
      standard: 'DAQI',
      value: 3,
      level: 'daqiLow',
      averaged: false,
    });
    expect(airIndex('DAQI', {}, 1)).toBeNull();
  });
  it('EPA: the stored index wins over the concentration', () => {
    expect(airIndex('EPA', { pm25aqic1: 150, pm25c1: 1 }, 1)).toEqual({
      standard: 'EPA',
      value: 150,
      level: aqiLevel(150),
      averaged: false,
    });
  });
});
