// The words of an alert: one line for the list and the push notification, a subject and a body for e-mail.
// Values are shown in the unit the user typed the rule in; times in the station's time zone.
import { METRIC_BY_KEY } from '../../src/domain/catalogue';
import { findUnit, toDisplay } from '../../src/domain/units';

const LABELS: Record<string, string> = {
  lostData: 'Lost data upload',
  lostLink: 'Lost link',
  baroDrop: 'Barometric pressure drop',
  tempin: 'Indoor temperature',
  humin: 'Indoor humidity',
  absbaro: 'Absolute pressure',
  relbaro: 'Relative pressure',
  tempc0: 'Outdoor temperature',
  humc0: 'Outdoor humidity',
  dewpoint: 'Dew point',
  feelslike: 'Feels like',
  heatindex: 'Heat index',
  windchill: 'Wind chill',
  wbgt: 'Heat-stress index (WBGT)',
  windspd: 'Wind speed',
  windavg10m: 'Wind speed (10 min average)',
  gust: 'Wind gust',
  maxdailygust: 'Maximum daily gust',
  rainrate: 'Rain rate',
  eventrain: 'Event rain',
  hourlyrain: 'Hourly rain',
  dailyrain: 'Daily rain',
  weeklyrain: 'Weekly rain',
  monthlyrain: 'Monthly rain',
  yearlyrain: 'Yearly rain',
  uvi: 'UV index',
  solarrad: 'Light intensity',
  lightningdist: 'Lightning distance',
  lightning1h: 'Lightning strikes per hour',
  lightning5m: 'Lightning strikes (5 min)',
  lightning30m: 'Lightning strikes (30 min)',
  lightning1d: 'Lightning strikes today',
  hcho: 'Formaldehyde',
  co2: 'CO2',
  co: 'CO',
  voc: 'VOC level',
};

/** A readable name for an alert item or sensor key (tempc3 → Channel 3 temperature, cnc2 → Channel 2 sensor). */
export function itemLabel(item: string): string {
  if (LABELS[item]) return LABELS[item];
  let m = /^(temp|hum|dewpoint|heatindex)c(\d)$/.exec(item);
  if (m) {
    const what = { temp: 'temperature', hum: 'humidity', dewpoint: 'dew point', heatindex: 'heat index' }[
      m[1]
    ];
    return `Channel ${m[2]} ${what}`;
  }
  m = /^(pm25|pm10|pm25aqi|pm10aqi)c(\d)$/.exec(item);
  if (m) {
    const what = { pm25: 'PM2.5', pm10: 'PM10', pm25aqi: 'PM2.5 AQI', pm10aqi: 'PM10 AQI' }[m[1]];
    return `${what} (channel ${m[2]})`;
  }
  m = /^leakc(\d)$/.exec(item);
  if (m) return `Leak sensor ${m[1]}`;
  m = /^bat(.*)$/.exec(item);
  if (m) return `Battery of ${sensorLabel(`cn${m[1]}`)}`;
  if (item.startsWith('cn')) return sensorLabel(item);
  return item;
}

/** The sensor behind a link flag: cnc0 outdoor sensor, cnc3 channel 3, cnleakc2 leak sensor 2, … */
export function sensorLabel(linkKey: string): string {
  const k = linkKey.replace(/^cn/, '');
  if (k === 'c0') return 'outdoor sensor';
  let m = /^c(\d)$/.exec(k);
  if (m) return `channel ${m[1]} sensor`;
  m = /^leakc(\d)$/.exec(k);
  if (m) return `leak sensor ${m[1]}`;
  m = /^pmc(\d)$/.exec(k);
  if (m) return `PM sensor ${m[1]}`;
  if (k === 'in') return 'console';
  return `${k} sensor`;
}

/** A base value in the rule's unit, rounded to the unit's decimals, with its unit name. */
export function formatValue(metric: string, base: number, unit?: string): string {
  const def = METRIC_BY_KEY[metric];
  if (!def) return String(base);
  const u = findUnit(def, unit);
  const shown = toDisplay(metric, base, u) ?? base;
  const text = shown.toFixed(u.dp);
  const name = u.displayName || u.unit;
  return name ? `${text} ${name}` : text;
}

export function formatTime(unixSeconds: number, timeZone: string): string {
  const d = new Date(unixSeconds * 1000);
  try {
    return `${new Intl.DateTimeFormat('en-GB', {
      timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(d)} (${timeZone})`;
  } catch {
    return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  }
}

export const dashboardPath = (deviceId: string) => `/dashboard?device=${deviceId}`;

export interface AlertText {
  /** The in-app path that opens the alerting station (push: the service worker navigates there). */
  path: string;
  /** The same as an absolute URL (e-mail, and the push's `url`). */
  link: string;
  /** Short line stored with the alert (the alert list) and used as the push body. */
  message: string;
  subject: string;
  body: string;
  title: string;
}

export function alertText(input: {
  stationName: string;
  deviceId: string;
  timeZone: string;
  time: number;
  /** The condition in words, e.g. "Outdoor temperature above 30.0 °C: 31.2 °C". */
  what: string;
  /** Absolute origin of the links (server/notify/public-origin.ts). */
  origin: string;
}): AlertText {
  const path = dashboardPath(input.deviceId);
  const link = `${input.origin}${path}`;
  const when = formatTime(input.time, input.timeZone);
  return {
    path,
    link,
    message: input.what,
    title: `${input.stationName}: alert`,
    subject: `[${input.stationName}] ${input.what}`,
    body: [
      `Station: ${input.stationName}`,
      `Alert: ${input.what}`,
      `Time: ${when}`,
      '',
      `Open the dashboard: ${link}`,
      '',
      'You receive this because of the alert settings of this station. Change them on the dashboard.',
    ].join('\n'),
  };
}
