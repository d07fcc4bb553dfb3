// The coded series format (spec §7, docs/upload-protocols.md §4): [columns, rows], 'time' first, catalogue order.
import { isMetricKey, metricIndex } from './catalogue';
import type { Coded } from './types';

type Cell = number | string | null;
export type CodedRecord = Record<string, Cell>;

const cell = (v: unknown): Cell => (typeof v === 'number' || typeof v === 'string' ? v : null);

/** Columns of rows: 'time', then catalogue keys present in any row, then other keys in first-seen order. */
export function columnsOf(rows: Iterable<Record<string, unknown>>): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const k of Object.keys(row)) if (row[k] !== undefined) seen.add(k);
  seen.delete('time');
  const known = [...seen].filter(isMetricKey).sort((a, b) => metricIndex(a) - metricIndex(b));
  const other = [...seen].filter((k) => !isMetricKey(k));
  return ['time', ...known, ...other];
}

/** Rows as [columns, rows]; a missing value is null. */
export function toCoded(rows: Record<string, unknown>[], columns: string[] = columnsOf(rows)): Coded {
  return [columns, rows.map((r) => columns.map((c) => cell(r[c])))];
}

/** Back to objects keyed by column name (nulls kept). */
export function fromCoded<T = CodedRecord>(coded: Coded): T[] {
  const [columns, rows] = coded;
  return rows.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i] ?? null])) as T);
}

/** Row `i` as an object (negative i counts from the end: -1 is the last row); undefined when out of range. */
export function rowOf<T = CodedRecord>(coded: Coded, i: number): T | undefined {
  const [columns, rows] = coded;
  const r = rows[i < 0 ? rows.length + i : i];
  return r ? (Object.fromEntries(columns.map((c, j) => [c, r[j] ?? null])) as T) : undefined;
}
