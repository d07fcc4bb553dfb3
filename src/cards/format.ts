// A reading as on-screen text: the domain formats (units, decimals, '---'), Intl localises the digits.

import type { Change } from '../domain';
import { formatValue, METRIC_BY_KEY, NO_VALUE, type UnitPrefs, unitFor } from '../domain';
import { localizeNumber } from '../i18n/format';

export interface ReadingText {
  value: string;
  unit: string;
  missing: boolean;
}

export function readingText(
  key: string,
  value: number | null | undefined,
  prefs: UnitPrefs,
  locale: string,
): ReadingText {
  const def = METRIC_BY_KEY[key];
  const text = formatValue(key, value ?? null, prefs);
  const missing = text === NO_VALUE;
  return {
    value: missing ? NO_VALUE : localizeNumber(text, locale),
    unit: def && !missing ? unitFor(def, prefs).displayName : '',
    missing,
  };
}

/** Change indicators may come as words or as signed numbers. */
export function changeOf(raw: Change | number | undefined): Change {
  if (raw === 'up' || raw === 'down') return raw;
  if (typeof raw === 'number') return raw > 0 ? 'up' : raw < 0 ? 'down' : 'nochange';
  return 'nochange';
}

/** A time of day in the device's time zone, in the user's locale and 12/24 h preference. */
export function timeOfDay(unixS: number, timeZone: string, locale: string, prefs: UnitPrefs): string {
  return new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    hour12: prefs.time === 'ampm',
    timeZone,
  }).format(unixS * 1000);
}
