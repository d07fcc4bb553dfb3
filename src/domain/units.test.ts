import { describe, expect, it } from 'vitest';
import { METRIC_BY_KEY } from './catalogue';
import { DEFAULT_UNIT_PREFS } from './unitPrefs';
import { compassPoint, formatValue, fromDisplay, toDisplay, unitFor } from './units';
import { PROBABILITY_UNITS, VISIBILITY_UNITS } from './unitTables';

const prefs = (p: Partial<typeof DEFAULT_UNIT_PREFS>) => ({ ...DEFAULT_UNIT_PREFS, ...p });

describe('no value in, no value out', () => {
  it('null for a missing, non-finite or unknown-key value, both ways', () => {
    for (const bad of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(toDisplay('tempc0', bad, 'F'), String(bad)).toBeNull();
      expect(fromDisplay('tempc0', bad, 'F'), String(bad)).toBeNull();
    }
    expect(toDisplay('nope', 20, 'F')).toBeNull();
    expect(fromDisplay('nope', 20, 'F')).toBeNull();
    expect(toDisplay('tempc0', 0, 'F')).toBe(32);
  });
});

describe('conversion factors of spec §9', () => {
  it('temperature C to F is x1.8 + 32', () => {
    expect(toDisplay('tempc0', 20, 'F')).toBeCloseTo(68, 10);
    expect(toDisplay('tempc0', -40, 'F')).toBeCloseTo(-40, 10);
    expect(toDisplay('tempc0', 100, 'F')).toBeCloseTo(212, 10);
    expect(fromDisplay('tempc0', 68, 'F')).toBeCloseTo(20, 10);
  });

  it('wind m/s to km/h, mph, knot', () => {
    expect(toDisplay('windspd', 10, 'km/h')).toBeCloseTo(36, 10);
    expect(toDisplay('windspd', 10, 'mph')).toBeCloseTo(22.3693, 10);
    expect(toDisplay('gust', 10, 'knot')).toBeCloseTo(19.4384, 10);
    expect(fromDisplay('windspd', 36, 'km/h')).toBeCloseTo(10, 10);
  });

  it('pressure hPa to inHg (2 dp) and mmHg', () => {
    expect(toDisplay('relbaro', 1013.25, 'inHg')).toBeCloseTo(29.9212725, 7);
    expect(formatValue('relbaro', 1013.25, prefs({ pressure: 'inHg' }))).toBe('29.92');
    expect(toDisplay('absbaro', 1013.25, 'mmHg')).toBeCloseTo(759.998295, 6);
    expect(formatValue('absbaro', 1013.25, prefs({ pressure: 'mmHg' }))).toBe('760.0');
  });

  it('light W/m2 to Lux and Kfc', () => {
    expect(toDisplay('solarrad', 100, 'Lux')).toBeCloseTo(12658, 8);
    expect(toDisplay('solarrad', 100, 'Kfc')).toBeCloseTo(1.175928, 10);
    expect(formatValue('solarrad', 100, DEFAULT_UNIT_PREFS)).toBe('12658');
    expect(formatValue('solarrad', 100, prefs({ light: 'Kfc' }))).toBe('1.18');
    expect(formatValue('solarrad', 205.52, prefs({ light: 'W/m2' }))).toBe('205.52');
  });

  it('rain mm to in', () => {
    expect(toDisplay('dailyrain', 25.4, 'in')).toBeCloseTo(1.00000054, 8);
    expect(toDisplay('rainrate', 25.4, 'in/h')).toBeCloseTo(1.00000054, 8);
    expect(formatValue('rainrate', 25.4, prefs({ rain: 'in' }))).toBe('1.00');
  });

  it('formaldehyde ppb to mg/m3 and CO2 ppm to mg/m3', () => {
    expect(toDisplay('hcho', 1000, 'mg/m3')).toBeCloseTo(1.218, 10);
    expect(formatValue('hcho', 1000, prefs({ hcho: 'mg/m3' }))).toBe('1.218');
    expect(toDisplay('co2', 1000, 'mg/m3')).toBeCloseTo(1800, 10);
    expect(fromDisplay('co2', 1800, 'mg/m3')).toBeCloseTo(1000, 10);
  });

  it('distance km to miles', () => {
    expect(toDisplay('lightningdist', 10, 'mi')).toBeCloseTo(6.2137119, 10);
    expect(formatValue('lightningdist', 10, prefs({ distance: 'mi' }))).toBe('6.2');
  });

  it('visibility m to km/mi and probability x100 to %', () => {
    const km = VISIBILITY_UNITS.find((u) => u.unit === 'km')!;
    const mi = VISIBILITY_UNITS.find((u) => u.unit === 'mi')!;
    expect(10000 * km.ratio).toBeCloseTo(10, 10);
    expect(10000 * mi.ratio).toBeCloseTo(6.2137119, 10);
    expect(0.35 * PROBABILITY_UNITS[1].ratio).toBeCloseTo(35, 10);
  });

  it('leaves base units and unknown units alone', () => {
    expect(toDisplay('tempc0', 20)).toBe(20);
    expect(toDisplay('tempc0', 20, 'kelvin')).toBe(20);
    expect(toDisplay('nope', 20)).toBeNull();
    expect(toDisplay('tempc0', null)).toBeNull();
    expect(fromDisplay('tempc0', Number.NaN, 'F')).toBeNull();
  });
});

describe('unitFor', () => {
  it('follows the preferences, the default ones by default', () => {
    expect(unitFor(METRIC_BY_KEY.tempc0).unit).toBe('C');
    expect(unitFor(METRIC_BY_KEY.tempc0, prefs({ temperature: 'F' }))).toMatchObject({
      unit: 'F',
      displayName: '°F',
    });
    expect(unitFor(METRIC_BY_KEY.solarrad).unit).toBe('Lux');
    expect(unitFor(METRIC_BY_KEY.winddir).unit).toBe('16 Pts');
    expect(unitFor(METRIC_BY_KEY.rainrate, prefs({ rain: 'in' })).unit).toBe('in/h');
    expect(unitFor(METRIC_BY_KEY.windspd, prefs({ windSpeed: 'knot' })).ratio).toBe(1.94384);
    expect(unitFor(METRIC_BY_KEY.humc0, prefs({ temperature: 'F' })).unit).toBe('%');
  });

  it("accepts the spec's lower-case 'hpa'", () => {
    expect(unitFor(METRIC_BY_KEY.relbaro, { pressure: 'hpa' as never }).unit).toBe('hPa');
  });
});

describe('DEFAULT_UNIT_PREFS', () => {
  it('matches spec §9', () => {
    expect(DEFAULT_UNIT_PREFS).toEqual({
      time: 'ampm',
      date: 'DD/MM',
      elevation: 'metric',
      background: 'light',
      temperature: 'C',
      barometer: 'Abs',
      pressure: 'hPa',
      windSpeed: 'm/s',
      windDirection: '16 Pts',
      rain: 'mm',
      light: 'Lux',
      visibility: 'km',
      probability: '%',
      hcho: 'ppb',
      co2: 'ppm',
      distance: 'km',
      aqi: 'EPA',
      decimals: 1,
    });
  });
});

describe('formatValue', () => {
  it("shows '---' for missing, non-finite, out-of-range and unknown", () => {
    expect(formatValue('tempc0', null)).toBe('---');
    expect(formatValue('tempc0', undefined)).toBe('---');
    expect(formatValue('tempc0', Number.NaN)).toBe('---');
    expect(formatValue('tempc0', Number.POSITIVE_INFINITY)).toBe('---');
    expect(formatValue('tempc0', 80.1)).toBe('---');
    expect(formatValue('pm25aqic1', 999)).toBe('---');
    expect(formatValue('nope', 1)).toBe('---');
  });

  it('rounds to the unit decimals; the decimals preference replaces the default 1', () => {
    expect(formatValue('tempc0', 20.04)).toBe('20.0');
    expect(formatValue('tempc0', 20, prefs({ temperature: 'F' }))).toBe('68.0');
    expect(formatValue('tempc0', 21.456, prefs({ decimals: 2 }))).toBe('21.46');
    expect(formatValue('tempc0', 21.456, prefs({ decimals: 0 }))).toBe('21');
    expect(formatValue('relbaro', 1013.25, prefs({ pressure: 'inHg', decimals: 0 }))).toBe('29.92');
    expect(formatValue('humc0', 56)).toBe('56');
    expect(formatValue('pm25c1', 450.5)).toBe('451');
    expect(formatValue('tempc0', -0.04)).toBe('0.0');
  });

  it('shows wind direction as a compass point or degrees', () => {
    expect(formatValue('winddir', 359)).toBe('N');
    expect(formatValue('winddir', 200)).toBe('SSW');
    expect(formatValue('winddir', 200, prefs({ windDirection: 'deg' }))).toBe('200');
  });
});

describe('compassPoint', () => {
  it('names the 16 points with 22.5° sectors centred on them', () => {
    expect(compassPoint(0)).toBe('N');
    expect(compassPoint(11.24)).toBe('N');
    expect(compassPoint(11.25)).toBe('NNE');
    expect(compassPoint(45)).toBe('NE');
    expect(compassPoint(90)).toBe('E');
    expect(compassPoint(135)).toBe('SE');
    expect(compassPoint(180)).toBe('S');
    expect(compassPoint(247.5)).toBe('WSW');
    expect(compassPoint(270)).toBe('W');
    expect(compassPoint(337.5)).toBe('NNW');
    expect(compassPoint(348.7)).toBe('NNW');
    expect(compassPoint(348.75)).toBe('N');
    expect(compassPoint(360)).toBe('N');
    expect(compassPoint(-90)).toBe('W');
  });
});
