import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { METRIC_KEYS } from '../../../src/domain/catalogue';
import { LOCALES } from '../../../src/domain/locales';
import { DEFAULT_UNIT_PREFS } from '../../../src/domain/unitPrefs';
import type { Words } from '../../../src/domain/words';
import { readPo, translator } from '../../i18n/catalogs';
import { columnName, EXPORT_KEYS, exportColumns, headerRows, isSensorState } from './columns';

describe('export columns', () => {
  it('list every reading once, the §4 order first, no batteries, links or sensor types', () => {
    expect([...EXPORT_KEYS].sort()).toEqual(METRIC_KEYS.filter((k) => !isSensorState(k)).sort());
    expect(EXPORT_KEYS.slice(0, 3)).toEqual(['absbaro', 'relbaro', 'tempin']);
    expect(EXPORT_KEYS.indexOf('humc7') + 1).toBe(EXPORT_KEYS.indexOf('leakc1'));
    expect(EXPORT_KEYS).not.toContain('batc0');
  });

  it('name every reading in words as the dashboard does, never by its key', () => {
    for (const key of EXPORT_KEYS) {
      const name = columnName(key);
      expect(name, key).not.toBe(key);
      expect(name, key).not.toMatch(/^[a-z0-9]+$/);
    }
    expect(columnName('tempc0')).toBe('Outdoor · Temperature');
    expect(columnName('relbaro')).toBe('Barometer · Relative');
    expect(columnName('windspd')).toBe('Wind speed');
    expect(columnName('dailyrain')).toBe('Rain · Today');
    expect(columnName('dailyrainpiezo')).toBe('Rain (piezo) · Today');
    expect(columnName('co2')).toBe('CO₂');
    expect(columnName('wbgt')).toBe('Heat stress (WBGT)');
    expect(columnName('tempc3')).toBe('Channel 3 · Temperature');
    expect(columnName('pm25aqic2')).toBe('PM channel 2 · PM2.5 AQI (US EPA)');
    expect(columnName('soilc4')).toBe('Soil moisture 4');
    expect(columnName('leakc1')).toBe('Leak sensor 1');
  });

  it("use the user's channel names", () => {
    const names = [{ channel: 2, name: 'Greenhouse' }];
    expect(columnName('humc2', names)).toBe('Greenhouse · Humidity');
    expect(columnName('dewpointc2', names)).toBe('Greenhouse · Dew point');
    expect(columnName('humc1', names)).toBe('Channel 1 · Humidity');
  });

  it('keep only the readings present, with their units in the user’s choice', () => {
    const cols = exportColumns(new Set(['tempc0', 'pm25c1', 'batc0', 'uvi']));
    expect(cols.map((c) => c.key)).toEqual(['tempc0', 'uvi', 'pm25c1']);
    const [names, units] = headerRows(cols, { ...DEFAULT_UNIT_PREFS, temperature: 'F' });
    expect(names).toEqual(['Time', 'Outdoor · Temperature', 'UV index', 'PM channel 1 · PM2.5']);
    expect(units).toEqual(['', '°F', '', 'µg/m³']);
  });

  it("are written in the reader's language, every word of them in all nine catalogs", () => {
    const de = translator('de');
    expect(columnName('tempc0', [], de)).toBe('Außen · Temperatur');
    expect(columnName('tempc3', [], de)).toBe('Kanal 3 · Temperatur');
    expect(headerRows(exportColumns(new Set(['tempc0'])), DEFAULT_UNIT_PREFS, de)[0][0]).toBe('Zeit');
    for (const { id: locale } of LOCALES) {
      const po = readPo(readFileSync(join(import.meta.dirname, '../../../locales', `${locale}.po`), 'utf8'));
      const missing = new Set<string>();
      const check = (w: Words) => {
        if (!po[w.id]) missing.add(w.id);
        return w.message;
      };
      for (const key of EXPORT_KEYS) columnName(key, [], check);
      headerRows([], DEFAULT_UNIT_PREFS, check);
      expect([...missing], locale).toEqual([]);
    }
  });
});
