// Export columns (issue #13 "export people can read"): the readings a station has, each named as the dashboard
// names it out of its card ("Outdoor · Temperature", "Greenhouse · Humidity" with the user's channel name), in
// the order of the existing portal's export (docs/upload-protocols.md §4), then the later sensors in catalogue
// order. Sensor states (batteries, links, sensor types) are not readings and are left out. The card titles and
// reading names are the dashboard's own (src/domain/words/cards.ts), in the reader's language.
import { homeCard } from '../../../src/domain/cards';
import { METRIC_BY_KEY, METRIC_KEYS, PM_CHANNELS } from '../../../src/domain/catalogue';
import type { ChannelName } from '../../../src/domain/contract';
import type { UnitPrefs } from '../../../src/domain/unitPrefs';
import { unitFor } from '../../../src/domain/units';
import type { Translate } from '../../../src/domain/words';
import {
  CARD_WORDS,
  NUMBERED_CARD_WORDS,
  READING_WORDS,
  readingWords,
} from '../../../src/domain/words/cards';

/** English, as the words are written here. */
const asIs: Translate = (w, values) =>
  w.message.replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name] ?? ''));

/** One of the app's words, by its English text, in the reader's language. */
const say = (t: Translate, text: string) => t({ id: text, message: text });

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** The legacy export's leading order (§4); every other reading follows in catalogue order. */
const LEADING = [
  'absbaro',
  'relbaro',
  'tempin',
  'humin',
  'tempc0',
  'humc0',
  'dewpoint',
  'heatindex',
  'windchill',
  'feelslike',
  'winddir',
  'windspd',
  'windavg10m',
  'gust',
  'rainrate',
  'hourlyrain',
  'dailyrain',
  'uvi',
  'solarrad',
  ...range(7).flatMap((n) => [`tempc${n}`, `humc${n}`]),
  ...range(7).map((n) => `leakc${n}`),
  ...['lightningdist', 'lightningtime', 'lightning5m', 'lightning30m', 'lightning1h', 'lightning1d'],
  ...range(PM_CHANNELS).flatMap((n) => [`pm25c${n}`, `pm10c${n}`, `pm25aqic${n}`, `pm10aqic${n}`]),
  'co',
  'hcho',
  'co2',
];

/** Not readings: battery levels, radio links, sensor types. */
export const isSensorState = (key: string) => /^(bat|cn|type)/.test(key);

/** Every reading key in export order. */
export const EXPORT_KEYS: string[] = (() => {
  const lead = LEADING.filter((k) => METRIC_BY_KEY[k]);
  const seen = new Set(lead);
  return [...lead, ...METRIC_KEYS.filter((k) => !seen.has(k) && !isSensorState(k))];
})();

/** The card title of a channel key: the user's name of a thermo-hygro channel, else the card's own title. */
function channelTitle(key: string, n: number, names: ChannelName[], t: Translate): string {
  const numbered = (kind: keyof typeof NUMBERED_CARD_WORDS) => t(NUMBERED_CARD_WORDS[kind], { n });
  if (/^(temp|hum|dewpoint|heatindex)c\d$/.test(key))
    return names.find((c) => c.channel === n)?.name.trim() || numbered('channel');
  if (key.startsWith('pm')) return numbered('pmChannel');
  if (key.startsWith('soil')) return numbered('soil');
  if (key.startsWith('tf')) return numbered('probe');
  if (key.startsWith('leaf')) return numbered('leaf');
  return numbered('leak');
}

/** "Card · Reading", as the dashboard names a reading outside its card; one of them where it holds the other. */
export function columnName(key: string, names: ChannelName[] = [], t: Translate = asIs): string {
  const def = METRIC_BY_KEY[key];
  const words = readingWords(key);
  const reading = words ? t(words) : key;
  const numbered = def && def.channel > 0 && !READING_WORDS[key];
  const card = numbered ? undefined : homeCard(key);
  const cardWords = card && CARD_WORDS[card.key];
  const title = numbered ? channelTitle(key, def.channel, names, t) : cardWords && t(cardWords);
  if (!title || reading.includes(title)) return reading;
  if (title.includes(reading)) return title;
  return `${title} · ${reading}`;
}

export interface ExportColumn {
  key: string;
  name: string;
}

/** The columns of a station's export: the readings in `present` (any value in the range), named. */
export function exportColumns(
  present: ReadonlySet<string>,
  names: ChannelName[] = [],
  t: Translate = asIs,
): ExportColumn[] {
  return EXPORT_KEYS.filter((k) => present.has(k)).map((key) => ({ key, name: columnName(key, names, t) }));
}

/** Row 0 (names) and row 1 (units; empty where a reading has none, e.g. the UV index) of the export. */
export function headerRows(
  columns: ExportColumn[],
  prefs: Partial<UnitPrefs>,
  t: Translate = asIs,
): [string[], string[]] {
  return [
    [say(t, 'Time'), ...columns.map((c) => c.name)],
    [
      '',
      ...columns.map((c) =>
        c.key === 'lightningtime' ? '' : unitFor(METRIC_BY_KEY[c.key], prefs).displayName || '',
      ),
    ],
  ];
}
