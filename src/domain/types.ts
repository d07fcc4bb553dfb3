// Shared shapes of the catalogue and the wire. Pure types: imported by server, workers, sw, mocks and UI.

/** Aggregates a metric supports in 5-minute/daily buckets and in queryGroup (prefix + key). */
export type Aggregate = 'mean' | 'min' | 'max' | 'sum' | 'count' | 'last';

/** A display unit of a metric: display = base * ratio + offset, rounded to dp. */
export interface UnitDef {
  unit: string;
  ratio: number;
  offset: number;
  dp: number;
  displayName: string;
}

/** One metric of the catalogue (spec §3 "Metric definition"). Values are stored in the base `unit`. */
export interface MetricDef {
  key: string;
  /** Base (SI) unit, e.g. 'C', '%', 'hPa', 'm/s', 'mm', 'W/m2'. */
  unit: string;
  /** Which user preference picks the display unit: 'temperature' | 'pressure' | 'windSpeed' | 'rain' | ... | 'none'. */
  unitType: UnitType;
  min: number;
  max: number;
  dp: number;
  units: UnitDef[];
  /** Card / group the metric belongs to (console, outdoor, wind, rain, sun, channel, lightning, leak, pm, air). */
  group: MetricGroup;
  /** Channel number for channel/leak/PM metrics, else 0. */
  channel: number;
  aggregates: Aggregate[];
  /** The aggregate a 5-minute point and a plain graph show ('mean' for readings, 'max' for rain totals, ...). */
  primary: Aggregate;
  /** Readings that rest for days and jump (soil moisture, leaf wetness): no rate or stuck rule (qc.ts). */
  steady?: true;
}

/** The kinds of quantity (src/domain/unitTypes.ts declares each one). */
import type { UnitType } from './unitTypes';

export type { UnitType };

export type MetricGroup =
  | 'console'
  | 'outdoor'
  | 'wind'
  | 'rain'
  | 'sun'
  | 'channel'
  | 'lightning'
  | 'leak'
  | 'pm'
  | 'air';

/** A sample as stored and sent live: unix seconds + base-unit numbers (null = no value). */
export interface Sample {
  time: number;
  [key: string]: number | null;
}

/** The coded answer of series calls: column names and rows (spec §7, docs/upload-protocols.md §4). */
export type Coded = [columns: string[], rows: (number | string | null)[][]];

export type GraphRange = 'day' | 'last24H' | 'week' | 'month' | 'year' | 'custom';
export type BucketRange = '5m' | '30m' | '1h' | '1d';
