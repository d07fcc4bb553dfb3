// History imports (issue 25): the shapes the server answers and the browser shows. The reading and storing are
// in server/import/; the page in src/pages/import/.

import type { BackfillFormat } from './backfill';

/** A file's format, or a vendor cloud's a backfill read from (src/domain/backfill.ts). */
export type ImportFormat =
  | 'weewx'
  | 'cumulus-log'
  | 'cumulus-dayfile'
  | 'ecowitt'
  | 'wunderground'
  | 'csv'
  | BackfillFormat;
/** `fill`: a backfill's, only 5-minute buckets the station has none in (server/import/run.ts). */
export type ImportPolicy = 'keep' | 'replace' | 'fill';
export type ImportStatus = 'running' | 'cancelled' | 'failed' | 'done' | 'rolledBack';

/** A line that could not be read (the import skips it). */
export interface BadLine {
  line: number;
  reason: string;
}

/** The dry-run report (and the import's own tally). */
export interface ImportReport {
  format: ImportFormat;
  kind: 'samples' | 'daily';
  /** Rows read (resumed imports: rows read after the resume point). */
  rows: number;
  badLines: number;
  firstBad: BadLine[];
  from: number | null;
  to: number | null;
  /** Metrics the file holds values of, with the unit the file had them in. */
  metrics: { key: string; unit: string; values: number }[];
  /** Rows (and hours, or days for a dayfile) where the station already has data. */
  overlaps: { rows: number; periods: number };
  outOfRange: { key: string; count: number; example: number }[];
  /** Rows of an hour the import had written already (a repeated or out-of-order time). */
  duplicates: number;
  /** Rows too recent to import (the current hour, or the future). */
  tooRecent: number;
  imported: number;
  skipped: number;
  job: string | null;
  status: 'dryRun' | 'done' | 'cancelled';
}

/** A CSV no format claims: its columns, for the owner to map. */
export interface ImportColumns {
  header: string[];
  delimiter: string;
  sample: string[][];
}

export interface CsvMapping {
  time: string;
  /** `unix` (seconds), `iso` (with or without zone), or `local` (wall time in the station's zone). */
  timeFormat: 'unix' | 'iso' | 'local';
  columns: Record<string, { key: string; unit: string }>;
}

export type CumulusUnits = Partial<Record<'temp' | 'wind' | 'pressure' | 'rain', string>>;

export interface ImportRequest {
  upload: string;
  device: string;
  dryRun: boolean;
  policy?: ImportPolicy;
  timeZone?: string;
  units?: CumulusUnits;
  mapping?: CsvMapping;
}

export interface ImportJob {
  _id: string;
  device: string;
  format: ImportFormat;
  /** Where the rows came from: an imported file, or a vendor's cloud (a backfill). */
  source: 'file' | 'backfill';
  fileName: string;
  policy: ImportPolicy;
  status: ImportStatus;
  /** Rows of the file read and committed. */
  position: number;
  imported: number;
  skipped: number;
  error: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface ImportAnswer {
  report?: ImportReport;
  columns?: ImportColumns;
  job?: ImportJob;
}

/** Units a mapped CSV column may be in (server/import/units.ts converts each to the catalogue's base unit). */
export const IMPORT_UNITS = [
  'C',
  'F',
  'm/s',
  'km/h',
  'mph',
  'kn',
  'hPa',
  'inHg',
  'kPa',
  'mmHg',
  'mm',
  'in',
  'cm',
  'mm/h',
  'in/h',
  '%',
  'deg',
  'W/m²',
  'lux',
  'UVI',
  'µg/m³',
  'ppm',
  'km',
  'mi',
] as const;
