// What every reader of a history file yields: rows already in the catalogue's base units (°C, m/s, hPa, mm, W/m²),
// so the import (store.ts) treats every format alike. A reader converts once, from the units the file says (or the
// owner picked); cleaning out-of-range values and deriving what a file lacks happen in the import, as for uploads.
import type { Agg } from '../../src/domain/aggregate';

import type { BadLine, CsvMapping, ImportFormat } from '../../src/domain/imports';

export type { BadLine, CsvMapping, ImportFormat };

/** One reading: unix seconds and base-unit values by catalogue key. `line`: where it was in the file (1-based). */
export interface SampleRow {
  time: number;
  values: Record<string, number | null>;
  line: number;
}

/** One day's summary (Cumulus dayfile.txt): device-local day start and an aggregate per key, in base units. */
export interface DayRow {
  time: number;
  aggs: Record<string, Agg>;
  line: number;
}

export interface ImportReader {
  format: ImportFormat;
  /** `samples`: each row is a reading; `daily`: each row is a day's summary. */
  kind: 'samples' | 'daily';
  /** The unit each metric had in the file (as it names it: °F, mph, inHg…), for the dry-run report. */
  units: Record<string, string>;
  rows(): AsyncIterable<SampleRow | DayRow>;
  /** Lines skipped so far (filled while rows() runs). */
  bad: BadLine[];
}

/** The owner's choices where a file does not say: its time zone, its units (Cumulus logs), a CSV's mapping. */
export interface ReadOptions {
  /** IANA zone of wall-clock times in the file (the station's zone by default). */
  timeZone: string;
  /** Units of a Cumulus log (it does not name them): temp C|F, wind ms|kmh|mph|kn, pressure hPa|inHg|kPa|mmHg, rain mm|in. */
  units?: Partial<Record<'temp' | 'wind' | 'pressure' | 'rain', string>>;
  /** Generic CSV: the time column and, per column, the metric and unit it holds. */
  mapping?: CsvMapping;
}
