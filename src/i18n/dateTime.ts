// Dates and times in the user's own format (Unit & Display: DD/MM or MM/DD, 12 or 24 hours) wherever the
// portal shows one, in the station's time zone when given. Intl has no "day first" switch, so the numeric
// parts are read from Intl (digits, time zone) and put in the chosen order.
import type { UnitPrefs } from '../domain';

type Prefs = Pick<UnitPrefs, 'date' | 'time'>;

function parts(ms: number, locale: string, prefs: Prefs, timeZone?: string, seconds = false) {
  const fmt = new Intl.DateTimeFormat(locale, {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    hour12: prefs.time === 'ampm',
    numberingSystem: 'latn',
  });
  return Object.fromEntries(fmt.formatToParts(ms).map((p) => [p.type, p.value])) as Record<string, string>;
}

/** The date alone: 31/12/2025 or 12/31/2025. */
export function formatDate(ms: number, locale: string, prefs: Prefs, timeZone?: string): string {
  const p = parts(ms, locale, prefs, timeZone);
  return prefs.date === 'MM/DD' ? `${p.month}/${p.day}/${p.year}` : `${p.day}/${p.month}/${p.year}`;
}

/** A calendar day given as YYYY-MM-DD (date pickers), in the user's order. */
export function formatDay(day: string, locale: string, prefs: Prefs): string {
  return formatDate(Date.parse(`${day}T12:00:00Z`), locale, prefs, 'UTC');
}

/** Date and time: 31/12/2025 18:05 or 12/31/2025 6:05 PM. */
export function formatDateTime(
  ms: number,
  locale: string,
  prefs: Prefs,
  opts: { timeZone?: string; seconds?: boolean } = {},
): string {
  const p = parts(ms, locale, prefs, opts.timeZone, opts.seconds);
  const date = prefs.date === 'MM/DD' ? `${p.month}/${p.day}/${p.year}` : `${p.day}/${p.month}/${p.year}`;
  const time = `${p.hour}:${p.minute}${opts.seconds ? `:${p.second}` : ''}${p.dayPeriod ? ` ${p.dayPeriod}` : ''}`;
  return `${date} ${time}`;
}
