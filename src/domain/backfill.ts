// Backfill from the vendors' clouds (issue 27): the vendors, the keys each needs, how far back each keeps data and
// the shapes the server answers. The fetching is in server/backfill/, the service in server/services/backfill/,
// the screen in src/pages/import/Backfill*.tsx.

import type { Gap } from './gaps';
import type { ImportJob } from './imports';
import { localParts, zonedMidnight } from './timeZones';

export const BACKFILL_VENDORS = ['ecowitt', 'wunderground', 'ambient', 'weatherlink'] as const;
export type BackfillVendor = (typeof BACKFILL_VENDORS)[number];

export const isBackfillVendor = (v: unknown): v is BackfillVendor =>
  typeof v === 'string' && (BACKFILL_VENDORS as readonly string[]).includes(v);

/** A key field: its name in the request body and whether it is a secret (masked when answered). */
export interface KeyField {
  name: string;
  secret: boolean;
}

/** The owner's keys each vendor's history API needs. */
export const VENDOR_KEYS: Record<BackfillVendor, readonly KeyField[]> = {
  ecowitt: [
    { name: 'applicationKey', secret: true },
    { name: 'apiKey', secret: true },
    { name: 'mac', secret: false },
  ],
  wunderground: [
    { name: 'stationId', secret: false },
    { name: 'apiKey', secret: true },
  ],
  ambient: [
    { name: 'applicationKey', secret: true },
    { name: 'apiKey', secret: true },
    { name: 'mac', secret: false },
  ],
  weatherlink: [
    { name: 'stationId', secret: false },
    { name: 'apiKey', secret: true },
    { name: 'apiSecret', secret: true },
  ],
};

/** The format an import job of each vendor's backfill carries (importJobs.format; its source is 'backfill'). */
export const BACKFILL_FORMAT = {
  ecowitt: 'ecowitt-cloud',
  wunderground: 'wunderground-cloud',
  ambient: 'ambient-cloud',
  weatherlink: 'weatherlink-cloud',
} as const satisfies Record<BackfillVendor, string>;
export type BackfillFormat = (typeof BACKFILL_FORMAT)[BackfillVendor];

/**
 * Days back each vendor serves readings finer than an hour: Ecowitt keeps 5-minute data 90 days and 30-minute
 * data a year (its v3 docs, cycle_type); Weather Underground's history/all answers any day of the station's
 * history, Ambient pages back through what its account kept, WeatherLink as far as the owner's plan allows (the
 * API says no with a 403 past it). The range a backfill asks for is at most MAX_BACKFILL_DAYS.
 */
export const RETENTION_DAYS: Record<BackfillVendor, number | null> = {
  ecowitt: 365,
  wunderground: null,
  ambient: null,
  weatherlink: null,
};
export const ECOWITT_FIVE_MINUTE_DAYS = 90;
export const MAX_BACKFILL_DAYS = 366;

/** Why a backfill stopped, for the screen to say in words (the job's error is `<code>: <details>`). */
export type BackfillErrorCode = 'auth' | 'plan' | 'rateLimit' | 'server' | 'malformed' | 'network' | 'vendor';

export function errorCodeOf(error: string | null): BackfillErrorCode | null {
  const code = error?.split(':')[0];
  return (
    (['auth', 'plan', 'rateLimit', 'server', 'malformed', 'network', 'vendor'] as const).find(
      (c) => c === code,
    ) ?? null
  );
}

/** The stored keys as answered to the owner: secrets masked. */
export interface BackfillSource {
  vendor: BackfillVendor;
  keys: Record<string, string>;
  updatedAt: number;
}

/** A backfill job: the import job, plus its range and how far the fetching got. */
export interface BackfillJob extends ImportJob {
  vendor: BackfillVendor;
  from: number;
  to: number;
  /** Requests (pages, days) done and planned; `planned` is null where paging decides (Ambient). */
  requests: { done: number; planned: number | null };
  /** Unix ms until which the vendor asked us to wait (429 Retry-After), or null. */
  waitingUntil: number | null;
  /** Device-local days that got readings. */
  days: number;
}

export interface BackfillState {
  source: BackfillSource | null;
  jobs: BackfillJob[];
}

export interface BackfillRequest {
  device: string;
  vendor: BackfillVendor;
  /** Keys to store first (omitted: the stored ones). */
  keys?: Record<string, string>;
  /** Unix s, [from, to). */
  from: number;
  to: number;
}

/**
 * The range a gap list suggests: from the oldest gap's start to the newest gap's end (null without gaps). Gaps
 * are newest first (stationGaps); an ongoing gap ends now, which the server clips to the last whole hour.
 */
export function rangeOfGaps(gaps: readonly Gap[]): { from: number; to: number } | null {
  if (gaps.length === 0) return null;
  return {
    from: Math.min(...gaps.map((g) => g.from)),
    to: Math.max(...gaps.map((g) => g.to)),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date input's value (YYYY-MM-DD) for the device-local day of `t`. */
export function dayInput(t: number, timeZone: string): string {
  const p = localParts(t, timeZone);
  return `${p.y}-${pad(p.m)}-${pad(p.d)}`;
}

/** The device-local midnight a date input names (null for an empty or bad value). */
export function dayStartOf(value: string, timeZone: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? zonedMidnight(Number(m[1]), Number(m[2]), Number(m[3]), timeZone) : null;
}

/** The days a backfill is offered for: the days of the station's gaps, else the last `days` days. */
export function defaultDays(
  gaps: readonly Gap[],
  now: number,
  timeZone: string,
  days = 7,
): { from: string; to: string } {
  const range = rangeOfGaps(gaps);
  const from = range?.from ?? now - days * 86400;
  const to = Math.min(range?.to ?? now, now);
  return { from: dayInput(from, timeZone), to: dayInput(to, timeZone) };
}
