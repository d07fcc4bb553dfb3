// Words for metric keys, card titles and level ids: no raw keys on screen (docs/ui.md "Words").
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const METRIC: Record<string, MessageDescriptor> = {
  tempin: msg`Temperature`,
  humin: msg`Humidity`,
  absbaro: msg`Absolute`,
  relbaro: msg`Relative`,
  tempc0: msg`Temperature`,
  humc0: msg`Humidity`,
  dewpoint: msg`Dew point`,
  feelslike: msg`Feels like`,
  heatindex: msg`Heat index`,
  windchill: msg`Wind chill`,
  wbgt: msg`WBGT`,
  winddir: msg`Direction`,
  windspd: msg`Wind speed`,
  windavg10m: msg`10 min average`,
  gust: msg`Gust`,
  maxdailygust: msg`Max gust today`,
  rainrate: msg`Rain rate`,
  eventrain: msg`Event`,
  hourlyrain: msg`Past hour`,
  dailyrain: msg`Today`,
  weeklyrain: msg`This week`,
  monthlyrain: msg`This month`,
  yearlyrain: msg`This year`,
  uvi: msg`UV index`,
  solarrad: msg`Solar radiation`,
  lightningdist: msg`Distance`,
  lightningtime: msg`Last strike`,
  lightning5m: msg`Strikes, 5 min`,
  lightning30m: msg`Strikes, 30 min`,
  lightning1h: msg`Strikes, 1 hour`,
  lightning1d: msg`Strikes today`,
  hcho: msg`Formaldehyde`,
  voc: msg`VOC`,
  co2: msg`CO₂`,
  co: msg`CO`,
  bgt: msg`Black globe`,
  tempco2: msg`Temperature`,
  humco2: msg`Humidity`,
  co2avg24h: msg`24-hour average`,
  totalrain: msg`Total`,
  winddiravg10m: msg`10 min average direction`,
  ws90capvolt: msg`Capacitor voltage`,
  rainratepiezo: msg`Rain rate`,
  eventrainpiezo: msg`Event`,
  hourlyrainpiezo: msg`Past hour`,
  dailyrainpiezo: msg`Today`,
  weeklyrainpiezo: msg`This week`,
  monthlyrainpiezo: msg`This month`,
  yearlyrainpiezo: msg`This year`,
  rainingpiezo: msg`Raining`,
  wbgtestimated: msg`WBGT estimated`,
  et0day: msg`ET₀ today`,
  hddday: msg`Heating degree days`,
  cddday: msg`Cooling degree days`,
  gddday: msg`Growing degree days`,
};

const CHANNEL_METRIC: [RegExp, MessageDescriptor][] = [
  [/^tempc\d$/, msg`Temperature`],
  [/^humc\d$/, msg`Humidity`],
  [/^dewpointc\d$/, msg`Dew point`],
  [/^heatindexc\d$/, msg`Heat index`],
  [/^pm25c\d$/, msg`PM2.5`],
  [/^pm10c\d$/, msg`PM10`],
  [/^pm25aqic\d$/, msg`PM2.5 AQI (US EPA)`],
  [/^pm10aqic\d$/, msg`PM10 AQI (US EPA)`],
  [/^soilc\d$/, msg`Soil moisture`],
  [/^tfc\d$/, msg`Temperature`],
  [/^leafc\d$/, msg`Leaf wetness`],
  [/^pm25avg24hc\d$/, msg`PM2.5, 24-hour average`],
  [/^pm10avg24hc\d$/, msg`PM10, 24-hour average`],
];

export function metricLabel(key: string): string {
  const d = METRIC[key] ?? CHANNEL_METRIC.find(([re]) => re.test(key))?.[1];
  if (d) return i18n._(d);
  const leak = key.match(/^leakc(\d)$/);
  if (leak) return i18n._(msg`Sensor ${leak[1]}`);
  return key;
}

/** Battery and link keys name the sensor they belong to. */
export function sensorLabel(key: string): string {
  const k = key.replace(/^(bat|cn)/, '');
  if (k === 'in') return i18n._(msg`Console`);
  if (k === 'c0') return i18n._(msg`Outdoor sensor`);
  if (k === 'lightning') return i18n._(msg`Lightning sensor`);
  if (k === 'hcho') return i18n._(msg`HCHO/VOC sensor`);
  if (k === 'co2') return i18n._(msg`CO₂ sensor`);
  if (k === 'co') return i18n._(msg`CO sensor`);
  if (k === 'bgt') return i18n._(msg`Black globe sensor`);
  let m = k.match(/^c(\d)$/);
  if (m) return i18n._(msg`Channel ${m[1]}`);
  m = k.match(/^leakc(\d)$/);
  if (m) return i18n._(msg`Leak sensor ${m[1]}`);
  m = k.match(/^pmc(\d)$/);
  if (m) return i18n._(msg`PM sensor ${m[1]}`);
  m = k.match(/^soilc(\d)$/);
  if (m) return i18n._(msg`Soil sensor ${m[1]}`);
  m = k.match(/^tfc(\d)$/);
  if (m) return i18n._(msg`Temperature probe ${m[1]}`);
  m = k.match(/^leafc(\d)$/);
  if (m) return i18n._(msg`Leaf sensor ${m[1]}`);
  return key;
}

const CARD: Record<string, MessageDescriptor> = {
  wbgt: msg`Heat stress (WBGT)`,
  outdoor: msg`Outdoor`,
  wind: msg`Wind`,
  baro: msg`Barometer`,
  rain: msg`Rain`,
  indoor: msg`Indoor`,
  uv: msg`UV`,
  light: msg({ message: 'Light', context: 'card: light sensor' }),
  forecast: msg`Forecast`,
  sunMoon: msg`Sun & moon`,
  overview: msg`Overview`,
  sky: msg`Sky`,
  lightning: msg`Lightning`,
  leakage: msg`Leakage`,
  hcho: msg`Formaldehyde`,
  co2: msg`CO₂`,
  co: msg`CO`,
  voc: msg`VOC`,
  battery: msg`Battery`,
  piezoRain: msg`Rain (piezo)`,
  climate: msg`ET₀ & degree days`,
};

/** A card's title; channel cards use the user's channel name when there is one. */
export function cardTitle(key: string, channelName?: string): string {
  if (channelName) return channelName;
  const d = CARD[key];
  if (d) return i18n._(d);
  let m = key.match(/^channel(\d)$/);
  if (m) return i18n._(msg`Channel ${m[1]}`);
  m = key.match(/^pmChannel(\d)$/);
  if (m) return i18n._(msg`PM channel ${m[1]}`);
  m = key.match(/^soil(\d)$/);
  if (m) return i18n._(msg`Soil moisture ${m[1]}`);
  m = key.match(/^probe(\d)$/);
  if (m) return i18n._(msg`Temperature probe ${m[1]}`);
  m = key.match(/^leaf(\d)$/);
  if (m) return i18n._(msg`Leaf wetness ${m[1]}`);
  return key;
}

const LEVEL: Record<string, MessageDescriptor> = {
  safe: msg`Safe`,
  caution: msg`Caution`,
  extremeCaution: msg`Extreme caution`,
  danger: msg`Danger`,
  extremeDanger: msg`Extreme danger`,
  good: msg`Good`,
  moderate: msg`Moderate`,
  poor: msg`Poor`,
  unhealthy: msg`Unhealthy`,
  veryUnhealthy: msg`Very unhealthy`,
  hazardous: msg`Hazardous`,
  bad: msg`Bad`,
  veryGood: msg`Very good`,
  low: msg({ message: 'Low', context: 'level' }),
  high: msg({ message: 'High', context: 'level' }),
  veryHigh: msg`Very high`,
  extreme: msg`Extreme`,
  leak: msg`Leak`,
  noLeak: msg`No leak`,
  na: msg`Not available`,
  // EU CAQI and UK DAQI bands (src/domain/airIndex.ts), in each standard's own words.
  caqiVeryLow: msg`Very low`,
  caqiLow: msg({ message: 'Low', context: 'level' }),
  caqiMedium: msg`Medium`,
  caqiHigh: msg({ message: 'High', context: 'level' }),
  caqiVeryHigh: msg`Very high`,
  daqiLow: msg({ message: 'Low', context: 'level' }),
  daqiModerate: msg({ message: 'Moderate', context: 'level' }),
  daqiHigh: msg({ message: 'High', context: 'level' }),
  daqiVeryHigh: msg`Very high`,
  // Soil moisture and visibility (spec §4 level scales).
  veryDry: msg`Very dry`,
  dry: msg`Dry`,
  wet: msg`Wet`,
  veryWet: msg`Very wet`,
  fog: msg`Fog`,
  haze: msg`Haze`,
  clear: msg`Clear`,
};

export function levelLabel(level: string): string {
  const d = LEVEL[level];
  return d ? i18n._(d) : level;
}

/** Tone of a level id for the colour band (text always shown beside it). */
export function levelTone(level: string): string {
  switch (level) {
    case 'good':
    case 'veryGood':
    case 'safe':
    case 'low':
    case 'noLeak':
    case 'caqiVeryLow':
    case 'caqiLow':
    case 'daqiLow':
    case 'wet':
    case 'clear':
      return 'good';
    case 'moderate':
    case 'caution':
    case 'caqiMedium':
    case 'daqiModerate':
    case 'dry':
    case 'veryWet':
    case 'haze':
      return 'moderate';
    case 'poor':
    case 'extremeCaution':
    case 'high':
    case 'caqiHigh':
    case 'veryDry':
    case 'fog':
      return 'poor';
    case 'unhealthy':
    case 'danger':
    case 'bad':
    case 'leak':
    case 'daqiHigh':
      return 'unhealthy';
    case 'veryUnhealthy':
    case 'veryHigh':
    case 'caqiVeryHigh':
    case 'daqiVeryHigh':
      return 'veryunhealthy';
    case 'hazardous':
    case 'extremeDanger':
    case 'extreme':
      return 'hazardous';
    default:
      return 'na';
  }
}
