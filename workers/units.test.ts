import { describe, expect, it } from 'vitest';
import { DEFAULT_UNIT_PREFS } from '../src/domain';
import { toSeries } from './units';

const rows = [
  { time: 100, tempc0: 20, windspd: 10, relbaro: 1013.25, humc0: 55 },
  { time: 400, tempc0: null, windspd: 0, relbaro: 1000, humc0: 56 },
  { time: 700, tempc0: 200, windspd: 2.5, relbaro: 990, humc0: 57 }, // 200 °C is out of range → no value
];
const keys = ['tempc0', 'windspd', 'relbaro', 'humc0'];

describe('unit conversion of series', () => {
  it('converts base units to the user’s units into Float64Arrays, NaN for no value', () => {
    const s = toSeries(rows, keys, {
      ...DEFAULT_UNIT_PREFS,
      temperature: 'F',
      windSpeed: 'km/h',
      pressure: 'inHg',
    });
    expect(s.x).toBeInstanceOf(Float64Array);
    expect([...s.x]).toEqual([100, 400, 700]);
    const [temp, wind, baro, hum] = s.ys;
    expect(temp[0]).toBeCloseTo(68, 10); // 20 °C × 1.8 + 32
    expect(Number.isNaN(temp[1])).toBe(true);
    expect(Number.isNaN(temp[2])).toBe(true);
    expect([...wind]).toEqual([36, 0, 9]); // m/s × 3.6
    expect(baro[0]).toBeCloseTo(29.921, 3); // hPa × 0.02953
    expect(baro[2]).toBeCloseTo(29.2347, 4);
    expect([...hum]).toEqual([55, 56, 57]);
    expect(s.units).toEqual(['°F', 'km/h', 'inHg', '%']);
  });

  it('keeps base units with the defaults (°C, m/s, hPa) and mph/mmHg on request', () => {
    const base = toSeries(rows, keys);
    expect([...base.ys[0]].slice(0, 1)).toEqual([20]);
    expect(base.units.slice(0, 3)).toEqual(['°C', 'm/s', 'hPa']);
    const other = toSeries(rows, ['windspd', 'relbaro'], { windSpeed: 'mph', pressure: 'mmHg' });
    expect(other.ys[0][0]).toBeCloseTo(22.3693, 4);
    expect(other.ys[1][1]).toBeCloseTo(750.06, 2);
  });
});
