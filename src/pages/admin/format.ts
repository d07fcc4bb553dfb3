import type { UnitPrefs } from '../../domain';
import type { IngestHealthView } from '../../domain/contract';
import { formatDateTime } from '../../i18n/dateTime';

// Admin cells: dates and times in the admin's language and in their DD/MM and 12/24-hour setting (issue 22: US
// dates whatever the setting); the list answers ISO text, Unix ms or Unix seconds.
export function dateTime(value: unknown, locale: string, prefs: Pick<UnitPrefs, 'date' | 'time'>): string {
  if (value === null || value === undefined || value === '') return '';
  const ms = typeof value === 'number' ? (value < 1e11 ? value * 1000 : value) : Date.parse(String(value));
  if (!Number.isFinite(ms)) return '';
  return formatDateTime(ms, locale, prefs);
}

/** A price in cents as money. */
export function money(cents: unknown, currency: unknown, locale: string): string {
  const n = Number(cents);
  if (!Number.isFinite(n)) return '';
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: String(currency || 'USD') }).format(
      n / 100,
    );
  } catch {
    return `${(n / 100).toFixed(2)} ${String(currency ?? '')}`;
  }
}

/** An upload protocol as consoles' manuals name it: the label the server's descriptor gives (else its name). */
export const protocolName = (view: Pick<IngestHealthView, 'labels'> | null | undefined, p: string) =>
  view?.labels?.[p] ?? p;
