import { describe, expect, it, vi } from 'vitest';
import { isMetricKey } from './catalogue';
import { DEVICE_TYPES, defaultDisplaySettings, deviceType } from './deviceTypes';

const NAMES = [
  'TFT weather station',
  '7-in-1',
  'Multi-day forecast',
  'Tuya smart',
  '4-day forecast',
  '24H 10-Day Forecast',
  'HD TFT',
  'Air quality',
  'Air quality (4 PM channels)',
  'Weather Station Gateway',
  'WBGT',
  'Dashboard',
  'Air quality pro',
  'Professional weather station',
];

describe('device types', () => {
  it('has ids 0..13 in order with their names', () => {
    expect(DEVICE_TYPES.map((t) => t.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(DEVICE_TYPES.map((t) => t.name)).toEqual(NAMES);
    for (let id = 0; id <= 13; id++) expect(deviceType(id).id).toBe(id);
  });

  it('needs a subscription for 7, 10, 11, 12 and 13 only', () => {
    expect(DEVICE_TYPES.filter((t) => t.needsSubscription).map((t) => t.id)).toEqual([7, 10, 11, 12, 13]);
  });

  it("has the spec's 7 channels except Tuya and one air-quality type (3); an eighth channel's keys stay", () => {
    expect(DEVICE_TYPES.map((t) => t.channels)).toEqual([7, 7, 7, 3, 7, 7, 7, 3, 7, 7, 7, 7, 7, 7]);
    expect(deviceType(3).metrics).toContain('tempc3');
    expect(deviceType(3).metrics).not.toContain('tempc4');
    expect(deviceType(3).metrics).toContain('soilc3');
    expect(deviceType(3).metrics).not.toContain('soilc4');
    expect(deviceType(0).metrics).toEqual(expect.arrayContaining(['tempc8', 'soilc8', 'tfc8', 'leafc8']));
  });

  it('has 7 leak channels except on Tuya (3)', () => {
    expect(DEVICE_TYPES.map((t) => t.leakChannels)).toEqual([7, 7, 7, 3, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7]);
    expect(deviceType(3).metrics).toContain('leakc3');
    expect(deviceType(3).metrics).not.toContain('leakc4');
  });

  it('has up to 4 PM channels', () => {
    expect(DEVICE_TYPES.map((t) => t.pmChannels)).toEqual([1, 1, 0, 1, 0, 0, 4, 1, 4, 4, 0, 4, 4, 4]);
    expect(deviceType(6).metrics).toContain('pm10aqic4');
    expect(deviceType(0).metrics).toContain('pm25c1');
    expect(deviceType(0).metrics).not.toContain('pm25c2');
    expect(deviceType(2).metrics.some((k) => k.startsWith('pm'))).toBe(false);
  });

  it('lists only catalogue keys, without duplicates', () => {
    for (const t of DEVICE_TYPES) {
      expect(t.metrics.every(isMetricKey), t.name).toBe(true);
      expect(new Set(t.metrics).size, t.name).toBe(t.metrics.length);
    }
    // 122 and 140 before issue #9 added 79 keys; type 0 has one PM channel, so not the 6 avg keys of PM 2-4.
    // Issue #13 added the estimated-WBGT flag.
    // Issue #26 the day so far of ET₀ and degree days (outdoor).
    expect(deviceType(0).metrics).toHaveLength(122 + 79 - 6 + 1 + 4);
    expect(deviceType(13).metrics).toHaveLength(224);
  });

  it('fits metrics to the kind of device', () => {
    expect(deviceType(10).metrics).toContain('wbgt');
    expect(deviceType(7).metrics).toEqual(expect.arrayContaining(['tempin', 'hcho', 'voc', 'co2', 'co']));
    expect(deviceType(7).metrics).not.toContain('windspd');
    expect(deviceType(7).metrics).not.toContain('absbaro');
    expect(deviceType(2).metrics).not.toContain('windspd');
    expect(deviceType(1).metrics).not.toContain('co2');
  });

  it('lists alert groups', () => {
    expect(deviceType(0).alertGroups).toEqual(
      expect.arrayContaining(['lostUpload', 'lostLink', 'outdoor', 'wind', 'rain', 'lightning', 'pm', 'air']),
    );
    expect(deviceType(7).alertGroups).not.toContain('baro');
    expect(deviceType(7).alertGroups).not.toContain('wind');
  });

  it('falls back to type 0 on unknown ids and says so', () => {
    const warn = vi.fn();
    for (const id of [14, -1, 1.5, Number.NaN, null, undefined]) expect(deviceType(id, warn).id).toBe(0);
    expect(warn).toHaveBeenCalledTimes(6);
    expect(warn).toHaveBeenCalledWith('Unknown device type 14, using type 0');
  });
});

describe('defaultDisplaySettings', () => {
  it('shows the cards not hidden by default, PM details open, no graphs, day range', () => {
    expect(defaultDisplaySettings(0, 'dev1')).toEqual({
      weatherDevice: 'dev1',
      metricsList: [
        'outdoor',
        'wind',
        'baro',
        'rain',
        'indoor',
        'uv',
        'light',
        'channel1',
        'channel2',
        'channel3',
        'sunMoon',
        'overview',
        'sky',
        'battery',
      ],
      detailList: ['pmChannel1', 'pmChannel2', 'pmChannel3', 'pmChannel4'],
      graphList: [],
      graphRange: 'day',
      chosenList: [],
    });
  });

  it('shows the forecast by default only where the console has one (types 2, 4, 5)', () => {
    for (const id of [2, 4, 5]) expect(defaultDisplaySettings(id, 'd').metricsList).toContain('forecast');
    for (const id of [0, 1, 3, 6, 9])
      expect(defaultDisplaySettings(id, 'd').metricsList).not.toContain('forecast');
  });

  it('follows the type', () => {
    expect(defaultDisplaySettings(10, 'd').metricsList[0]).toBe('wbgt');
    expect(defaultDisplaySettings(8, 'd').metricsList).toEqual([
      'indoor',
      'pmChannel1',
      'pmChannel2',
      'pmChannel3',
      'pmChannel4',
      'hcho',
      'co2',
      'co',
      'voc',
      'battery',
    ]);
    expect(defaultDisplaySettings(99, 'd').metricsList).toEqual(defaultDisplaySettings(0, 'd').metricsList);
  });
});
