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

/** A moment the day so far is wanted at (import.ts): its time, the reading at it, and its slot's readings before. */
export interface TodayProbe {
  time: number;
  /** The reading at `time`, as a bucket of its own (span 0), as ingest adds the upload it derives for. */
  own: ClimateBucket;
  /** The readings of the probe's 5-minute slot before it, as the stored open bucket ingest overlays; or null. */
  before: ClimateBucket | null;
}

/** One bucket of several consecutive ones: their aggregates merged in time order (sums added in that order). */
function mergedBucket(into: ClimateBucket | null, b: ClimateBucket): ClimateBucket {
  if (!into) {
    const aggs: ClimateBucket['aggs'] = {};
    for (const k in b.aggs) {
      const a = b.aggs[k];
      if (a) aggs[k] = [...a];
    }
    return { time: b.time, span: b.span, aggs };
  }
  for (const k in b.aggs) {
    const a = b.aggs[k];
    if (!a || a[0] === 0) continue;
    const c = into.aggs[k];
    into.aggs[k] =
      c && c[0] > 0 ? [c[0] + a[0], c[1] + a[1], Math.min(c[2], a[2]), Math.max(c[3], a[3]), a[4]] : [...a];
  }
  into.span += b.span;
  return into;
}

/**
 * The day so far at each probe of one local day, each as climateToday gives it from the day's buckets before the
 * probe's slot, the slot's earlier readings and the probe's reading (what ingest computes, one upload at a time).
 * `buckets`: the day's 5-minute buckets (span 300); probes in time order. For a whole day at once (an import),
 * the buckets of each hour already passed are handed to climateToday merged into one: the hour's sums come out
 * the same, added in the same order, so a day of 288 probes costs its hours at each, not its buckets.
 */
export function climateTodayAt(
  buckets: ClimateBucket[],
  probes: TodayProbe[],
  s: ClimateSettings & { longitude: number | null },
  day: LocalDay,
): ClimateToday[] {
  const sorted = buckets
    .filter((b) => b.time >= day.start && b.time < day.end)
    .sort((a, b) => a.time - b.time);
  const hoursDone: ClimateBucket[] = [];
  let hour: ClimateBucket | null = null;
  let i = 0;
  const out: ClimateToday[] = [];
  for (const p of probes) {
    const slot = p.time - (p.time % 300);
    for (; i < sorted.length && sorted[i].time < slot; i++) {
      const b = sorted[i];
      if (hour && hour.time - (hour.time % 3600) !== b.time - (b.time % 3600)) {
        hoursDone.push(hour);
        hour = null;
      }
      hour = mergedBucket(hour, b);
    }
    // climateToday only reads its buckets: the open hour is merged further after this probe.
    const list = hour ? [...hoursDone, hour] : [...hoursDone];
    if (p.before) list.push(p.before);
    list.push(p.own);
    out.push(climateToday(list, p.time, s, day));
  }
  return out;
}
