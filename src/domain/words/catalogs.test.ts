// Every word the domain declares (`/*i18n*/ { id, message }`, read by the server's mails, pushes and exports as
// well as the app) is in each of the nine catalogs, translated, with the declared English in en.po: a word added
// without `npm run i18n:extract` and its translations would reach a reader as its bare id.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALERT_WORDS } from './alerts';
import { CARD_WORDS, CHANNEL_READING_WORDS, NUMBERED_CARD_WORDS, READING_WORDS } from './cards';
import { MAIL_WORDS } from './mails';
import { ALERT_ITEM_WORDS } from './metrics';
import { PLAN_WORDS } from './plans';
import type { Words } from './types';

const LOCALES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'cs', 'zh-Hans', 'zh-Hant'];
const FILES = ['alerts', 'cards', 'mails', 'metrics', 'plans'];
const root = join(import.meta.dirname, '../../..');

/** msgid → msgstr of one catalog (continued strings joined; comments skipped). */
function catalog(locale: string): Map<string, string> {
  const out = new Map<string, string>();
  const text = readFileSync(join(root, 'locales', `${locale}.po`), 'utf8');
  for (const block of text.split(/\r?\n\r?\n/)) {
    const e = { msgid: '', msgstr: '' };
    let field: keyof typeof e | null = null;
    for (const line of block.split(/\r?\n/)) {
      const m = /^(msgid|msgstr) (".*")$/.exec(line);
      if (m) {
        field = m[1] as keyof typeof e;
        e[field] = JSON.parse(m[2]);
      } else if (field && line.startsWith('"')) e[field] += JSON.parse(line);
      else if (!line.startsWith('#')) field = null;
    }
    if (e.msgid) out.set(e.msgid, e.msgstr);
  }
  return out;
}

/** The ids declared in a words file, in the order written. */
const declaredIds = (file: string) =>
  [
    ...readFileSync(join(import.meta.dirname, `${file}.ts`), 'utf8').matchAll(
      /\/\*i18n\*\/\s*\{\s*id:\s*'([^']+)'/g,
    ),
  ].map((m) => m[1]);

const exported = (): Words[] => [
  ...Object.values(ALERT_WORDS),
  ...Object.values(CARD_WORDS),
  ...Object.values(NUMBERED_CARD_WORDS),
  ...Object.values(READING_WORDS),
  ...CHANNEL_READING_WORDS.map(([, w]) => w),
  ...Object.values(MAIL_WORDS),
  ...Object.values(ALERT_ITEM_WORDS),
  ...Object.values(PLAN_WORDS),
];

describe('the domain words in the catalogs', () => {
  it('are declared with ids, each id once across the words files', () => {
    const ids = FILES.flatMap(declaredIds);
    // The declarations in each file (`grep -c "/\*i18n\*/ {"`): the pattern above misses none.
    expect(FILES.map((f) => declaredIds(f).length)).toEqual([9, 97, 12, 88, 12]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-zA-Z][\w.]*[\w]$/);
  });

  it('each id is in every catalog, translated', () => {
    const ids = FILES.flatMap(declaredIds);
    for (const locale of LOCALES) {
      const po = catalog(locale);
      const missing = ids.filter((id) => !po.get(id));
      expect(missing, locale).toEqual([]);
    }
  });

  it('en.po holds the declared English of every exported word', () => {
    const en = catalog('en');
    for (const w of exported()) expect(en.get(w.id), w.id).toBe(w.message);
  });

  it('a translation differs from English where the languages differ (the catalogs were not copied)', () => {
    const de = catalog('de');
    const zh = catalog('zh-Hans');
    expect(de.get('metric.tempin')).toBe('Innentemperatur');
    expect(zh.get('metric.tempin')).not.toBe('Indoor temperature');
    expect(de.get(MAIL_WORDS.verifySubject.id)).toContain('{code}');
  });
});
