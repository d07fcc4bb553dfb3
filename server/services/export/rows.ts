// Export rows: one per stored 5-minute bucket, ascending, read one device-local day at a time so a year is
// never held in memory. Values in the user's units as display text ('---' when missing or out of range).
import { localDayEnd, localParts } from '../../../src/domain/timeZones';
import type { UnitPrefs } from '../../../src/domain/unitPrefs';
import { formatValue, NO_VALUE } from '../../../src/domain/units';
import { primaryRow, type SampleStore } from '../../storage/samples';
import { EXPORT_COLUMNS } from './columns';

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:MM:SS` in the time zone. */
export function localTime(t: number, timeZone: string): string {
  const p = localParts(t, timeZone);
  return `${p.y}-${pad(p.m)}-${pad(p.d)} ${pad(p.h)}:${pad(p.mi)}:${pad(p.s)}`;
}

export interface ExportRange {
  device: { _id: string; timezone: string };
  from: number;
  to: number;
  prefs: Partial<UnitPrefs>;
}

export async function* exportRows(
  store: SampleStore,
  { device, from, to, prefs }: ExportRange,
): AsyncGenerator<string[]> {
  const tz = device.timezone;
  for (let t = from; t < to; ) {
    const end = Math.min(localDayEnd(t, tz), to);
    const buckets = await store.buckets('buckets5m', device._id, t, end);
    for (const b of buckets) {
      const row = primaryRow(b.time, b.aggs);
      yield [
        localTime(b.time, tz),
        ...EXPORT_COLUMNS.map(({ key }) => {
          const v = row[key];
          if (key === 'lightningtime') return typeof v === 'number' && v > 0 ? localTime(v, tz) : NO_VALUE;
          return formatValue(key, v, prefs);
        }),
      ];
    }
    t = end;
  }
}

/** One CSV field (RFC 4180 quoting when needed). */
export function csvField(v: string): string {
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export const csvLine = (fields: string[]) => `${fields.map(csvField).join(',')}\r\n`;
