// What each vendor module answers: the requests it plans and the pages of readings they bring, oldest first
// within a page (the reader sorts the whole range before the import reads it).
import type { SampleRow } from '../../import/types';
import type { VendorClient } from '../http';

export interface VendorRange {
  /** Unix s, [from, to). */
  from: number;
  to: number;
  /** The station's zone (day-based APIs ask for local days). */
  timeZone: string;
  /** Unix s (tests). */
  now: number;
}

export interface VendorFetch {
  /** Requests planned, or null where the answers decide (paging). */
  planned: number | null;
  pages(): AsyncIterable<SampleRow[]>;
}

export type VendorModule = (
  client: VendorClient,
  endpoint: string,
  keys: Record<string, string>,
  range: VendorRange,
) => VendorFetch;

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A number from a JSON value (numbers, numeric strings); null for anything else. */
export function numberOf(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}
