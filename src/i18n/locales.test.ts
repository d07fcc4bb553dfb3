import { describe, expect, it } from 'vitest';
import { readLangCookie } from './cookie';
import { normalizeLocale, pickLocale } from './locales';

describe('language codes (spec §1)', () => {
  it('maps the spec codes case-insensitively', () => {
    expect(['EN', 'DE', 'FR', 'IT', 'ES', 'NL', 'cs', 'CS'].map(normalizeLocale)).toEqual([
      'en',
      'de',
      'fr',
      'it',
      'es',
      'nl',
      'cs',
      'cs',
    ]);
  });

  it('maps Chinese variants onto traditional and simplified', () => {
    expect(['zh-TW', 'zh-HK', 'zh_tw', 'zh-Hant-TW'].map(normalizeLocale)).toEqual(Array(4).fill('zh-Hant'));
    expect(['zh', 'zh-CN', 'ZH-cn', 'zh-Hans', 'zh-SG'].map(normalizeLocale)).toEqual(
      Array(5).fill('zh-Hans'),
    );
  });

  it('uses the base language of a regional browser code and rejects unknown ones', () => {
    expect(normalizeLocale('de-AT')).toBe('de');
    expect(normalizeLocale('pt-BR')).toBeNull();
    expect(normalizeLocale('')).toBeNull();
  });

  it('takes the first supported candidate: query, setting, cookie, browser', () => {
    expect(pickLocale(['xx', null, 'fr', 'de'])).toBe('fr');
    expect(pickLocale([undefined, 'pt-BR'])).toBe('en');
  });

  it('reads the language cookie', () => {
    expect(readLangCookie('a=1; lang=zh-Hant; b=2')).toBe('zh-Hant');
    expect(readLangCookie('a=1')).toBeNull();
  });
});
