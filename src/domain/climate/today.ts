// The station's climate of the day so far (issue 26): the catalogue's derived metrics `et0day` (mm), `hddday`,
// `cddday` and `gddday` (°C·day), from the day's buckets by the climate report's own functions. Degree days come
// from the day's mean, high and low so far (summary.ts summariseDay), so at the day's end they are the report's
// day. ET₀ so far is the sum of the day's hourly ET₀ (FAO-56 Eq. 53, hourly.ts), each hour counted for the part
// of it that has passed: a day is not over before its end, so the report's daily formula (Eq. 6, from the
// day's high and low) cannot be used for part of one, and at the day's end the two differ a little, as FAO-56's
// hourly and daily examples do.
import { type ClimateHour, climateHours } from './hourly';
import { type ClimateBucket, type ClimateSettings, localDays, summariseDay } from './summary';

export const CLIMATE_TODAY_KEYS = ['et0day', 'hddday', 'cddday', 'gddday'] as const;
export type ClimateToday = Record<(typeof CLIMATE_TODAY_KEYS)[number], number | null>;

const round2 = (v: number | null): number | null => (v === null ? null : Math.round(v * 100) / 100);

/** ET₀ of [start, now]: each hour's ET₀ times the share of the hour inside it; null with no hour computed. */
function et0Between(hours: ClimateHour[], start: number, now: number): number | null {
  let sum: number | null = null;
  for (const h of hours) {
    if (h.et0 === null) continue;
    const part = (Math.min(now, h.time + 3600) - Math.max(start, h.time)) / 3600;
    if (part <= 0) continue;
    sum = (sum ?? 0) + h.et0 * part;
  }
  return sum;
}

/** A local day of the station: its start, end and date (summary.ts localDays). */
export type LocalDay = { start: number; end: number; date: string };

/**
 * The day so far at `now` (unix s) from the buckets of the station's local day up to now (5-minute buckets, the
 * upload being stored as a bucket of its own). Values are rounded to 0.01. `day`: the local day of `now` when the
 * caller keeps it (ingest does: finding it costs more time-zone arithmetic than the rest).
 */
export function climateToday(
  buckets: ClimateBucket[],
  now: number,
  s: ClimateSettings & { longitude: number | null },
  day: LocalDay = localDays(now, now + 1, s.timeZone)[0],
): ClimateToday {
  const inDay = buckets.filter((b) => b.time >= day.start && b.time <= now).sort((a, b) => a.time - b.time);
  const summary = summariseDay({ ...day, buckets: inDay }, s);
  return {
    et0day: round2(et0Between(climateHours(inDay, s), day.start, now)),
    hddday: round2(summary.hdd),
    cddday: round2(summary.cdd),
    gddday: round2(summary.gdd),
  };
}
