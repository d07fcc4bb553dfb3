import { describe, expect, it } from 'vitest';
import {
  DECIMALS_VALUES,
  DEFAULT_UNIT_PREFS,
  isUnitPrefKey,
  UNIT_PREF_VALUES,
  unitPrefRule,
  unitPrefValue,
} from './unitPrefs';
import * as tables from './unitTables';

describe('unit preferences', () => {
  it('has a default among the values of every choice, and decimals 0..3 (default 1)', () => {
    for (const [key, values] of Object.entries(UNIT_PREF_VALUES))
      expect(values, key).toContain(DEFAULT_UNIT_PREFS[key as keyof typeof UNIT_PREF_VALUES]);
    expect(DECIMALS_VALUES).toEqual([0, 1, 2, 3]);
    expect(DEFAULT_UNIT_PREFS.decimals).toBe(1);
    expect(Object.keys(DEFAULT_UNIT_PREFS).sort()).toEqual(
      [...Object.keys(UNIT_PREF_VALUES), 'decimals'].sort(),
    );
  });

  it('offers only units the catalogue can convert to', () => {
    const units = new Set(
      Object.values(tables)
        .filter(Array.isArray)
        .flatMap((list) => list.map((u: { unit: string }) => u.unit)),
    );
    for (const key of [
      'temperature',
      'pressure',
      'windSpeed',
      'windDirection',
      'rain',
      'light',
      'hcho',
      'co2',
    ] as const)
      for (const v of UNIT_PREF_VALUES[key]) expect(units.has(v), `${key} ${v}`).toBe(true);
  });

  it('reads stored values exactly and query-string values in any case, decimals as text', () => {
    expect(unitPrefValue('pressure', 'inHg')).toBe('inHg');
    expect(unitPrefValue('pressure', 'inhg')).toBeUndefined();
    expect(unitPrefValue('pressure', 'INHG', true)).toBe('inHg');
    expect(unitPrefValue('decimals', 2)).toBe(2);
    expect(unitPrefValue('decimals', '2')).toBeUndefined();
    expect(unitPrefValue('decimals', '2', true)).toBe(2);
    // The export used to take 4 while the profile and the page stopped at 3.
    expect(unitPrefValue('decimals', '4', true)).toBeUndefined();
    expect(unitPrefValue('decimals', 1.5)).toBeUndefined();
    // From a query string: a blank text is no value (not the 0 `Number` makes of it); a number or any other
    // non-text value is read as it is, never as text.
    expect(unitPrefValue('decimals', '', true)).toBeUndefined();
    expect(unitPrefValue('decimals', '  ', true)).toBeUndefined();
    expect(unitPrefValue('decimals', 2, true)).toBe(2);
    expect(unitPrefValue('pressure', 5, true)).toBeUndefined();
    expect(isUnitPrefKey('windSpeed')).toBe(true);
    expect(isUnitPrefKey('toString')).toBe(false);
  });

  it('says what a preference may be', () => {
    expect(unitPrefRule('windSpeed')).toBe('windSpeed must be one of: m/s, km/h, mph, knot');
    expect(unitPrefRule('decimals')).toBe('decimals must be a whole number from 0 to 3');
  });
});
