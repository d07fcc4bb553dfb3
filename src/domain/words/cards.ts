// The words of the cards, declared once: card titles and the readings' in-card names ("Outdoor" · "Temperature"),
// read by the dashboard (src/cards/labels.ts) and by the export's headers (server/services/export/columns.ts),
// translated with the same catalogs. Where a reading stands alone (an alert mail, MQTT) it has its own longer name
// (metrics.ts). `/*i18n*/` marks each for `lingui extract`; the ids are stable.
import type { Words } from './types';

/** Card titles of the cards that are not numbered channels. */
export const CARD_WORDS: Record<string, Words> = {
  wbgt: /*i18n*/ { id: 'card.wbgt', message: 'Heat stress (WBGT)' },
  outdoor: /*i18n*/ { id: 'card.outdoor', message: 'Outdoor' },
  wind: /*i18n*/ { id: 'card.wind', message: 'Wind' },
  baro: /*i18n*/ { id: 'card.baro', message: 'Barometer' },
  rain: /*i18n*/ { id: 'card.rain', message: 'Rain' },
  indoor: /*i18n*/ { id: 'card.indoor', message: 'Indoor' },
  uv: /*i18n*/ { id: 'card.uv', message: 'UV' },
  light: /*i18n*/ { id: 'card.light', message: 'Light' },
  forecast: /*i18n*/ { id: 'card.forecast', message: 'Forecast' },
  sunMoon: /*i18n*/ { id: 'card.sunMoon', message: 'Sun & moon' },
  overview: /*i18n*/ { id: 'card.overview', message: 'Overview' },
  sky: /*i18n*/ { id: 'card.sky', message: 'Sky' },
  lightning: /*i18n*/ { id: 'card.lightning', message: 'Lightning' },
  leakage: /*i18n*/ { id: 'card.leakage', message: 'Leakage' },
  hcho: /*i18n*/ { id: 'card.hcho', message: 'Formaldehyde' },
  co2: /*i18n*/ { id: 'card.co2', message: 'CO₂' },
  co: /*i18n*/ { id: 'card.co', message: 'CO' },
  voc: /*i18n*/ { id: 'card.voc', message: 'VOC' },
  battery: /*i18n*/ { id: 'card.battery', message: 'Battery' },
  piezoRain: /*i18n*/ { id: 'card.piezoRain', message: 'Rain (piezo)' },
  climate: /*i18n*/ { id: 'card.climate', message: 'ET₀ & degree days' },
  camera: /*i18n*/ { id: 'card.camera', message: 'Camera' },
};

/** Titles of numbered cards (`{n}`: the channel or sensor number); a thermo-hygro channel may have the user's name. */
export const NUMBERED_CARD_WORDS = {
  channel: /*i18n*/ { id: 'card.channelN', message: 'Channel {n}' },
  pmChannel: /*i18n*/ { id: 'card.pmChannelN', message: 'PM channel {n}' },
  soil: /*i18n*/ { id: 'card.soilN', message: 'Soil moisture {n}' },
  probe: /*i18n*/ { id: 'card.probeN', message: 'Temperature probe {n}' },
  leaf: /*i18n*/ { id: 'card.leafN', message: 'Leaf wetness {n}' },
  leak: /*i18n*/ { id: 'card.leakN', message: 'Leak sensor {n}' },
} satisfies Record<string, Words>;

/** In-card names of the readings without a channel number. */
export const READING_WORDS: Record<string, Words> = {
  tempin: /*i18n*/ { id: 'reading.tempin', message: 'Temperature' },
  humin: /*i18n*/ { id: 'reading.humin', message: 'Humidity' },
  absbaro: /*i18n*/ { id: 'reading.absbaro', message: 'Absolute' },
  relbaro: /*i18n*/ { id: 'reading.relbaro', message: 'Relative' },
  tempc0: /*i18n*/ { id: 'reading.tempc0', message: 'Temperature' },
  humc0: /*i18n*/ { id: 'reading.humc0', message: 'Humidity' },
  dewpoint: /*i18n*/ { id: 'reading.dewpoint', message: 'Dew point' },
  feelslike: /*i18n*/ { id: 'reading.feelslike', message: 'Feels like' },
  heatindex: /*i18n*/ { id: 'reading.heatindex', message: 'Heat index' },
  windchill: /*i18n*/ { id: 'reading.windchill', message: 'Wind chill' },
  wbgt: /*i18n*/ { id: 'reading.wbgt', message: 'WBGT' },
  winddir: /*i18n*/ { id: 'reading.winddir', message: 'Direction' },
  windspd: /*i18n*/ { id: 'reading.windspd', message: 'Wind speed' },
  windavg10m: /*i18n*/ { id: 'reading.windavg10m', message: '10 min average' },
  gust: /*i18n*/ { id: 'reading.gust', message: 'Gust' },
  maxdailygust: /*i18n*/ { id: 'reading.maxdailygust', message: 'Max gust today' },
  rainrate: /*i18n*/ { id: 'reading.rainrate', message: 'Rain rate' },
  eventrain: /*i18n*/ { id: 'reading.eventrain', message: 'Event' },
  hourlyrain: /*i18n*/ { id: 'reading.hourlyrain', message: 'Past hour' },
  dailyrain: /*i18n*/ { id: 'reading.dailyrain', message: 'Today' },
  weeklyrain: /*i18n*/ { id: 'reading.weeklyrain', message: 'This week' },
  monthlyrain: /*i18n*/ { id: 'reading.monthlyrain', message: 'This month' },
  yearlyrain: /*i18n*/ { id: 'reading.yearlyrain', message: 'This year' },
  uvi: /*i18n*/ { id: 'reading.uvi', message: 'UV index' },
  solarrad: /*i18n*/ { id: 'reading.solarrad', message: 'Solar radiation' },
  lightningdist: /*i18n*/ { id: 'reading.lightningdist', message: 'Distance' },
  lightningtime: /*i18n*/ { id: 'reading.lightningtime', message: 'Last strike' },
  lightning5m: /*i18n*/ { id: 'reading.lightning5m', message: 'Strikes, 5 min' },
  lightning30m: /*i18n*/ { id: 'reading.lightning30m', message: 'Strikes, 30 min' },
  lightning1h: /*i18n*/ { id: 'reading.lightning1h', message: 'Strikes, 1 hour' },
  lightning1d: /*i18n*/ { id: 'reading.lightning1d', message: 'Strikes today' },
  hcho: /*i18n*/ { id: 'reading.hcho', message: 'Formaldehyde' },
  voc: /*i18n*/ { id: 'reading.voc', message: 'VOC' },
  co2: /*i18n*/ { id: 'reading.co2', message: 'CO₂' },
  co: /*i18n*/ { id: 'reading.co', message: 'CO' },
  bgt: /*i18n*/ { id: 'reading.bgt', message: 'Black globe' },
  tempco2: /*i18n*/ { id: 'reading.tempco2', message: 'Temperature' },
  humco2: /*i18n*/ { id: 'reading.humco2', message: 'Humidity' },
  co2avg24h: /*i18n*/ { id: 'reading.co2avg24h', message: '24-hour average' },
  totalrain: /*i18n*/ { id: 'reading.totalrain', message: 'Total' },
  winddiravg10m: /*i18n*/ { id: 'reading.winddiravg10m', message: '10 min average direction' },
  ws90capvolt: /*i18n*/ { id: 'reading.ws90capvolt', message: 'Capacitor voltage' },
  rainratepiezo: /*i18n*/ { id: 'reading.rainratepiezo', message: 'Rain rate' },
  eventrainpiezo: /*i18n*/ { id: 'reading.eventrainpiezo', message: 'Event' },
  hourlyrainpiezo: /*i18n*/ { id: 'reading.hourlyrainpiezo', message: 'Past hour' },
  dailyrainpiezo: /*i18n*/ { id: 'reading.dailyrainpiezo', message: 'Today' },
  weeklyrainpiezo: /*i18n*/ { id: 'reading.weeklyrainpiezo', message: 'This week' },
  monthlyrainpiezo: /*i18n*/ { id: 'reading.monthlyrainpiezo', message: 'This month' },
  yearlyrainpiezo: /*i18n*/ { id: 'reading.yearlyrainpiezo', message: 'This year' },
  rainingpiezo: /*i18n*/ { id: 'reading.rainingpiezo', message: 'Raining' },
  wbgtestimated: /*i18n*/ { id: 'reading.wbgtestimated', message: 'WBGT estimated' },
  et0day: /*i18n*/ { id: 'reading.et0day', message: 'ET₀ today' },
  hddday: /*i18n*/ { id: 'reading.hddday', message: 'Heating degree days' },
  cddday: /*i18n*/ { id: 'reading.cddday', message: 'Cooling degree days' },
  gddday: /*i18n*/ { id: 'reading.gddday', message: 'Growing degree days' },
};

/** In-card names of the readings of numbered channels and sensors. */
export const CHANNEL_READING_WORDS: [RegExp, Words][] = [
  [/^tempc\d$/, /*i18n*/ { id: 'reading.channel.temp', message: 'Temperature' }],
  [/^humc\d$/, /*i18n*/ { id: 'reading.channel.hum', message: 'Humidity' }],
  [/^dewpointc\d$/, /*i18n*/ { id: 'reading.channel.dewpoint', message: 'Dew point' }],
  [/^heatindexc\d$/, /*i18n*/ { id: 'reading.channel.heatindex', message: 'Heat index' }],
  [/^pm25c\d$/, /*i18n*/ { id: 'reading.channel.pm25', message: 'PM2.5' }],
  [/^pm10c\d$/, /*i18n*/ { id: 'reading.channel.pm10', message: 'PM10' }],
  [/^pm25aqic\d$/, /*i18n*/ { id: 'reading.channel.pm25aqi', message: 'PM2.5 AQI (US EPA)' }],
  [/^pm10aqic\d$/, /*i18n*/ { id: 'reading.channel.pm10aqi', message: 'PM10 AQI (US EPA)' }],
  [/^pm25avg24hc\d$/, /*i18n*/ { id: 'reading.channel.pm25avg24h', message: 'PM2.5, 24-hour average' }],
  [/^pm10avg24hc\d$/, /*i18n*/ { id: 'reading.channel.pm10avg24h', message: 'PM10, 24-hour average' }],
  [/^soilc\d$/, /*i18n*/ { id: 'reading.channel.soil', message: 'Soil moisture' }],
  [/^tfc\d$/, /*i18n*/ { id: 'reading.channel.tf', message: 'Temperature' }],
  [/^leafc\d$/, /*i18n*/ { id: 'reading.channel.leaf', message: 'Leaf wetness' }],
  [/^leakc\d$/, /*i18n*/ { id: 'reading.channel.leak', message: 'Leak' }],
];

/** The in-card name of a reading key, or undefined when it has none. */
export function readingWords(key: string): Words | undefined {
  return (
    (Object.hasOwn(READING_WORDS, key) ? READING_WORDS[key] : undefined) ??
    CHANNEL_READING_WORDS.find(([re]) => re.test(key))?.[1]
  );
}
