// Every word the domain declares (`/*i18n*/ { id, message }`, read by the server's mails, pushes and exports as
// well as the app) is in each of the nine catalogs, translated, with the declared English in en.po: a word added
// without `npm run i18n:extract` and its translations would reach a reader as its bare id. The words are taken
// as the code reaches them (not from the source text, which Stryker rewrites) and compared with what the
// extractor found in each file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { METRIC_BY_KEY } from '../catalogue';
import { ALERT_WORDS } from './alerts';
import { CARD_WORDS, CHANNEL_READING_WORDS, NUMBERED_CARD_WORDS, READING_WORDS } from './cards';
import { MAIL_WORDS } from './mails';
import { ALERT_ITEM_WORDS, metricName, type Named, sensorName } from './metrics';
import { PLAN_WORDS } from './plans';
import type { Words } from './types';

const LOCALES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'cs', 'zh-Hans', 'zh-Hant'];
const root = join(import.meta.dirname, '../../..');

interface Entry {
  msgstr: string;
  /** The files `lingui extract` found the message in (`#:` lines). */
  files: string[];
}

/** msgid → its translation and origins (continued strings joined). */
function catalog(locale: string): Map<string, Entry> {
  const out = new Map<string, Entry>();
  const text = readFileSync(join(root, 'locales', `${locale}.po`), 'utf8');
  for (const block of text.split(/\r?\n\r?\n/)) {
    const e = { msgid: '', msgstr: '' };
    const files: string[] = [];
    let field: keyof typeof e | null = null;
    for (const line of block.split(/\r?\n/)) {
      const m = /^(msgid|msgstr) (".*")$/.exec(line);
      if (m) {
        field = m[1] as keyof typeof e;
        e[field] = JSON.parse(m[2]);
      } else if (field && line.startsWith('"')) e[field] += JSON.parse(line);
      else {
        field = null;
        if (line.startsWith('#: '))
          files.push(
            ...line
              .slice(3)
              .split(' ')
              .map((f) => f.replace(/:\d+$/, '')),
          );
      }
    }
    if (e.msgid) out.set(e.msgid, { msgstr: e.msgstr, files });
  }
  return out;
}

const named = (n: Named | null): Words[] => {
  if (!n) return [];
  const sensor = n.values.sensor as Named | undefined;
  return sensor ? [n.words, sensor.words] : [n.words];
};

/** Every metric and sensor key the names are for (spec §4 catalogue; channels 1..8, sensors 1..8). */
const METRIC_KEYS = [
  ...Object.keys(METRIC_BY_KEY),
  ...[
    'wbgtestimated',
    'et0day',
    'hddday',
    'cddday',
    'gddday',
    'typec1',
    'leakc1',
    'soilc1',
    'tfc1',
    'leafc1',
  ],
];
const SENSOR_KEYS = [
  'in',
  'c0',
  'c1',
  'lightning',
  'hcho',
  'co2',
  'co',
  'bgt',
  'leakc1',
  'pmc1',
  'soilc1',
  'tfc1',
  'leafc1',
];

/** The words each file declares, as the code reaches them. */
const declared = (): Record<string, Words[]> => ({
  alerts: Object.values(ALERT_WORDS),
  cards: [
    ...Object.values(CARD_WORDS),
    ...Object.values(NUMBERED_CARD_WORDS),
    ...Object.values(READING_WORDS),
    ...CHANNEL_READING_WORDS.map(([, w]) => w),
  ],
  mails: Object.values(MAIL_WORDS),
  metrics: [
    ...Object.values(ALERT_ITEM_WORDS),
    ...METRIC_KEYS.flatMap((k) => named(metricName(k))),
    ...SENSOR_KEYS.flatMap((k) => [
      ...named(sensorName(k)),
      ...named(metricName(`bat${k}`)),
      ...named(metricName(`cn${k}`)),
    ]),
  ],
  plans: Object.values(PLAN_WORDS),
});

const ids = (words: Words[]) => [...new Set(words.map((w) => w.id))].sort();

describe('the domain words in the catalogs', () => {
  it('are the words `lingui extract` found in each file, no more and no fewer', () => {
    const en = catalog('en');
    for (const [file, words] of Object.entries(declared())) {
      const extracted = [...en]
        .filter(([, e]) => e.files.includes(`src/domain/words/${file}.ts`))
        .map(([id]) => id);
      expect(ids(words), file).toEqual(extracted.sort());
    }
  });

  it('have each id once across the words files', () => {
    const all = Object.values(declared()).flatMap((w) => ids(w));
    expect(new Set(all).size).toBe(all.length);
  });

  it('are translated in every catalog', () => {
    const all = Object.values(declared()).flatMap((w) => ids(w));
    for (const locale of LOCALES) {
      const po = catalog(locale);
      expect(
        all.filter((id) => !po.get(id)?.msgstr),
        locale,
      ).toEqual([]);
    }
  });

  it('have their declared English in en.po', () => {
    const en = catalog('en');
    for (const w of Object.values(declared()).flat()) expect(en.get(w.id)?.msgstr, w.id).toBe(w.message);
  });

  it('are translated, not copied (a sample)', () => {
    expect(catalog('de').get('metric.tempin')?.msgstr).toBe('Innentemperatur');
    expect(catalog('zh-Hans').get('metric.tempin')?.msgstr).not.toBe('Indoor temperature');
    expect(catalog('de').get(MAIL_WORDS.verifySubject.id)?.msgstr).toContain('{code}');
  });
});
