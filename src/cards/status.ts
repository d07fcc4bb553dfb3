// The card's status dot (docs/ui.md): fresh, stale after 5 minutes without an update, lost when the sensor reports
// no link or nothing arrived for 30 minutes (the spec's lost-link alert time).
import type { Latest } from './types';

/** nodata: the station uploads, but never a reading of this card's sensor (not "Up to date"). */
export type CardStatus = 'fresh' | 'stale' | 'lost' | 'nodata' | 'none';
export const STALE_AFTER_S = 5 * 60;
export const LOST_AFTER_S = 30 * 60;

export function cardStatus(
  latest: Latest | undefined,
  nowMs: number,
  linkKey?: string,
  /** The card's readings: when none has a value, the dot says "No data". */
  readings?: readonly string[],
): CardStatus {
  if (!latest?.time) return 'none';
  if (linkKey && latest.sample?.[linkKey] === 0) return 'lost';
  if (readings?.length && !readings.some((k) => typeof latest.sample?.[k] === 'number')) return 'nodata';
  const age = nowMs / 1000 - latest.time;
  if (age > LOST_AFTER_S) return 'lost';
  if (age > STALE_AFTER_S) return 'stale';
  return 'fresh';
}

/** The link key of a card: cnc0 for outdoor, cnc{n} for channels, cnpmc{n} for PM, … */
export function linkKeyOf(metrics: string[]): string | undefined {
  return metrics.find((k) => k.startsWith('cn'));
}

/** The keys of a card that are readings (not its sensor link flag or battery). */
export function readingKeysOf(metrics: readonly string[]): string[] {
  return metrics.filter((k) => !k.startsWith('cn') && !k.startsWith('bat'));
}
