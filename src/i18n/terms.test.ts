// One word for one thing in each catalog (issue 33): French "plan" was formule, offre and abonnement; Traditional
// Chinese "station" was 站點, 測站 and 氣象站; Simplified Chinese "plan" was 套餐 and 方案. Each now has one, and a
// variant coming back fails here. zh-HK and zh-MO read the zh-Hant catalog, so it keeps to words Taiwan and Hong
// Kong both read (no Hong Kong-only 電郵, 酷熱指數, 雷暴).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeLocale } from '../domain/locales';

/** msgid → msgstr of a catalog (continuation lines joined). */
function catalog(locale: string): [string, string][] {
  const text = readFileSync(join(import.meta.dirname, `../../locales/${locale}.po`), 'utf8');
  const join1 = (quoted: string) =>
    quoted
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as string)
      .join('');
  return [...text.matchAll(/^msgid ((?:".*"\n?)+)msgstr ((?:".*"\n?)+)/gm)]
    .map((m) => [join1(m[1]), join1(m[2])] as [string, string])
    .filter(([id]) => id);
}

const using = (locale: string, bad: RegExp, where: (id: string) => boolean = () => true) =>
  catalog(locale)
    .filter(([id, str]) => where(id) && bad.test(str))
    .map(([id, str]) => `${id} → ${str}`);

describe('one term per thing', () => {
  it('French: a plan is a « formule » (never « offre », « abonnement » only for a subscription)', () => {
    const plan = (id: string) => /\bplans?\b/i.test(id);
    expect(using('fr', /\boffres?\b/i, plan)).toEqual([]);
    expect(using('fr', /abonnement/i, (id) => plan(id) && !/subscription/i.test(id))).toEqual([]);
    expect(catalog('fr').find(([id]) => id === 'Plan')?.[1]).toBe('Formule');
  });

  it('Traditional Chinese: a station is 氣象站 (never 站點 or 測站)', () => {
    expect(using('zh-Hant', /站點|測站/)).toEqual([]);
  });

  it('Simplified Chinese: a plan is 套餐 (never 方案)', () => {
    expect(using('zh-Hans', /方案/)).toEqual([]);
  });

  it('zh-HK and zh-MO read zh-Hant, which has no Hong Kong-only words', () => {
    expect(normalizeLocale('zh-HK')).toBe('zh-Hant');
    expect(normalizeLocale('zh-MO')).toBe('zh-Hant');
    expect(using('zh-Hant', /電郵|酷熱指數|雷暴/)).toEqual([]);
  });
});
