import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryName, countryOptions, isCountryCode } from './countries';

describe('countries', () => {
  it('are the 249 officially assigned ISO 3166-1 alpha-2 codes, once each', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('checks a code exactly', () => {
    expect(isCountryCode('CZ')).toBe(true);
    expect(isCountryCode('US')).toBe(true);
    for (const v of ['cz', 'UK', 'EU', 'CZE', '', ' CZ', 203, null, undefined])
      expect(isCountryCode(v), String(v)).toBe(false);
  });

  it('names a country in the language asked, the code itself where there is no name', () => {
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    expect(countryName('CZ', 'cs')).toBe('Česko');
    // Not a language tag: Intl throws, the code stays.
    expect(countryName('DE', 'not a locale!')).toBe('DE');
    expect(countryName('1', 'en')).toBe('1');
  });

  it('lists every country sorted by its name in the language', () => {
    const en = countryOptions('en');
    expect(en).toHaveLength(249);
    expect(en[0]).toEqual({ code: 'AF', name: 'Afghanistan' });
    expect(en.find((c) => c.code === 'DE')).toEqual({ code: 'DE', name: 'Germany' });
    const de = countryOptions('de');
    // Austria is early in English, "Österreich" after "Norwegen" in German.
    expect(en.findIndex((c) => c.code === 'AT')).toBeLessThan(en.findIndex((c) => c.code === 'NO'));
    expect(de.findIndex((c) => c.code === 'AT')).toBeGreaterThan(de.findIndex((c) => c.code === 'NO'));
    // Collation of the language: Ä sorts with A in German ("Ägypten" before "Albanien").
    expect(de.findIndex((c) => c.code === 'EG')).toBeLessThan(de.findIndex((c) => c.code === 'AL'));
  });
});
