// Seeded plan texts are translated (issue 33); an admin's own words are shown as typed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLANS } from '../../src/domain/plans';
import { PLAN_WORDS, planText } from '../../src/domain/words/plans';
import { translator } from './catalogs';

describe('plan words', () => {
  it('every text of every seeded plan is a declared word', () => {
    const declared = new Set(Object.values(PLAN_WORDS).map((w) => w.message));
    for (const p of DEFAULT_PLANS)
      for (const text of [p.name, p.description, ...p.features]) expect(declared, text).toContain(text);
  });

  it('a seed text reads in German and Czech; an admin’s own text stays as typed', () => {
    const de = translator('de');
    expect(planText('Premium yearly', de)).toBe('Premium jährlich');
    expect(planText('Up to 5 stations per order', de)).toBe('Bis zu 5 Stationen pro Bestellung');
    expect(planText('Lifetime', translator('cs'))).not.toBe('Lifetime');
    expect(planText('Club plan', de)).toBe('Club plan');
  });

  it('every catalog has each plan word', () => {
    for (const locale of ['cs', 'de', 'es', 'fr', 'it', 'nl', 'zh-Hans', 'zh-Hant']) {
      const po = readFileSync(join(import.meta.dirname, `../../locales/${locale}.po`), 'utf8');
      for (const w of Object.values(PLAN_WORDS))
        expect(po, `${locale}: ${w.id}`).toContain(`msgid "${w.id}"`);
    }
  });
});
