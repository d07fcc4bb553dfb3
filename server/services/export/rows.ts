// Export rows: one per stored 5-minute bucket, ascending, read one device-local day at a time so a year is
// never held in memory. Values in the user's units as display text; an empty cell when missing or out of range.
import { localDayEnd, localParts } from '../../../src/domain/timeZones';
import type { UnitPrefs } from '../../../src/domain/unitPrefs';
import { formatValue, NO_VALUE } from '../../../src/domain/units';
import { primaryRow, type SampleStore } from '../../storage/samples';
import type { ExportColumn } from './columns';

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

/**
 * The readings the station has a value for in [from, to): read from the hourly rollups (a year is 8,800 rows,
 * not the 105,000 of 5-minute buckets), so the columns are known before the first row streams out.
 */
export async function presentKeys(
  store: SampleStore,
  { device, from, to }: ExportRange,
): Promise<Set<string>> {
  const present = new Set<string>();
  const turn = slicer();
  // A month of hours per read, with turns of the event loop between slices (a year is 8,800 rows to decode).
  for (let t = from - (from % 3600); t < to; t += 31 * 86400) {
    for (const b of await store.buckets('buckets1h', device._id, t, Math.min(t + 31 * 86400, to))) {
      const pause = turn();
      if (pause) await pause;
      const row = primaryRow(b.time, b.aggs);
      for (const key in row) if (key !== 'time' && typeof row[key] === 'number') present.add(key);
    }
  }
  return present;
}

/** Work an export does between two turns of the event loop (ms). */
export const EXPORT_SLICE_MS = 8;

/**
 * Resolves at once while the current slice lasts, else after the event loop's next turn (setImmediate): other
 * requests are served between slices. Without it an export never left the loop: SQLite answers synchronously, so
 * reading, formatting and compressing a year went on in one chain of resolved promises (4 parallel 399-day XLSX
 * exports held every other request for seconds, issue #20).
 */
export function slicer(sliceMs = EXPORT_SLICE_MS): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}

export async function* exportRows(
  store: SampleStore,
  { device, from, to, prefs }: ExportRange,
  columns: ExportColumn[],
): AsyncGenerator<string[]> {
  const tz = device.timezone;
  const turn = slicer();
  for (let t = from; t < to; ) {
    const end = Math.min(localDayEnd(t, tz), to);
    const buckets = await store.buckets('buckets5m', device._id, t, end);
    for (const b of buckets) {
      const pause = turn();
      if (pause) await pause;
      const row = primaryRow(b.time, b.aggs);
      yield [
        localTime(b.time, tz),
        ...columns.map(({ key }) => {
          const v = row[key];
          if (key === 'lightningtime') return typeof v === 'number' && v > 0 ? localTime(v, tz) : '';
          const text = formatValue(key, v, prefs);
          return text === NO_VALUE ? '' : text;
        }),
      ];
    }
    t = end;
  }
}

export { csvField, csvLine } from '../../../src/domain/csv';
