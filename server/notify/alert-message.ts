// The words of an alert in the recipient's language: one line for the list and the push notification, a subject
// and a body for e-mail. The words are src/domain/words (translated by the catalogs); values are shown in the unit
// the user typed the rule in, with the language's number format; times in the station's time zone.
import { METRIC_BY_KEY } from '../../src/domain/catalogue';
import { findUnit, toDisplay } from '../../src/domain/units';
import { ALERT_WORDS, metricText, sensorText, type Translate } from '../../src/domain/words';

/** The language a text is written in, with its translator. */
export type Speaker = Translate & { locale: string };

/** A readable name for an alert item or sensor key (tempc3 → Channel 3 temperature, cnc2 → Signal of …). */
export function itemLabel(item: string, t: Translate): string {
  return metricText(item, t);
}

/** The sensor behind a link flag: cnc0 outdoor sensor, cnc3 channel 3 sensor, cnleakc2 leak sensor 2, … */
export function sensorLabel(linkKey: string, t: Translate): string {
  return sensorText(linkKey, t);
}

/** A base value in the rule's unit, rounded to the unit's decimals, with its unit name. */
export function formatValue(metric: string, base: number, unit: string | undefined, locale = 'en'): string {
  const def = METRIC_BY_KEY[metric];
  if (!def) return String(base);
  const u = findUnit(def, unit);
  const shown = toDisplay(metric, base, u) ?? base;
  const text = new Intl.NumberFormat(locale, {
    minimumFractionDigits: u.dp,
    maximumFractionDigits: u.dp,
    useGrouping: false,
  }).format(shown);
  const name = u.displayName || u.unit;
  // A no-break space: a line never ends between a number and its unit ("30,0 / °C" in French, issue 33).
  return name ? `${text}\u00a0${name}` : text;
}

export function formatTime(unixSeconds: number, timeZone: string, locale = 'en-GB'): string {
  const d = new Date(unixSeconds * 1000);
  try {
    return `${new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, {
      timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(d)} (${timeZone})`;
  } catch {
    return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  }
}

export const dashboardPath = (deviceId: string) => `/dashboard?device=${deviceId}`;
/** The Alert Setting page (it shows the station the dashboard link selected). */
export const ALERT_SETTINGS_PATH = '/alert';

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
  /** The condition in words, e.g. "Outdoor temperature above 30.0 °C: 31.2 °C", in the recipient's language. */
  what: string;
  /** Absolute origin of the links (server/notify/public-origin.ts). */
  origin: string;
  /** The recipient's language. */
  t: Speaker;
}): AlertText {
  const { t } = input;
  const path = dashboardPath(input.deviceId);
  const link = `${input.origin}${path}`;
  const station = input.stationName;
  return {
    path,
    link,
    message: input.what,
    title: t(ALERT_WORDS.title, { station }),
    subject: t(ALERT_WORDS.subject, { station, what: input.what }),
    body: `${t(ALERT_WORDS.body, {
      station,
      what: input.what,
      time: formatTime(input.time, input.timeZone, t.locale),
      link,
      settings: `${input.origin}${ALERT_SETTINGS_PATH}`,
    })}\n`,
  };
}
