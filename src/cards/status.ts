// The card's status dot (UI.md): fresh, stale after 5 minutes without an update, lost when the sensor reports
// no link or nothing arrived for 30 minutes (the spec's lost-link alert time).
import type { Latest } from './types';

export type CardStatus = 'fresh' | 'stale' | 'lost' | 'none';
export const STALE_AFTER_S = 5 * 60;
export const LOST_AFTER_S = 30 * 60;

export function cardStatus(latest: Latest | undefined, nowMs: number, linkKey?: string): CardStatus {
  if (!latest?.time) return 'none';
  if (linkKey && latest.sample?.[linkKey] === 0) return 'lost';
  const age = nowMs / 1000 - latest.time;
  if (age > LOST_AFTER_S) return 'lost';
  if (age > STALE_AFTER_S) return 'stale';
  return 'fresh';
}

/** The link key of a card: cnc0 for outdoor, cnc{n} for channels, cnpmc{n} for PM, … */
export function linkKeyOf(metrics: string[]): string | undefined {
  return metrics.find((k) => k.startsWith('cn'));
}
