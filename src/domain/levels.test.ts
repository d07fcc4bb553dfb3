import { describe, expect, it } from 'vitest';
import {
  aqiFromPm10,
  aqiFromPm25,
  aqiLevel,
  co2Level,
  coLevel,
  leakLevel,
  levelForKey,
  moonPhase,
  pm10Level,
  pm25Level,
  soilLevel,
  uvLevel,
  visibilityLevel,
  vocLevel,
  wbgtLevel,
} from './levels';

describe('AQI (US EPA)', () => {
  it('computes PM2.5 AQI on the 2024 breakpoints', () => {
    expect(aqiFromPm25(0)).toBe(0);
    expect(aqiFromPm25(9.0)).toBe(50);
    expect(aqiFromPm25(9.1)).toBe(51);
    expect(aqiFromPm25(12)).toBe(56); // 49/26.3 · 2.9 + 51 = 56.4
    expect(aqiFromPm25(35.4)).toBe(100);
    expect(aqiFromPm25(35.49)).toBe(100); // truncated to 35.4
    expect(aqiFromPm25(55.5)).toBe(151);
    expect(aqiFromPm25(225.5)).toBe(301);
    expect(aqiFromPm25(325.4)).toBe(500);
    expect(aqiFromPm25(450.5)).toBe(500);
    expect(aqiFromPm25(null)).toBeNull();
    expect(aqiFromPm25(-1)).toBeNull();
  });

  it('computes PM10 AQI', () => {
    expect(aqiFromPm10(54)).toBe(50);
    expect(aqiFromPm10(54.9)).toBe(50);
    expect(aqiFromPm10(55)).toBe(51);
    expect(aqiFromPm10(300.5)).toBe(173); // 49/99 · 45 + 151 = 173.3
    expect(aqiFromPm10(604)).toBe(500);
    expect(aqiFromPm10(700)).toBe(500);
  });

  it('names the categories', () => {
    expect([0, 50, 51, 100, 101, 150, 151, 200, 201, 300, 301, 500].map(aqiLevel)).toEqual([
      'good',
      'good',
      'moderate',
      'moderate',
      'poor',
      'poor',
      'unhealthy',
      'unhealthy',
      'veryUnhealthy',
      'veryUnhealthy',
      'hazardous',
      'hazardous',
    ]);
    expect(pm25Level(5)).toBe('good');
    expect(pm25Level(40)).toBe('poor');
    expect(pm10Level(300)).toBe('unhealthy');
  });
});

describe('gas levels', () => {
  it('CO on the EPA 8-hour breakpoints', () => {
    expect([4.4, 4.5, 9.4, 9.5, 12.5, 15.5, 30.5].map(coLevel)).toEqual([
      'good',
      'moderate',
      'moderate',
      'poor',
      'unhealthy',
      'veryUnhealthy',
      'hazardous',
    ]);
  });

  it('CO2 bands', () => {
    expect([400, 800, 1000, 1500, 2000, 5000].map(co2Level)).toEqual([
      'good',
      'moderate',
      'poor',
      'unhealthy',
      'veryUnhealthy',
      'hazardous',
    ]);
  });

  it('VOC 1 worst .. 5 best', () => {
    expect([1, 2, 3, 4, 5].map(vocLevel)).toEqual(['bad', 'poor', 'moderate', 'good', 'veryGood']);
    expect(vocLevel(null)).toBeNull();
  });
});

describe('other scales', () => {
  it('WBGT', () => {
    expect([20.9, 21, 24.9, 25, 28, 31, 40].map(wbgtLevel)).toEqual([
      'safe',
      'caution',
      'caution',
      'extremeCaution',
      'danger',
      'extremeDanger',
      'extremeDanger',
    ]);
  });

  it('UV index on the rounded value', () => {
    expect([0, 2.4, 2.5, 5, 6, 7, 8, 10, 11, 16].map(uvLevel)).toEqual([
      'low',
      'low',
      'moderate',
      'moderate',
      'high',
      'high',
      'veryHigh',
      'veryHigh',
      'extreme',
      'extreme',
    ]);
  });

  it('soil moisture', () => {
    expect([0, 19.9, 20, 45, 60, 80, 100].map(soilLevel)).toEqual([
      'veryDry',
      'veryDry',
      'dry',
      'moderate',
      'wet',
      'veryWet',
      'veryWet',
    ]);
  });

  it('moon phase from the cycle fraction', () => {
    expect([0, 0.06, 0.07, 0.25, 0.4, 0.5, 0.6, 0.75, 0.9, 0.97, 1].map(moonPhase)).toEqual([
      'new',
      'new',
      'waxingCrescent',
      'firstQuarter',
      'waxingGibbous',
      'full',
      'waningGibbous',
      'lastQuarter',
      'waningCrescent',
      'new',
      'new',
    ]);
  });

  it('leakage and visibility', () => {
    expect([1, 0, null, undefined, 2].map(leakLevel)).toEqual(['leak', 'noLeak', 'na', 'na', 'na']);
    expect([0, 3.9, 4, 9.9, 10, 40, 60].map(visibilityLevel)).toEqual([
      'fog',
      'fog',
      'haze',
      'haze',
      'clear',
      'clear',
      'clear',
    ]);
  });

  it('maps catalogue keys to their scale', () => {
    expect(levelForKey('pm25c3', 40)).toBe('poor');
    expect(levelForKey('pm10aqic1', 88)).toBe('moderate');
    expect(levelForKey('co2', 1200)).toBe('poor');
    expect(levelForKey('leakc7', 1)).toBe('leak');
    expect(levelForKey('wbgt', 29)).toBe('danger');
    expect(levelForKey('tempc0', 29)).toBeNull();
    expect(levelForKey('uvi', null)).toBeNull();
  });
});

describe('levels: edges', () => {
  it('each scale key goes to its own scale; a key that only contains a scale name has none', () => {
    // Values where the scales disagree, so the wrong scale shows.
    expect(levelForKey('co', 10)).toBe(coLevel(10));
    expect(levelForKey('voc', 4)).toBe(vocLevel(4));
    expect(levelForKey('uvi', 9)).toBe('veryHigh');
    expect(levelForKey('pm10c2', 200)).toBe(pm10Level(200));
    expect(levelForKey('pm10c2', 200)).not.toBe(pm25Level(200));
    for (const key of [
      'xpm25c1',
      'pm25c1x',
      'pm10cx',
      'xpm10c1',
      'pm10c1x',
      'xpm25aqic1',
      'pm25aqic1x',
      'xleakc1',
      'leakc1x',
    ])
      expect(levelForKey(key, 1), key).toBeNull();
  });

  it('no level for a negative or unreadable amount', () => {
    expect(pm10Level(-1)).toBeNull();
    expect(pm10Level(0)).not.toBeNull();
    expect(visibilityLevel(-1)).toBeNull();
    expect(visibilityLevel(Number.NaN)).toBeNull();
    expect(visibilityLevel(Number.POSITIVE_INFINITY)).toBeNull();
    expect(visibilityLevel(0)).toBe('fog');
    expect(moonPhase(Number.NaN)).toBeNull();
    expect(soilLevel(Number.NaN)).toBeNull();
  });

  it('a moon phase fraction outside 0..1 wraps around the cycle', () => {
    expect(moonPhase(-1.25)).toBe(moonPhase(0.75));
    expect(moonPhase(-0.5)).toBe('full');
    expect(moonPhase(1.25)).toBe('firstQuarter');
  });
});
