import { describe, expect, it } from 'vitest';
import { COLLECTION_LIST, COLLECTIONS, onePerStation, SETTINGS_LIST } from './collections';

describe('collections', () => {
  it('finds the one-record-per-station collection of a service path', () => {
    expect(onePerStation('deviceDisplaySettings')).toBe(COLLECTIONS.displaySettings);
    expect(onePerStation('stationCalibrations')).toBe(COLLECTIONS.calibration);
    expect(onePerStation('alertSettings')).toBe(COLLECTIONS.alertSettings);
    // A collection of a station that is not one per station, and a path that is no collection.
    expect(onePerStation('alerts')).toBeUndefined();
    expect(onePerStation('weatherDevices')).toBeUndefined();
    expect(onePerStation('nope')).toBeUndefined();
  });

  it('lists the settings served by the generic service: display settings, calibration and QC limits', () => {
    expect(SETTINGS_LIST.map((c) => c.service)).toEqual([
      'deviceDisplaySettings',
      'stationCalibrations',
      'stationQcLimits',
    ]);
    expect(new Set(COLLECTION_LIST.map((c) => c.table)).size).toBe(COLLECTION_LIST.length);
  });

  it("gives a station without display settings its type's defaults (type 0 when the type is unknown)", () => {
    const { defaults } = COLLECTIONS.displaySettings.settings;
    const unknown = defaults({ _id: 'd1' });
    expect(unknown).toEqual(defaults({ _id: 'd1', consoletype: 0 }));
    expect(unknown).toMatchObject({ weatherDevice: 'd1', graphRange: 'day', graphList: [], chosenList: [] });
    expect(unknown.metricsList).toContain('outdoor');
    // Type 7, an indoor air monitor, has other cards.
    expect(defaults({ _id: 'd1', consoletype: 7 }).metricsList).toEqual([
      'indoor',
      'pmChannel1',
      'hcho',
      'co2',
      'co',
      'voc',
      'battery',
    ]);
  });

  it('gives a station without calibration none, for that station', () => {
    expect(COLLECTIONS.calibration.settings.defaults({ _id: 'd2' })).toMatchObject({
      weatherDevice: 'd2',
      entries: [],
    });
  });
});
