// Export columns (issue #13 "export people can read"): the readings a station has, each named as the dashboard
// names it out of its card ("Outdoor · Temperature", "Greenhouse · Humidity" with the user's channel name), in
// the order of the existing portal's export (docs/upload-protocols.md §4), then the later sensors in catalogue
// order. Sensor states (batteries, links, sensor types) are not readings and are left out. The words are the
// English ones of src/cards/labels.ts, written in the reader's language through the same catalogs (which hold the
// app's messages by their English text; columns.test.ts checks every header word is there).
import { METRIC_BY_KEY, METRIC_KEYS, PM_CHANNELS } from '../../../src/domain/catalogue';
import type { ChannelName } from '../../../src/domain/contract';
import type { UnitPrefs } from '../../../src/domain/unitPrefs';
import { unitFor } from '../../../src/domain/units';
import type { Translate } from '../../../src/domain/words';

/** English, as the words are written here. */
const asIs: Translate = (w, values) =>
  w.message.replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name] ?? ''));

/** One of the app's words (or `{0}` messages) in the reader's language. */
const say = (t: Translate, text: string, n?: number) =>
  t({ id: text, message: text }, n === undefined ? undefined : { 0: n });

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

/** Card titles of keys without a channel (src/cards/labels.ts CARD). */
const CARD_OF: [RegExp, string][] = [
  [/^(wbgt|bgt|wbgtestimated)$/, 'Heat stress (WBGT)'],
  [/^(et0day|hddday|cddday|gddday)$/, 'ET₀ & degree days'],
  [/^(tempc0|humc0|dewpoint|feelslike|heatindex|windchill)$/, 'Outdoor'],
  [/^(windspd|gust|windavg10m|winddir|maxdailygust|winddiravg10m)$/, 'Wind'],
  [/^(absbaro|relbaro)$/, 'Barometer'],
  [/^(tempin|humin)$/, 'Indoor'],
  [/^uvi$/, 'UV'],
  [/^solarrad$/, 'Light'],
  [/^lightning/, 'Lightning'],
  [/^(hcho)$/, 'Formaldehyde'],
  [/^voc$/, 'VOC'],
  [/^(co2|co2avg24h|tempco2|humco2)$/, 'CO₂'],
  [/^co$/, 'CO'],
  [/piezo$|^ws90capvolt$/, 'Rain (piezo)'],
  [/rain/, 'Rain'],
];

/** Reading names (src/cards/labels.ts METRIC and CHANNEL_METRIC). */
const READING: Record<string, string> = {
  tempin: 'Temperature',
  humin: 'Humidity',
  absbaro: 'Absolute',
  relbaro: 'Relative',
  tempc0: 'Temperature',
  humc0: 'Humidity',
  dewpoint: 'Dew point',
  feelslike: 'Feels like',
  heatindex: 'Heat index',
  windchill: 'Wind chill',
  wbgt: 'WBGT',
  wbgtestimated: 'WBGT estimated',
  bgt: 'Black globe',
  et0day: 'ET₀ today',
  hddday: 'Heating degree days',
  cddday: 'Cooling degree days',
  gddday: 'Growing degree days',
  winddir: 'Direction',
  windspd: 'Wind speed',
  windavg10m: '10 min average',
  gust: 'Gust',
  maxdailygust: 'Max gust today',
  winddiravg10m: '10 min average direction',
  rainrate: 'Rain rate',
  eventrain: 'Event',
  hourlyrain: 'Past hour',
  dailyrain: 'Today',
  weeklyrain: 'This week',
  monthlyrain: 'This month',
  yearlyrain: 'This year',
  totalrain: 'Total',
  rainratepiezo: 'Rain rate',
  eventrainpiezo: 'Event',
  hourlyrainpiezo: 'Past hour',
  dailyrainpiezo: 'Today',
  weeklyrainpiezo: 'This week',
  monthlyrainpiezo: 'This month',
  yearlyrainpiezo: 'This year',
  rainingpiezo: 'Raining',
  ws90capvolt: 'Capacitor voltage',
  uvi: 'UV index',
  solarrad: 'Solar radiation',
  lightningdist: 'Distance',
  lightningtime: 'Last strike',
  lightning5m: 'Strikes, 5 min',
  lightning30m: 'Strikes, 30 min',
  lightning1h: 'Strikes, 1 hour',
  lightning1d: 'Strikes today',
  hcho: 'Formaldehyde',
  voc: 'VOC',
  co2: 'CO₂',
  co2avg24h: '24-hour average',
  tempco2: 'Temperature',
  humco2: 'Humidity',
  co: 'CO',
};

const CHANNEL_READING: [RegExp, string][] = [
  [/^tempc\d$/, 'Temperature'],
  [/^humc\d$/, 'Humidity'],
  [/^dewpointc\d$/, 'Dew point'],
  [/^heatindexc\d$/, 'Heat index'],
  [/^pm25c\d$/, 'PM2.5'],
  [/^pm10c\d$/, 'PM10'],
  [/^pm25aqic\d$/, 'PM2.5 AQI (US EPA)'],
  [/^pm10aqic\d$/, 'PM10 AQI (US EPA)'],
  [/^pm25avg24hc\d$/, 'PM2.5, 24-hour average'],
  [/^pm10avg24hc\d$/, 'PM10, 24-hour average'],
  [/^soilc\d$/, 'Soil moisture'],
  [/^tfc\d$/, 'Temperature'],
  [/^leafc\d$/, 'Leaf wetness'],
  [/^leakc\d$/, 'Leak'],
];

/** The card title of a channel key: the user's name of a thermo-hygro channel, else the card's own title. */
function channelTitle(key: string, n: number, names: ChannelName[], t: Translate): string {
  if (/^(temp|hum|dewpoint|heatindex)c\d$/.test(key))
    return names.find((c) => c.channel === n)?.name.trim() || say(t, 'Channel {0}', n);
  if (key.startsWith('pm')) return say(t, 'PM channel {0}', n);
  if (key.startsWith('soil')) return say(t, 'Soil moisture {0}', n);
  if (key.startsWith('tf')) return say(t, 'Temperature probe {0}', n);
  if (key.startsWith('leaf')) return say(t, 'Leaf wetness {0}', n);
  return say(t, 'Leak sensor {0}', n);
}

/** "Card · Reading", as the dashboard names a reading outside its card; one of them where it holds the other. */
export function columnName(key: string, names: ChannelName[] = [], t: Translate = asIs): string {
  const def = METRIC_BY_KEY[key];
  const channelReading = CHANNEL_READING.find(([re]) => re.test(key))?.[1];
  const english = def && def.channel > 0 && channelReading ? channelReading : READING[key];
  const reading = english ? say(t, english) : key;
  const card = CARD_OF.find(([re]) => re.test(key))?.[1];
  const title =
    def && def.channel > 0 && channelReading
      ? channelTitle(key, def.channel, names, t)
      : card && say(t, card);
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
