import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES, normalizeLocale, pickLocale } from './locales';

describe('locales', () => {
  it('are the nine catalogs, English by default', () => {
    expect(LOCALES.map((l) => l.id)).toEqual([
      'en',
      'de',
      'fr',
      'it',
      'es',
      'nl',
      'cs',
      'zh-Hant',
      'zh-Hans',
    ]);
    expect(DEFAULT_LOCALE).toBe('en');
  });

  it('map a code onto a catalog by its language, in any case and with _ or -', () => {
    expect(normalizeLocale('EN')).toBe('en');
    expect(normalizeLocale(' de_AT ')).toBe('de');
    expect(normalizeLocale('nl-BE')).toBe('nl');
    expect(normalizeLocale('cs')).toBe('cs');
    expect(normalizeLocale('pt-BR')).toBeNull();
    expect(normalizeLocale('english')).toBeNull();
    expect(normalizeLocale('')).toBeNull();
    expect(normalizeLocale('  ')).toBeNull();
    expect(normalizeLocale(null)).toBeNull();
    expect(normalizeLocale(undefined)).toBeNull();
  });

  it('map Chinese onto traditional for Taiwan, Hong Kong, Macau and Hant, else simplified', () => {
    for (const code of ['zh-TW', 'zh_HK', 'ZH-MO', 'zh-Hant', 'zh-Hant-TW'])
      expect(normalizeLocale(code), code).toBe('zh-Hant');
    for (const code of ['zh', 'ZH', 'zh-CN', 'zh-SG', 'zh-Hans', 'zh-Hans-HK'])
      expect(normalizeLocale(code), code).toBe('zh-Hans');
    expect(normalizeLocale('zhx')).toBeNull();
  });

  it('pick the first candidate that has a catalog, else English', () => {
    expect(pickLocale([null, 'xx', 'fr-CA', 'de'])).toBe('fr');
    expect(pickLocale(['zh-TW', 'en'])).toBe('zh-Hant');
    expect(pickLocale([undefined, 'pt'])).toBe('en');
    expect(pickLocale([])).toBe('en');
  });
});
