// Readings in the user's locale: negative numbers with one typographic minus and no gap; no "-0.0".
import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { localizeNumber } from './format';

describe('localizeNumber', () => {
  it('writes negative numbers as −0.2 in every locale (U+2212, no gap)', () => {
    expect(localizeNumber('-0.2', 'en')).toBe('\u22120.2');
    expect(localizeNumber('-0.2', 'de')).toBe('\u22120,2');
    expect(localizeNumber('-1234.5', 'cs')).toMatch(/^\u22121\s?234,5$/u);
    expect(localizeNumber('-3', 'fr')).toBe('\u22123');
  });

  it('a value rounded to zero has no sign', () => {
    expect(localizeNumber('-0.0', 'en')).toBe('0.0');
  });

  it("leaves words and the no-value mark alone; a compass point is the reader's word (issue 33)", async () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    expect(localizeNumber('NNE', 'en')).toBe('NNE');
    expect(localizeNumber('---', 'en')).toBe('---');
    for (const [locale, words] of [
      ['cs', ['S', 'J', 'VSV']], // in Czech "S" is north (sever); south is "J" (jih)
      ['de', ['N', 'S', 'ONO']],
      ['zh-Hant', ['北', '南', '東北東']],
    ] as const) {
      const { messages } = await import(`../../locales/${locale}.po`);
      i18n.loadAndActivate({ locale, messages });
      expect(['N', 'S', 'ENE'].map((p) => localizeNumber(p, locale))).toEqual(words);
      expect(localizeNumber('---', locale)).toBe('---');
    }
    i18n.loadAndActivate({ locale: 'en', messages: {} });
  });
});
