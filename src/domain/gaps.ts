// Gaps in a station's data (issue 27): runs of missing 5-minute buckets, judged against the station's own upload
// interval, so a station that uploads every 10 minutes (every other bucket empty) has no gaps while one that
// uploads every minute and falls silent for 15 minutes has one. Pure: the server finds them (stationGaps), the
// Weather Server page lists them, and the graphs break their lines over the same holes (breakAtGaps).

/** The bucket size gaps are counted in (seconds). */
export const GAP_STEP_S = 5 * 60;
/** Days the Weather Server page looks back by default, and the most the endpoint allows. */
export const GAP_DAYS = 7;
export const GAP_MAX_DAYS = 31;
/** At most this many gaps are listed (the newest). */
export const GAP_LIST_MAX = 100;

export interface Gap {
  /** Unix s: the first expected reading that did not come (the last reading before the hole + the interval). */
  from: number;
  /** Unix s: the first reading after the hole; for an ongoing gap (no reading since), the time it was judged. */
  to: number;
  /** Readings expected in the hole at the station's interval. */
  missing: number;
  /** No reading has come since: the station has stopped (or its uploads do not reach the portal). */
  ongoing: boolean;
}

export interface GapReport {
  /** The station's usual spacing of readings (s), at least GAP_STEP_S; null with fewer than two readings. */
  interval: number | null;
  from: number;
  to: number;
  /** Newest first, at most GAP_LIST_MAX. */
  gaps: Gap[];
  /** Gaps found in all (may exceed the list). */
  count: number;
  /** Share of the expected readings present in [first reading, to], 0..1; null without an interval. */
  coverage: number | null;
}

/**
 * The usual spacing of `times` (sorted unix s): the median of the steps between them, rounded up to whole
 * buckets. The median, not the mean or the smallest step: holes and a console's occasional double upload do not
 * move it.
 */
export function usualInterval(times: readonly number[], step = GAP_STEP_S): number | null {
  if (times.length < 2) return null;
  const steps: number[] = [];
  for (let i = 1; i < times.length; i++) if (times[i] > times[i - 1]) steps.push(times[i] - times[i - 1]);
  if (steps.length === 0) return null;
  steps.sort((a, b) => a - b);
  const median = steps[Math.floor((steps.length - 1) / 2)];
  return Math.max(step, Math.ceil(median / step) * step);
}

/**
 * Whether a step between two readings is a hole: more than twice the interval. One late upload (a reading
 * landing in the next bucket, leaving one empty) is jitter, not a gap; two missing readings in a row are.
 */
export const isHole = (delta: number, interval: number) => delta > 2 * interval;

/**
 * The gaps in `times` (sorted unix s of the station's 5-minute buckets in [from, to)). The hole before the
 * first reading is not counted (the station may not have existed yet); the one after the last is, as ongoing,
 * when it already exceeds the hole size at `to`.
 */
export function findGaps(
  times: readonly number[],
  from: number,
  to: number,
  interval = usualInterval(times),
): GapReport {
  if (interval === null || times.length === 0)
    return { interval, from, to, gaps: [], count: 0, coverage: null };
  const gaps: Gap[] = [];
  let missingAll = 0;
  for (let i = 1; i < times.length; i++) {
    const delta = times[i] - times[i - 1];
    if (!isHole(delta, interval)) continue;
    const missing = Math.round(delta / interval) - 1;
    missingAll += missing;
    gaps.push({ from: times[i - 1] + interval, to: times[i], missing, ongoing: false });
  }
  const last = times[times.length - 1];
  if (isHole(to - last, interval)) {
    const missing = Math.floor((to - last) / interval) - 1;
    missingAll += missing;
    gaps.push({ from: last + interval, to, missing, ongoing: true });
  }
  const expected = Math.floor((Math.max(to, last + interval) - times[0]) / interval);
  const coverage = expected > 0 ? Math.min(1, Math.max(0, (expected - missingAll) / expected)) : 1;
  const newestFirst = gaps.reverse();
  return {
    interval,
    from,
    to,
    gaps: newestFirst.slice(0, GAP_LIST_MAX),
    count: gaps.length,
    coverage: Math.round(coverage * 1000) / 1000,
  };
}

/** The bucket a graph's points stand for, in seconds. */
export const BUCKET_SECONDS = { '5m': 300, '30m': 1800, '1h': 3600, '1d': 86400 } as const;

/**
 * A graph's rows with an empty row put into each hole, so the line stops there instead of bridging it (the
 * empty row's values read as NaN, which the chart draws as a break). A hole is judged as in findGaps, against
 * the rows' usual spacing but never less than the bucket size.
 */
export function breakAtGaps<R extends { time: number }>(rows: readonly R[], bucketSeconds: number): R[] {
  if (rows.length < 3) return [...rows];
  const interval = usualInterval(
    rows.map((r) => r.time),
    bucketSeconds,
  );
  if (interval === null) return [...rows];
  const out: R[] = [rows[0]];
  for (let i = 1; i < rows.length; i++) {
    const delta = rows[i].time - rows[i - 1].time;
    if (isHole(delta, interval)) out.push({ time: rows[i - 1].time + interval } as R);
    out.push(rows[i]);
  }
  return out;
}
