import { describe, expect, it } from 'vitest';
import { groupKeys, isMetricKey, METRIC_BY_KEY, METRIC_KEYS, METRICS, metricIndex } from './catalogue';

const ch = (n: number, f: (i: number) => string[]) => Array.from({ length: n }, (_, i) => f(i + 1)).flat();

// docs/architecture.md §7, the authoritative key table.
const TABLE_KEYS = [
  ...['tempin', 'humin', 'absbaro', 'relbaro', 'batin'],
  ...['tempc0', 'humc0', 'dewpoint', 'feelslike', 'heatindex', 'windchill', 'wbgt', 'batc0', 'cnc0'],
  ...['winddir', 'windspd', 'windavg10m', 'gust', 'maxdailygust'],
  ...['rainrate', 'eventrain', 'hourlyrain', 'dailyrain', 'weeklyrain', 'monthlyrain', 'yearlyrain'],
  ...['uvi', 'solarrad'],
  ...ch(7, (n) => [
    `tempc${n}`,
    `humc${n}`,
    `dewpointc${n}`,
    `heatindexc${n}`,
    `typec${n}`,
    `batc${n}`,
    `cnc${n}`,
  ]),
  ...['lightningdist', 'lightningtime', 'lightning5m', 'lightning30m', 'lightning1h', 'lightning1d'],
  ...['batlightning', 'cnlightning'],
  ...ch(7, (n) => [`leakc${n}`, `batleakc${n}`, `cnleakc${n}`]),
  ...ch(4, (n) => [`pm25c${n}`, `pm10c${n}`, `pm25aqic${n}`, `pm10aqic${n}`, `batpmc${n}`, `cnpmc${n}`]),
  ...['hcho', 'voc', 'co2', 'co', 'bathcho', 'cnhcho', 'batco2', 'cnco2', 'batco', 'cnco'],
];

// Sensors added later (issue #9), appended after the §4 table so stored positions stay valid.
const ADDED_KEYS = [
  ...['tempc8', 'humc8', 'dewpointc8', 'heatindexc8', 'typec8', 'batc8', 'cnc8'],
  ...ch(8, (n) => [`soilc${n}`, `batsoilc${n}`, `tfc${n}`, `battfc${n}`, `leafc${n}`, `batleafc${n}`]),
  ...['bgt', 'batbgt', 'tempco2', 'humco2', 'co2avg24h'],
  ...ch(4, (n) => [`pm25avg24hc${n}`, `pm10avg24hc${n}`]),
  ...['totalrain', 'winddiravg10m', 'ws90capvolt', 'rainratepiezo'],
  ...['eventrainpiezo', 'hourlyrainpiezo', 'dailyrainpiezo', 'weeklyrainpiezo', 'monthlyrainpiezo'],
  ...['yearlyrainpiezo', 'rainingpiezo'],
  // Issue #13: the flag of an estimated WBGT.
  'wbgtestimated',
  // Issue #26: the day so far of ET₀ and degree days, derived at ingest.
  'et0day',
  'hddday',
  'cddday',
  'gddday',
];
const ALL_KEYS = [...TABLE_KEYS, ...ADDED_KEYS];

describe('catalogue', () => {
  it('has exactly the keys of docs/architecture.md §7, each once, in table order, then the added ones', () => {
    expect(METRIC_KEYS).toEqual(ALL_KEYS);
    expect(METRICS).toHaveLength(224);
    expect(new Set(METRIC_KEYS).size).toBe(224);
  });

  it('gives the added sensors their units and ranges', () => {
    const d = (k: string) => METRIC_BY_KEY[k];
    expect(d('soilc3')).toMatchObject({ unit: '%', min: 0, max: 100, group: 'channel', channel: 3 });
    expect(d('tfc8')).toMatchObject({ unit: 'C', unitType: 'temperature', channel: 8 });
    expect(d('leafc1')).toMatchObject({ unit: '%', channel: 1 });
    expect(d('bgt')).toMatchObject({ unit: 'C', min: -60, max: 100 });
    expect(d('totalrain')).toMatchObject({ unit: 'mm', max: 100000, primary: 'max' });
    expect(d('ws90capvolt')).toMatchObject({ unit: 'V', unitType: 'voltage', dp: 2 });
    expect(d('winddiravg10m')).toMatchObject({ unit: 'deg', primary: 'last' });
    expect(d('dailyrainpiezo')).toMatchObject({ unit: 'mm', primary: 'max' });
    expect(d('batsoilc2').unitType).toBe('battery');
  });

  it('gives every definition a consistent shape', () => {
    for (const d of METRICS) {
      expect(d.min, d.key).toBeLessThan(d.max);
      expect(d.units[0], d.key).toMatchObject({ unit: d.unit, ratio: 1, offset: 0, dp: d.dp });
      expect(d.aggregates, d.key).toContain(d.primary);
      expect(METRIC_BY_KEY[d.key]).toBe(d);
    }
  });

  it('uses the base units of the upload protocols', () => {
    const unit = (k: string) => METRIC_BY_KEY[k].unit;
    expect([unit('tempc0'), unit('humc0'), unit('relbaro'), unit('windspd'), unit('winddir')]).toEqual([
      'C',
      '%',
      'hPa',
      'm/s',
      'deg',
    ]);
    expect([unit('dailyrain'), unit('rainrate'), unit('solarrad'), unit('lightningdist')]).toEqual([
      'mm',
      'mm/h',
      'W/m2',
      'km',
    ]);
    expect([unit('hcho'), unit('co2'), unit('co'), unit('pm25c1')]).toEqual(['ppb', 'ppm', 'ppm', 'ug/m3']);
  });

  it('has the plausible ranges', () => {
    const r = (k: string) => [METRIC_BY_KEY[k].min, METRIC_BY_KEY[k].max];
    expect(r('tempc0')).toEqual([-60, 80]);
    expect(r('humin')).toEqual([0, 100]);
    expect(r('absbaro')).toEqual([300, 1100]);
    expect(r('gust')).toEqual([0, 50]);
    expect(r('yearlyrain')).toEqual([0, 10000]);
    expect(r('rainrate')).toEqual([0, 1000]);
    expect(r('uvi')).toEqual([0, 20]);
    expect(r('solarrad')).toEqual([0, 200000]);
    expect(r('lightning5m')).toEqual([0, 1000]);
    expect(r('lightningdist')).toEqual([0, 40]);
    expect(r('lightningtime')).toEqual([0, 4102444800]);
    expect(r('pm10c3')).toEqual([0, 1000]);
    expect(r('pm25aqic2')).toEqual([0, 500]);
    expect(r('hcho')).toEqual([0, 1000]);
    expect(r('voc')).toEqual([1, 5]);
    expect(r('co2')).toEqual([0, 10000]);
    expect(r('co')).toEqual([0, 1000]);
    expect(r('batpmc1')).toEqual([0, 5]);
    expect(r('cnleakc7')).toEqual([0, 1]);
    expect(r('typec4')).toEqual([0, 10]);
    expect(r('leakc2')).toEqual([0, 1]);
  });

  it('has the decimals of spec §9', () => {
    const dp = (k: string) => METRIC_BY_KEY[k].dp;
    expect(dp('tempc0')).toBe(1);
    expect(dp('relbaro')).toBe(1);
    expect(dp('solarrad')).toBe(2);
    expect(dp('hcho')).toBe(0);
    expect(dp('pm25c1')).toBe(0);
    expect(dp('lightning1h')).toBe(0);
    expect(dp('cnc0')).toBe(0);
    expect(dp('batin')).toBe(0);
  });

  it('picks primary aggregates by kind', () => {
    const p = (k: string) => METRIC_BY_KEY[k].primary;
    expect(p('tempc0')).toBe('mean');
    expect(p('dailyrain')).toBe('max');
    expect(METRIC_BY_KEY.dailyrain.aggregates).toEqual(['max', 'last']);
    expect(p('rainrate')).toBe('max');
    expect(METRIC_BY_KEY.rainrate.aggregates).toContain('mean');
    expect(p('lightning5m')).toBe('max');
    expect(p('lightningdist')).toBe('min');
    expect(p('winddir')).toBe('last');
    expect(p('batc3')).toBe('last');
    expect(p('leakc1')).toBe('max');
    expect(METRICS.some((d) => d.aggregates.includes('sum'))).toBe(false);
  });

  it('records group and channel', () => {
    expect(METRIC_BY_KEY.tempc5).toMatchObject({ group: 'channel', channel: 5 });
    expect(METRIC_BY_KEY.cnleakc2).toMatchObject({ group: 'leak', channel: 2 });
    expect(METRIC_BY_KEY.pm10aqic4).toMatchObject({ group: 'pm', channel: 4 });
    expect(METRIC_BY_KEY.tempc0).toMatchObject({ group: 'outdoor', channel: 0 });
    expect(groupKeys('channel', 1)).toEqual([
      'tempc1',
      'humc1',
      'dewpointc1',
      'heatindexc1',
      'typec1',
      'batc1',
      'cnc1',
      'soilc1',
      'batsoilc1',
      'tfc1',
      'battfc1',
      'leafc1',
      'batleafc1',
    ]);
  });

  it('answers isMetricKey and metricIndex', () => {
    expect(isMetricKey('tempc0')).toBe(true);
    expect(isMetricKey('tempc8')).toBe(true);
    expect(isMetricKey('tempc9')).toBe(false);
    expect(isMetricKey('toString')).toBe(false);
    expect(isMetricKey(3)).toBe(false);
    expect(metricIndex('tempin')).toBe(0);
    expect(metricIndex('nope')).toBe(224);
    expect(metricIndex('tempc8')).toBe(140);
  });
});
