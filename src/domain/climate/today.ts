// The station's climate of the day so far (issue 26): the catalogue's derived metrics `et0day` (mm), `hddday`,
// `cddday` and `gddday` (°C·day), from the day's buckets by the climate report's own functions. Degree days come
// from the day's mean, high and low so far (summary.ts summariseDay), so at the day's end they are the report's
// day. ET₀ so far is the sum of the day's hourly ET₀ (FAO-56 Eq. 53, hourly.ts), each hour counted for the part
// of it that has passed: a day is not over before its end, so the report's daily formula (Eq. 6, from the
// day's high and low) cannot be used for part of one, and at the day's end the two differ a little, as FAO-56's
// hourly and daily examples do.
import type { Agg } from '../aggregate';
import { localDayStart } from '../timeZones';
import { coolingDegreeDays, growingDegreeDays, heatingDegreeDays } from './degreeDays';
import { type ClimateHour, climateHour, hourUsesRange } from './hourly';
import { CLIMATE_KEYS, type ClimateBucket, type ClimateSettings, localDays } from './summary';

export const CLIMATE_TODAY_KEYS = ['et0day', 'hddday', 'cddday', 'gddday'] as const;
export type ClimateToday = Record<(typeof CLIMATE_TODAY_KEYS)[number], number | null>;

const round2 = (v: number | null): number | null => (v === null ? null : Math.round(v * 100) / 100);

/** `sum` with an hour's ET₀ times the share of the hour inside [start, now] (none: `sum` as it was). */
function addEt0(sum: number | null, h: ClimateHour, start: number, now: number): number | null {
  if (h.et0 === null) return sum;
  const part = (Math.min(now, h.time + 3600) - Math.max(start, h.time)) / 3600;
  if (part <= 0) return sum;
  return (sum ?? 0) + h.et0 * part;
}

/** ET₀ of [start, now]: each hour's ET₀ times the share of the hour inside it; null with no hour computed. */
function et0Between(hours: ClimateHour[], start: number, now: number): number | null {
  let sum: number | null = null;
  for (const h of hours) sum = addEt0(sum, h, start, now);
  return sum;
}

/** A local day of the station: its start, end and date (summary.ts localDays). */
export type LocalDay = { start: number; end: number; date: string };

/** A moment the day so far is wanted at: the buckets before `upTo` count, then `extra` (in that order). */
export interface TodayProbe {
  /** Unix s: the day so far up to this moment (the hour under way counts up to it). */
  time: number;
  /** Buckets that start before this count (exclusive). */
  upTo: number;
  /** Buckets that count after those, in order: ingest's upload as a bucket of its own, its slot's earlier readings. */
  extra: ClimateBucket[];
}

/**
 * One bucket of several consecutive ones: their aggregates merged in time order (sums added in that order). Only
 * the climate keys (what climateHour and the day's temperatures read): a 5-minute bucket of an import holds a few
 * dozen metrics, and this runs for each. The merged bucket owns its aggregates, so they are updated in place.
 */
function mergedBucket(into: ClimateBucket | null, b: ClimateBucket): ClimateBucket {
  if (!into) {
    const aggs: ClimateBucket['aggs'] = {};
    for (const k of CLIMATE_KEYS) {
      const a = b.aggs[k];
      if (a) aggs[k] = [...a];
    }
    return { time: b.time, span: b.span, aggs };
  }
  for (const k of CLIMATE_KEYS) {
    const a = b.aggs[k];
    if (!a || a[0] === 0) continue;
    const c = into.aggs[k];
    if (c && c[0] > 0) {
      c[0] += a[0];
      c[1] += a[1];
      c[2] = Math.min(c[2], a[2]);
      c[3] = Math.max(c[3], a[3]);
      c[4] = a[4];
    } else into.aggs[k] = [...a];
  }
  into.span += b.span;
  return into;
}

/** The day's temperature so far: its readings' count and sum (added in time order), high and low. */
type Temps = { n: number; sum: number; hi: number; lo: number };
function addTemps(t: Temps, a: Agg | undefined): void {
  if (!a || a[0] === 0) return;
  if (t.n === 0 || a[3] > t.hi) t.hi = a[3];
  if (t.n === 0 || a[2] < t.lo) t.lo = a[2];
  t.n += a[0];
  t.sum += a[1];
}

/**
 * The day so far at each probe of one local day (probes in time order). Degree days come from the day's mean,
 * high and low so far (degreeDays.ts, as the climate report's day: summary.ts summariseDay). ET₀ so far is the sum
 * of the day's hourly ET₀ (FAO-56 Eq. 53, hourly.ts), each hour counted for the part of it that has passed: a day
 * is not over before its end, so the report's daily formula (Eq. 6, from the day's high and low) cannot be used
 * for part of one, and at the day's end the two differ a little, as FAO-56's hourly and daily examples do.
 * Values are rounded to 0.01. Ingest asks for one probe (climateToday); an import for a day's slots at once: the
 * buckets of each hour already passed are handed to climateHours merged into one (the hour's sums come out the
 * same, added in the same order) and the day's mean is kept running, so a probe costs the day's hours, not its
 * buckets.
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
  const withEt0 = s.latitude !== null && s.longitude !== null;
  /** Hours passed, each merged into one bucket, with their last result and what it was computed from. */
  const done: PassedHour[] = [];
  // While no passed hour depends on the day's range (each has a solar reading), none is ever computed again: the
  // passed hours' ET₀ so far is kept, each added once, in order (the same additions as et0Between's; a passed
  // hour ends before every later probe, so its share does not change), instead of a walk over the day per probe.
  let rangeHours = 0;
  let kept = 0;
  let keptSum: number | null = null;
  let keptRatio = 0.8;
  const pass = (bucket: ClimateBucket) => {
    const h = passed(bucket, s.timeZone, day);
    if (h.usesRange) rangeHours++;
    done.push(h);
  };
  let hour: ClimateBucket | null = null;
  const temps: Temps = { n: 0, sum: 0, hi: 0, lo: 0 };
  let i = 0;
  const out: ClimateToday[] = [];
  for (const p of probes) {
    for (; i < sorted.length && sorted[i].time < p.upTo; i++) {
      const b = sorted[i];
      addTemps(temps, b.aggs.tempc0);
      if (!withEt0) continue;
      if (hour && hourOf(hour.time) !== hourOf(b.time)) {
        pass(hour);
        hour = null;
      }
      hour = mergedBucket(hour, b);
    }
    const t = { ...temps };
    for (const b of p.extra) addTemps(t, b.aggs.tempc0);
    const mean = t.n > 0 ? t.sum / t.n : null;
    let et0: number | null = null;
    if (withEt0) {
      if (hour && hourOf(hour.time) !== hourOf(p.time)) {
        pass(hour);
        hour = null;
      }
      // climateHours, hour by hour (hourly.ts climateHour): an hour passed is computed again only when what it
      // depends on changed — the night's ratio it starts with, and the day's range when it has no solar reading.
      const range: [number, number] | undefined = t.n > 0 ? [t.lo, t.hi] : undefined;
      let nightRatio = 0.8;
      let sum: number | null = null;
      if (rangeHours === 0) {
        for (; kept < done.length; kept++) {
          const h = done[kept];
          const r = h.inDay ? range : undefined;
          h.result = climateHour(h.time, [h.bucket], s, r, keptRatio);
          h.ratioIn = keptRatio;
          h.range = r;
          keptRatio = h.result.nightRatio;
          keptSum = addEt0(keptSum, h.result.hour, day.start, p.time);
        }
        nightRatio = keptRatio;
        sum = keptSum;
      } else {
        const hours: ClimateHour[] = [];
        for (const h of done) {
          const r = h.inDay ? range : undefined;
          const stale =
            !h.result ||
            h.ratioIn !== nightRatio ||
            (h.usesRange && (h.range?.[0] !== r?.[0] || h.range?.[1] !== r?.[1]));
          if (stale) {
            h.result = climateHour(h.time, [h.bucket], s, r, nightRatio);
            h.ratioIn = nightRatio;
            h.range = r;
          }
          nightRatio = h.result!.nightRatio;
          hours.push(h.result!.hour);
        }
        sum = et0Between(hours, day.start, p.time);
      }
      // The hour under way: its buckets so far, then the probe's own ones (climateHours: in that order).
      const open = hour ? [hour, ...p.extra] : p.extra;
      if (open.length > 0) {
        const time = hourOf(open[0].time);
        const inDay = localDayStart(time, s.timeZone) === day.start;
        sum = addEt0(
          sum,
          climateHour(time, open, s, inDay ? range : undefined, nightRatio).hour,
          day.start,
          p.time,
        );
      }
      et0 = sum;
    }
    out.push({
      et0day: round2(et0),
      hddday: round2(mean === null ? null : heatingDegreeDays(mean, s.degreeDayBase)),
      cddday: round2(mean === null ? null : coolingDegreeDays(mean, s.degreeDayBase)),
      gddday: round2(t.n > 0 ? growingDegreeDays(t.hi, t.lo, s.gddBase, s.gddCap) : null),
    });
  }
  return out;
}

const hourOf = (t: number) => t - (t % 3600);

interface PassedHour {
  time: number;
  bucket: ClimateBucket;
  /** Whether the hour starts in the day (climateHours gives an hour the range of its start's local day). */
  inDay: boolean;
  usesRange: boolean;
  result?: { hour: ClimateHour; nightRatio: number };
  ratioIn?: number;
  range?: [number, number];
}

function passed(bucket: ClimateBucket, timeZone: string, day: LocalDay): PassedHour {
  const time = hourOf(bucket.time);
  return {
    time,
    bucket,
    inDay: localDayStart(time, timeZone) === day.start,
    usesRange: hourUsesRange([bucket]),
  };
}

/**
 * The day so far at `now` (unix s) from the buckets of the station's local day up to now (5-minute buckets, the
 * upload being stored as a bucket of its own), as climateTodayAt gives it. `day`: the local day of `now` when the
 * caller keeps it (ingest does: finding it costs more time-zone arithmetic than the rest).
 */
export function climateToday(
  buckets: ClimateBucket[],
  now: number,
  s: ClimateSettings & { longitude: number | null },
  day: LocalDay = localDays(now, now + 1, s.timeZone)[0],
): ClimateToday {
  return climateTodayAt(buckets, [{ time: now, upTo: now + 1, extra: [] }], s, day)[0];
}
