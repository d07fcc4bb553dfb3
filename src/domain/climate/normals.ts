// Normals of a station from its own years (issue 26): per calendar day, the mean and the 10th–90th percentile
// of the daily mean temperature, and the mean daily rain, over every year the station has that day. A day needs
// two years at least; a station with less than a year of history has no normals.

export interface DailyValue {
  /** YYYY-MM-DD in the station's zone. */
  date: string;
  tempMean: number | null;
  rain: number | null;
}

export interface DayNormal {
  /** Years that had the day. */
  years: number;
  tempMean: number | null;
  tempP10: number | null;
  tempP90: number | null;
  rain: number | null;
}

/** Percentile p (0..1) of sorted values, linearly between the nearest ranks (Excel's PERCENTILE.INC, R type 7). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 1) return sorted[0];
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

const mean = (vs: number[]) => vs.reduce((a, b) => a + b, 0) / vs.length;

/** Normals per calendar day 'MM-DD' (days seen in fewer than two years are left out). */
export function dailyNormals(days: DailyValue[]): Map<string, DayNormal> {
  const by = new Map<string, { years: Set<string>; temps: number[]; rains: number[] }>();
  for (const d of days) {
    if (d.tempMean === null && d.rain === null) continue;
    const key = d.date.slice(5);
    let e = by.get(key);
    if (!e) {
      e = { years: new Set(), temps: [], rains: [] };
      by.set(key, e);
    }
    e.years.add(d.date.slice(0, 4));
    if (d.tempMean !== null) e.temps.push(d.tempMean);
    if (d.rain !== null) e.rains.push(d.rain);
  }
  const out = new Map<string, DayNormal>();
  for (const [key, e] of by) {
    if (e.years.size < 2) continue;
    const temps = [...e.temps].sort((a, b) => a - b);
    out.set(key, {
      years: e.years.size,
      tempMean: temps.length ? mean(temps) : null,
      tempP10: temps.length ? percentile(temps, 0.1) : null,
      tempP90: temps.length ? percentile(temps, 0.9) : null,
      rain: e.rains.length ? mean(e.rains) : null,
    });
  }
  return out;
}

/** Whether the history spans more than a year (the condition for showing normals). */
export const hasNormals = (firstDate: string | null, lastDate: string | null): boolean =>
  !!firstDate && !!lastDate && Date.parse(lastDate) - Date.parse(firstDate) > 365 * 86400_000;

/** A day's mean temperature against the station's normal of its calendar day (the dashboard's "vs normal"). */
export interface VersusNormal {
  /** The day's mean so far (°C). */
  value: number;
  normal: number;
  /** value − normal (°C). */
  diff: number;
  p10: number | null;
  p90: number | null;
  /** Where the day falls in the station's years: under the 10th percentile, in the band, or over the 90th. */
  band: 'below' | 'within' | 'above';
}

export function versusNormal(
  value: number | null,
  normal: DayNormal | null | undefined,
): VersusNormal | null {
  if (value === null || !normal || normal.tempMean === null) return null;
  const { tempP10: p10, tempP90: p90 } = normal;
  const band = p10 !== null && value < p10 ? 'below' : p90 !== null && value > p90 ? 'above' : 'within';
  return { value, normal: normal.tempMean, diff: value - normal.tempMean, p10, p90, band };
}
