// Every catalog is complete: each msgid of every locale has a translation, with the same placeholders
// ({name}, {0}) and tags (<0>…</0>) as the source, and every locale has the same messages as English.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';

interface Entry {
  msgid: string;
  msgstr: string;
}

/** A small PO reader: msgid/msgstr with continuation lines; comments and headers skipped. */
function parsePo(text: string): Entry[] {
  const unquote = (s: string) => JSON.parse(s.trim()) as string;
  const entries: Entry[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    let field: 'msgid' | 'msgstr' | null = null;
    const e: Entry = { msgid: '', msgstr: '' };
    let seen = false;
    for (const line of block.split(/\r?\n/)) {
      const m = line.match(/^(msgid|msgstr) (".*")$/);
      if (m) {
        field = m[1] as 'msgid' | 'msgstr';
        e[field] = unquote(m[2]);
        seen = true;
      } else if (field && line.startsWith('"')) {
        e[field] += unquote(line);
      } else if (!line.startsWith('#')) field = null;
    }
    if (seen && e.msgid) entries.push(e);
  }
  return entries;
}

/** `{n, plural, one {…} other {…}}` → `{n}`: each language has its own plural categories. */
function withoutPluralForms(message: string): string {
  let out = '';
  for (let i = 0; i < message.length; i++) {
    const m = /^\{(\w+), (plural|select|selectordinal),/.exec(message.slice(i));
    if (!m) {
      out += message[i];
      continue;
    }
    let depth = 0;
    let j = i;
    for (; j < message.length; j++) {
      if (message[j] === '{') depth++;
      else if (message[j] === '}' && --depth === 0) break;
    }
    out += `{${m[1]}}`;
    i = j;
  }
  return out;
}

/** Placeholders and tags of a message, sorted: translations must keep all of them. */
function tokens(message: string): string[] {
  return (withoutPluralForms(message).match(/\{[^{}\s,]+[^{}]*\}|<\/?\d+\/?>/g) ?? [])
    .map((t) => t.replace(/,.*\}$/, '}'))
    .sort();
}

const dir = join(import.meta.dirname, '../../locales');
const read = (locale: string) => parsePo(readFileSync(join(dir, `${locale}.po`), 'utf8'));

describe('PO reader', () => {
  it('reads continued strings and escapes', () => {
    const po =
      'msgid ""\nmsgstr ""\n"Language: de\\n"\n\n#. comment\nmsgid "Hello {name}"\nmsgstr ""\n"Hallo "\n"{name}"\n';
    expect(parsePo(po)).toEqual([{ msgid: 'Hello {name}', msgstr: 'Hallo {name}' }]);
    expect(tokens('Open <0>Edit</0> for {id} and {1}')).toEqual(['</0>', '<0>', '{1}', '{id}']);
    expect(tokens('{n} for {m, plural, one {# minute} few {# minuty} other {# minutes}}')).toEqual([
      '{m}',
      '{n}',
    ]);
  });
});

describe('catalogs', () => {
  const source = read('en');
  // Messages with an explicit id (src/domain/words) carry their English text in en.po's msgstr.
  const english = new Map(source.map((e) => [e.msgid, e.msgstr || e.msgid]));

  it('has messages', () => {
    expect(source.length).toBeGreaterThan(100);
  });

  for (const { id: locale } of LOCALES) {
    it(`${locale} translates every message with the same placeholders`, () => {
      const entries = read(locale);
      expect(entries.map((e) => e.msgid).sort()).toEqual(source.map((e) => e.msgid).sort());
      const missing = entries.filter((e) => !e.msgstr.trim()).map((e) => e.msgid);
      expect(missing, `untranslated in ${locale}.po`).toEqual([]);
      const broken = entries
        .filter((e) => tokens(english.get(e.msgid) ?? e.msgid).join() !== tokens(e.msgstr).join())
        .map((e) => `${e.msgid} → ${e.msgstr}`);
      expect(broken, `placeholders differ in ${locale}.po`).toEqual([]);
    });
  }

  // A count in a sentence is an ICU plural with every category the language has (cs: one, few, many, other;
  // zh: other), so "1 invitations" or Czech "2 dní" cannot be written (issue 33).
  for (const { id: locale } of LOCALES) {
    it(`${locale} gives each plural every category of its language`, () => {
      const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const wrong = read(locale)
        .filter((e) => /, plural,/.test(e.msgstr || e.msgid))
        .flatMap((e) => {
          const text = e.msgstr || e.msgid;
          const has = new Set(
            [...text.matchAll(/(?:^|[\s}])(zero|one|two|few|many|other) \{/g)].map((m) => m[1]),
          );
          const lacking = needed.filter((c) => !has.has(c));
          return lacking.length ? [`${e.msgid}: no ${lacking.join(', ')}`] : [];
        });
      expect(wrong).toEqual([]);
    });
  }

  it('counts in English sentences are plurals, not "{n} rows" (issue 33)', () => {
    const counted = source
      .map((e) => e.msgid)
      .filter((id) => /\{(invitations|count)\} (invitations|rows) (wait|are)|\{0\} days$/.test(id));
    expect(counted).toEqual([]);
  });

  it('French: a no-break space before : ; ? ! and inside « », curly apostrophes (issue 33)', () => {
    const slips = read('fr').flatMap((e) => {
      const text = e.msgstr;
      const found = [
        /[^\s\u00a0\u202f{(/\d][:;?!](?=[\s»)]|$)/.test(text) && 'no space before : ; ? !',
        / [:;?!](?=[\s»)]|$)/.test(text) && 'a breaking space before : ; ? !',
        /«(?!\u00a0)|(?<!\u00a0)»/.test(text) && '« » without no-break spaces',
        /[A-Za-zÀ-ÿ]'[A-Za-zÀ-ÿ]/.test(text) && 'a straight apostrophe',
      ].filter(Boolean);
      return found.length ? [`${e.msgid} → ${text}: ${found.join(', ')}`] : [];
    });
    expect(slips).toEqual([]);
  });

  it('Italian: curly apostrophes, È not E’, an ellipsis not three dots (issue 33: the catalog mixed them)', () => {
    const slips = read('it').flatMap((e) => {
      const text = e.msgstr;
      const found = [
        /[A-Za-zÀ-ÿ]'[A-Za-zÀ-ÿ]/.test(text) && 'a straight apostrophe',
        /(^|[\s.!?])E['’](\s|$)/.test(text) && 'E’ for È',
        /\.\.\./.test(text) && 'three dots',
      ].filter(Boolean);
      return found.length ? [`${e.msgid} → ${text}: ${found.join(', ')}`] : [];
    });
    expect(slips).toEqual([]);
  });

  // One form of address per language (issue 33: German Sie/du, Spanish tú/usted, Dutch u/je, Chinese 您/你 were
  // mixed): the words of the form a catalog does not use.
  const OTHER_FORM: Record<string, RegExp> = {
    de: /\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines)\b/i, // Sie
    nl: /\b(u|uw)\b/i, // je
    es: /\b(usted|ustedes)\b/i, // tú
    'zh-Hans': /你/, // 您
    'zh-Hant': /你/, // 您
  };
  for (const [locale, other] of Object.entries(OTHER_FORM)) {
    it(`${locale} addresses the reader one way`, () => {
      const mixed = read(locale)
        .filter((e) => other.test(e.msgstr))
        .map((e) => `${e.msgid} → ${e.msgstr}`);
      expect(mixed).toEqual([]);
    });
  }

  // Words a language writes as English does (names, abbreviations, loanwords): anything else equal to the English
  // text is a message left untranslated (issue 33).
  const SAME_AS_ENGLISH: Record<string, string[]> = {
    common: ['CSV (.csv)', 'Ecowitt', 'WBGT', 'Wunderground'],
    cs: [
      'CDD',
      'Editor',
      'GDD',
      'HDD',
      'Interval',
      'Max',
      'Min',
      'Offline',
      'Online',
      'Port',
      'Role',
      'Server',
      'Test',
      'US EPA',
      'UV index',
      'VOC',
      '{0} min',
    ],
    de: [
      'Barometer',
      'Dashboard',
      'EU CAQI',
      'FAQ',
      'Format',
      'Live',
      'Max',
      'Min',
      'NNW',
      'Name',
      'Offline',
      'Online',
      'Port',
      'SSW',
      'Sensor',
      'Sensor {0}',
      'Server',
      'Station',
      'Status',
      'Test',
      'UK DAQI',
      'US AQI',
      'US EPA',
      'VOC',
      'WNW',
      'WSW',
      'Wind',
      'Wind ({0})',
    ],
    es: [
      'ENE',
      'ESE',
      'Editor',
      'Error',
      'NNE',
      'Normal',
      'Plan',
      'SSE',
      'Sensor',
      'Sensor {0}',
      'Total',
      'US EPA',
      '{0} min',
    ],
    fr: [
      'Actions',
      'Condition',
      'Console',
      'Correction',
      'Danger',
      'Date',
      'Description',
      'Direction',
      'Distance',
      'ENE',
      'ESE',
      'FAQ',
      'Format',
      'Invitations',
      'Latitude',
      'Longitude',
      'Max',
      'Menu',
      'Min',
      'NNE',
      'Notification',
      'Pages',
      'Permanent',
      'Port',
      'Records',
      'Relative',
      'SSE',
      'Station',
      'Stations',
      'Test',
      'Total',
      'Type',
      'US EPA',
      '{0} min',
    ],
    it: [
      'Account',
      'Console',
      'Dashboard',
      'ENE',
      'ESE',
      'Editor',
      'Email',
      'FAQ',
      'File',
      'GDD',
      'Home',
      'Max',
      'Menu',
      'Min',
      'NNE',
      'Offline',
      'Online',
      'Password',
      'SSE',
      'Server',
      'Test',
      'US EPA',
      'VOC',
      'Wind chill',
      '{0} min',
    ],
    nl: [
      'Account',
      'Barometer',
      'Camera',
      'Console',
      'Dashboard',
      'EU CAQI',
      'FAQ',
      'Formaldehyde',
      'Formaldehyde (HCHO)',
      'Help',
      'Home',
      'Interval',
      'Item',
      'Live',
      'Max',
      'Menu',
      'Min',
      'NNW',
      'Offline',
      'Online',
      'Permanent',
      'Protocol',
      'Records',
      'Sensor',
      'Sensor {0}',
      'Server',
      'Station',
      'Stations',
      'Status',
      'Test',
      'Type',
      'UK DAQI',
      'US AQI',
      'US EPA',
      'VOC',
      'WNW',
      'Week',
      'Wind',
      'Wind ({0})',
      'per station',
      '{0} min',
    ],
    'zh-Hans': ['VOC', 'Weathercloud ID'],
    'zh-Hant': ['VOC', 'Weathercloud ID'],
  };

  for (const { id: locale } of LOCALES) {
    if (locale === 'en') continue;
    it(`${locale} leaves no message in English but its own allowed words`, () => {
      const allowed = new Set([...SAME_AS_ENGLISH.common, ...(SAME_AS_ENGLISH[locale] ?? [])]);
      const english = (e: { msgid: string }) => source.find((s) => s.msgid === e.msgid);
      const left = read(locale)
        .filter((e) => {
          const en = english(e);
          const text = en?.msgstr || en?.msgid;
          // Words only: placeholders and tags alone are no language.
          const words = e.msgstr.replace(/\{[^}]*\}|<[^>]*>/g, '');
          return e.msgstr === text && /[A-Za-z]{3,}/.test(words) && !allowed.has(e.msgstr);
        })
        .map((e) => e.msgid);
      expect(left).toEqual([]);
    });
  }
});
