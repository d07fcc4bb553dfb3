import { describe, expect, it } from 'vitest';
import { metricName, metricText, sensorName, sensorText } from './metrics';
import type { Words } from './types';

/** A translator that shows what it was given: the id and the values, so a test sees both. */
const show = (words: Words, values?: Record<string, unknown>) =>
  values && Object.keys(values).length ? `${words.id}(${JSON.stringify(values)})` : words.id;

describe('metricName', () => {
  it('names the exact metrics without values', () => {
    expect(metricName('tempin')).toEqual({
      words: { id: 'metric.tempin', message: 'Indoor temperature' },
      values: {},
    });
    expect(metricName('gddday')?.words.message).toBe('Growing degree days today');
    expect(metricName('co2')?.words.id).toBe('metric.co2');
  });

  it('names the alert items that are not readings', () => {
    expect(metricName('lostData')).toEqual({
      words: { id: 'alertItem.lostData', message: 'Lost data upload' },
      values: {},
    });
    expect(metricName('baroDrop')?.words.id).toBe('alertItem.baroDrop');
  });

  it('names numbered metrics with their number in n', () => {
    expect(metricName('tempc3')).toEqual({
      words: { id: 'metric.tempcN', message: 'Channel {n} temperature' },
      values: { n: '3' },
    });
    expect(metricName('pm25avg24hc2')).toEqual({
      words: { id: 'metric.pm25avg24hcN', message: 'PM2.5, 24-hour average (channel {n})' },
      values: { n: '2' },
    });
    expect(metricName('leafc8')?.values).toEqual({ n: '8' });
    // tempc0 is the outdoor sensor, an exact name before the channel pattern.
    expect(metricName('tempc0')?.words.id).toBe('metric.tempc0');
    expect(metricName('tempc10')).toBeNull();
    expect(metricName('xtempc1')).toBeNull();
  });

  it('names batteries and links by their sensor', () => {
    expect(metricName('batc3')).toEqual({
      words: { id: 'metric.battery', message: 'Battery of {sensor}' },
      values: {
        sensor: { words: { id: 'sensor.channelN', message: 'Channel {n} sensor' }, values: { n: '3' } },
      },
    });
    expect(metricName('cnleakc2')).toEqual({
      words: { id: 'metric.link', message: 'Signal of {sensor}' },
      values: { sensor: { words: { id: 'sensor.leakN', message: 'Leak sensor {n}' }, values: { n: '2' } } },
    });
    expect(metricName('batin')?.values).toEqual({
      sensor: { words: { id: 'sensor.console', message: 'Console' }, values: {} },
    });
  });

  it('is null for keys the catalogue does not have', () => {
    expect(metricName('nope')).toBeNull();
    expect(metricName('batnope')).toBeNull();
    expect(metricName('cn')).toBeNull();
    expect(metricName('toString')).toBeNull();
    expect(metricName('constructor')).toBeNull();
    expect(metricName('batconstructor')).toBeNull();
  });
});

describe('sensorName', () => {
  it('strips bat or cn at the start only, then names the sensor', () => {
    expect(sensorName('batc0')).toEqual({
      words: { id: 'sensor.outdoor', message: 'Outdoor sensor' },
      values: {},
    });
    expect(sensorName('cnco2')?.words.id).toBe('sensor.co2');
    expect(sensorName('lightning')?.words.id).toBe('sensor.lightning');
    expect(sensorName('batpmc4')).toEqual({
      words: { id: 'sensor.pmN', message: 'PM sensor {n}' },
      values: { n: '4' },
    });
    expect(sensorName('cntfc1')?.words.id).toBe('sensor.probeN');
    expect(sensorName('xbatin')).toBeNull();
    expect(sensorName('cobat')).toBeNull();
    expect(sensorName('incn')).toBeNull();
    expect(sensorName('batc12')).toBeNull();
    expect(sensorName('hasOwnProperty')).toBeNull();
  });
});

describe('metricText and sensorText', () => {
  it('translate the name with its values, a battery with its sensor translated first', () => {
    expect(metricText('humin', show)).toBe('metric.humin');
    expect(metricText('soilc5', show)).toBe('metric.soilcN({"n":"5"})');
    expect(metricText('batc2', show)).toBe('metric.battery({"sensor":"sensor.channelN({\\"n\\":\\"2\\"})"})');
    expect(metricText('cnin', show)).toBe('metric.link({"sensor":"sensor.console"})');
  });

  it('give the key itself when the catalogue has no name for it', () => {
    expect(metricText('mystery', show)).toBe('mystery');
    expect(sensorText('mystery', show)).toBe('mystery');
  });

  it('sensorText translates the sensor of a battery or link key', () => {
    expect(sensorText('batleafc6', show)).toBe('sensor.leafN({"n":"6"})');
    expect(sensorText('cnbgt', show)).toBe('sensor.bgt');
  });
});
