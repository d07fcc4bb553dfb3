// The name of every catalogue metric and sensor where it stands on its own — an alert e-mail or push, an export
// header, an MQTT/Home Assistant entity, the admin tables — as message descriptors that the server and the app
// translate with the same catalogs (locales/*.po). `/*i18n*/` marks each for `lingui extract`; the ids are stable
// so both sides find the same entry. Cards use shorter in-card names (cards.ts).
import type { Translate, Words } from './types';

/** A name with its placeholder values: `{n}` is the channel or sensor number. */
export interface Named {
  words: Words;
  values: Record<string, string | number | Named>;
}

const EXACT: Record<string, Words> = {
  tempin: /*i18n*/ { id: 'metric.tempin', message: 'Indoor temperature' },
  humin: /*i18n*/ { id: 'metric.humin', message: 'Indoor humidity' },
  absbaro: /*i18n*/ { id: 'metric.absbaro', message: 'Absolute pressure' },
  relbaro: /*i18n*/ { id: 'metric.relbaro', message: 'Relative pressure' },
  tempc0: /*i18n*/ { id: 'metric.tempc0', message: 'Outdoor temperature' },
  humc0: /*i18n*/ { id: 'metric.humc0', message: 'Outdoor humidity' },
  dewpoint: /*i18n*/ { id: 'metric.dewpoint', message: 'Dew point' },
  feelslike: /*i18n*/ { id: 'metric.feelslike', message: 'Feels like' },
  heatindex: /*i18n*/ { id: 'metric.heatindex', message: 'Heat index' },
  windchill: /*i18n*/ { id: 'metric.windchill', message: 'Wind chill' },
  wbgt: /*i18n*/ { id: 'metric.wbgt', message: 'Heat-stress index (WBGT)' },
  wbgtestimated: /*i18n*/ { id: 'metric.wbgtestimated', message: 'Heat-stress index (WBGT), estimated' },
  winddir: /*i18n*/ { id: 'metric.winddir', message: 'Wind direction' },
  winddiravg10m: /*i18n*/ { id: 'metric.winddiravg10m', message: 'Wind direction (10 min average)' },
  windspd: /*i18n*/ { id: 'metric.windspd', message: 'Wind speed' },
  windavg10m: /*i18n*/ { id: 'metric.windavg10m', message: 'Wind speed (10 min average)' },
  gust: /*i18n*/ { id: 'metric.gust', message: 'Wind gust' },
  maxdailygust: /*i18n*/ { id: 'metric.maxdailygust', message: 'Highest gust today' },
  rainrate: /*i18n*/ { id: 'metric.rainrate', message: 'Rain rate' },
  eventrain: /*i18n*/ { id: 'metric.eventrain', message: 'Event rain' },
  hourlyrain: /*i18n*/ { id: 'metric.hourlyrain', message: 'Rain in the past hour' },
  dailyrain: /*i18n*/ { id: 'metric.dailyrain', message: 'Rain today' },
  weeklyrain: /*i18n*/ { id: 'metric.weeklyrain', message: 'Rain this week' },
  monthlyrain: /*i18n*/ { id: 'metric.monthlyrain', message: 'Rain this month' },
  yearlyrain: /*i18n*/ { id: 'metric.yearlyrain', message: 'Rain this year' },
  totalrain: /*i18n*/ { id: 'metric.totalrain', message: 'Total rain' },
  rainratepiezo: /*i18n*/ { id: 'metric.rainratepiezo', message: 'Rain rate (piezo)' },
  eventrainpiezo: /*i18n*/ { id: 'metric.eventrainpiezo', message: 'Event rain (piezo)' },
  hourlyrainpiezo: /*i18n*/ { id: 'metric.hourlyrainpiezo', message: 'Rain in the past hour (piezo)' },
  dailyrainpiezo: /*i18n*/ { id: 'metric.dailyrainpiezo', message: 'Rain today (piezo)' },
  weeklyrainpiezo: /*i18n*/ { id: 'metric.weeklyrainpiezo', message: 'Rain this week (piezo)' },
  monthlyrainpiezo: /*i18n*/ { id: 'metric.monthlyrainpiezo', message: 'Rain this month (piezo)' },
  yearlyrainpiezo: /*i18n*/ { id: 'metric.yearlyrainpiezo', message: 'Rain this year (piezo)' },
  rainingpiezo: /*i18n*/ { id: 'metric.rainingpiezo', message: 'Raining (piezo)' },
  ws90capvolt: /*i18n*/ {
    id: 'metric.ws90capvolt',
    message: 'Capacitor voltage of the wind and rain sensor',
  },
  uvi: /*i18n*/ { id: 'metric.uvi', message: 'UV index' },
  solarrad: /*i18n*/ { id: 'metric.solarrad', message: 'Solar radiation' },
  lightningdist: /*i18n*/ { id: 'metric.lightningdist', message: 'Lightning distance' },
  lightningtime: /*i18n*/ { id: 'metric.lightningtime', message: 'Last lightning strike' },
  lightning5m: /*i18n*/ { id: 'metric.lightning5m', message: 'Lightning strikes in 5 minutes' },
  lightning30m: /*i18n*/ { id: 'metric.lightning30m', message: 'Lightning strikes in 30 minutes' },
  lightning1h: /*i18n*/ { id: 'metric.lightning1h', message: 'Lightning strikes in an hour' },
  lightning1d: /*i18n*/ { id: 'metric.lightning1d', message: 'Lightning strikes today' },
  hcho: /*i18n*/ { id: 'metric.hcho', message: 'Formaldehyde' },
  voc: /*i18n*/ { id: 'metric.voc', message: 'VOC level' },
  co2: /*i18n*/ { id: 'metric.co2', message: 'CO₂' },
  co2avg24h: /*i18n*/ { id: 'metric.co2avg24h', message: 'CO₂, 24-hour average' },
  tempco2: /*i18n*/ { id: 'metric.tempco2', message: 'Temperature at the CO₂ sensor' },
  humco2: /*i18n*/ { id: 'metric.humco2', message: 'Humidity at the CO₂ sensor' },
  co: /*i18n*/ { id: 'metric.co', message: 'Carbon monoxide' },
  bgt: /*i18n*/ { id: 'metric.bgt', message: 'Black globe temperature' },
  et0day: /*i18n*/ { id: 'metric.et0day', message: 'Evapotranspiration (ET₀) today' },
  hddday: /*i18n*/ { id: 'metric.hddday', message: 'Heating degree days today' },
  cddday: /*i18n*/ { id: 'metric.cddday', message: 'Cooling degree days today' },
  gddday: /*i18n*/ { id: 'metric.gddday', message: 'Growing degree days today' },
};

/** Channel and numbered-sensor metrics: the number goes into `{n}`. */
const NUMBERED: [RegExp, Words][] = [
  [/^tempc(\d)$/, /*i18n*/ { id: 'metric.tempcN', message: 'Channel {n} temperature' }],
  [/^humc(\d)$/, /*i18n*/ { id: 'metric.humcN', message: 'Channel {n} humidity' }],
  [/^dewpointc(\d)$/, /*i18n*/ { id: 'metric.dewpointcN', message: 'Channel {n} dew point' }],
  [/^heatindexc(\d)$/, /*i18n*/ { id: 'metric.heatindexcN', message: 'Channel {n} heat index' }],
  [/^typec(\d)$/, /*i18n*/ { id: 'metric.typecN', message: 'Channel {n} sensor type' }],
  [/^leakc(\d)$/, /*i18n*/ { id: 'metric.leakcN', message: 'Leak sensor {n}' }],
  [/^pm25c(\d)$/, /*i18n*/ { id: 'metric.pm25cN', message: 'PM2.5 (channel {n})' }],
  [/^pm10c(\d)$/, /*i18n*/ { id: 'metric.pm10cN', message: 'PM10 (channel {n})' }],
  [/^pm25aqic(\d)$/, /*i18n*/ { id: 'metric.pm25aqicN', message: 'PM2.5 AQI (channel {n})' }],
  [/^pm10aqic(\d)$/, /*i18n*/ { id: 'metric.pm10aqicN', message: 'PM10 AQI (channel {n})' }],
  [
    /^pm25avg24hc(\d)$/,
    /*i18n*/ { id: 'metric.pm25avg24hcN', message: 'PM2.5, 24-hour average (channel {n})' },
  ],
  [
    /^pm10avg24hc(\d)$/,
    /*i18n*/ { id: 'metric.pm10avg24hcN', message: 'PM10, 24-hour average (channel {n})' },
  ],
  [/^soilc(\d)$/, /*i18n*/ { id: 'metric.soilcN', message: 'Soil moisture {n}' }],
  [/^tfc(\d)$/, /*i18n*/ { id: 'metric.tfcN', message: 'Temperature probe {n}' }],
  [/^leafc(\d)$/, /*i18n*/ { id: 'metric.leafcN', message: 'Leaf wetness {n}' }],
];

/** The sensor a battery or link key belongs to (`batc3`, `cnleakc2` → its sensor). */
const SENSOR_EXACT: Record<string, Words> = {
  in: /*i18n*/ { id: 'sensor.console', message: 'Console' },
  c0: /*i18n*/ { id: 'sensor.outdoor', message: 'Outdoor sensor' },
  lightning: /*i18n*/ { id: 'sensor.lightning', message: 'Lightning sensor' },
  hcho: /*i18n*/ { id: 'sensor.hcho', message: 'HCHO/VOC sensor' },
  co2: /*i18n*/ { id: 'sensor.co2', message: 'CO₂ sensor' },
  co: /*i18n*/ { id: 'sensor.co', message: 'CO sensor' },
  bgt: /*i18n*/ { id: 'sensor.bgt', message: 'Black globe sensor' },
};

const SENSOR_NUMBERED: [RegExp, Words][] = [
  [/^c(\d)$/, /*i18n*/ { id: 'sensor.channelN', message: 'Channel {n} sensor' }],
  [/^leakc(\d)$/, /*i18n*/ { id: 'sensor.leakN', message: 'Leak sensor {n}' }],
  [/^pmc(\d)$/, /*i18n*/ { id: 'sensor.pmN', message: 'PM sensor {n}' }],
  [/^soilc(\d)$/, /*i18n*/ { id: 'sensor.soilN', message: 'Soil sensor {n}' }],
  [/^tfc(\d)$/, /*i18n*/ { id: 'sensor.probeN', message: 'Temperature probe {n}' }],
  [/^leafc(\d)$/, /*i18n*/ { id: 'sensor.leafN', message: 'Leaf sensor {n}' }],
];

const BATTERY: Words = /*i18n*/ { id: 'metric.battery', message: 'Battery of {sensor}' };
const LINK: Words = /*i18n*/ { id: 'metric.link', message: 'Signal of {sensor}' };

/** The triggers of the alert page that are not a reading. */
export const ALERT_ITEM_WORDS: Record<string, Words> = {
  lostData: /*i18n*/ { id: 'alertItem.lostData', message: 'Lost data upload' },
  lostLink: /*i18n*/ { id: 'alertItem.lostLink', message: 'Lost link' },
  baroDrop: /*i18n*/ { id: 'alertItem.baroDrop', message: 'Barometric pressure drop' },
};

/** The sensor behind a battery or link key, or null when the key names none. */
export function sensorName(key: string): Named | null {
  const k = key.replace(/^(bat|cn)/, '');
  // Own keys only: `toString` or `constructor` would find Object's functions.
  if (Object.hasOwn(SENSOR_EXACT, k)) return { words: SENSOR_EXACT[k], values: {} };
  for (const [re, words] of SENSOR_NUMBERED) {
    const m = re.exec(k);
    if (m) return { words, values: { n: m[1] } };
  }
  return null;
}

/** A metric's (or alert item's) name on its own, or null for a key the catalogue does not have. */
export function metricName(key: string): Named | null {
  if (Object.hasOwn(EXACT, key)) return { words: EXACT[key], values: {} };
  if (Object.hasOwn(ALERT_ITEM_WORDS, key)) return { words: ALERT_ITEM_WORDS[key], values: {} };
  for (const [re, words] of NUMBERED) {
    const m = re.exec(key);
    if (m) return { words, values: { n: m[1] } };
  }
  const sensor = /^(bat|cn)/.test(key) ? sensorName(key) : null;
  if (sensor) return { words: key.startsWith('bat') ? BATTERY : LINK, values: { sensor: sensor } };
  return null;
}

/** The sensor's name in one language (the key itself when it names no sensor). */
export function sensorText(key: string, t: Translate): string {
  const named = sensorName(key);
  return named ? t(named.words, named.values) : key;
}

/** The metric's name in one language (the key itself for one the catalogue does not have). */
export function metricText(key: string, t: Translate): string {
  const named = metricName(key);
  if (!named) return key;
  const { sensor, ...values } = named.values as Record<string, unknown> & { sensor?: Named };
  return t(named.words, sensor ? { sensor: t(sensor.words, sensor.values) } : values);
}
