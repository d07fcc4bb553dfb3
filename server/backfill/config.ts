// Where the vendors' history APIs are and how fast they may be asked (issue 27, backfill). The endpoints are the
// operator's (BACKFILL_URL_<VENDOR>, tests point them at a local fake), so like the weather networks' endpoints
// they may be on a private network; the keys are the station owner's (server/services/backfill/).
import type { BackfillVendor } from '../../src/domain/backfill';

export interface BackfillConfig {
  /** Base URL per vendor (no trailing slash). */
  endpoints: Record<BackfillVendor, string>;
  /** Least milliseconds between two requests with the same key (the vendors' published limits). */
  intervals: Record<BackfillVendor, number>;
  /** Longest Retry-After (s) waited for; a longer one ends the backfill with the time to try again. */
  maxRetryAfter: number;
  /** First wait (ms) before asking again after a 5xx or a dropped connection; doubled per attempt. */
  retryMs: number;
}

export const DEFAULT_ENDPOINTS: Record<BackfillVendor, string> = {
  ecowitt: 'https://api.ecowitt.net',
  wunderground: 'https://api.weather.com',
  ambient: 'https://rt.ambientweather.net',
  weatherlink: 'https://api.weatherlink.com',
};

/**
 * Ambient: 1 request per second per API key (its docs, "Rate Limiting"). Weather Underground: 30 calls a minute
 * (and 1,500 a day) for a PWS owner's key. WeatherLink v2: 10 a second. Ecowitt publishes no figure for v3
 * history: one a second keeps well under what its forum reports being throttled at.
 */
export const DEFAULT_INTERVALS: Record<BackfillVendor, number> = {
  ecowitt: 1000,
  wunderground: 2000,
  ambient: 1000,
  weatherlink: 100,
};

export function backfillConfig(env: Record<string, string | undefined>): BackfillConfig {
  const endpoints = { ...DEFAULT_ENDPOINTS };
  for (const vendor of Object.keys(endpoints) as BackfillVendor[]) {
    const v = env[`BACKFILL_URL_${vendor.toUpperCase()}`]?.trim();
    if (v) endpoints[vendor] = v.replace(/\/+$/, '');
  }
  return { endpoints, intervals: { ...DEFAULT_INTERVALS }, maxRetryAfter: 300, retryMs: 1000 };
}
