// Daily climate summaries of a station (issue 26) from its stored buckets: the days of a month or a year in the
// station's time zone, each with its mean, high and low temperature and their times, degree days, rain, ET₀ and
// wind; and the period's totals and extremes. Pure: the server reads the buckets and calls this. SI throughout
// (°C, °C·day, mm, m/s); the NOAA text (noaa.ts) converts to the user's units.
import type { Agg } from '../aggregate';
import { localParts, zonedMidnight } from '../timeZones';
import {
  coolingDegreeDays,
  DEFAULT_DEGREE_DAY_BASE,
  DEFAULT_GDD_BASE,
  DEFAULT_GDD_CAP,
  growingDegreeDays,
  heatingDegreeDays,
  isChillHour,
} from './degreeDays';
import { dayOfYear, et0Daily, wattsToDailyMJ, windAt2m } from './et0';
import type { ClimateHour } from './hourly';
import type { DayNormal } from './normals';

/** The keys a summary reads. Rain is the console's daily total at its highest of the day. */
export const CLIMATE_KEYS = [
  'tempc0',
  'humc0',
  'windspd',
  'gust',
  'winddir',
  'solarrad',
  'dailyrain',
] as const;

/** A bucket of `span` seconds (300 for 5-minute, 3600 for an hour the 5-minute ones were pruned from). */
export interface ClimateBucket {
  time: number;
  span: number;
  aggs: Record<string, Agg | undefined>;
}

export interface ClimateSettings {
  timeZone: string;
  latitude: number | null;
  elevation: number | null;
  /** Anemometer height above ground (m); FAO-56 wants the wind at 2 m. */
  anemometerHeight: number;
  degreeDayBase: number;
  gddBase: number;
  gddCap: number;
  /** 1..12: the month a rain year (and the station's climate year) starts. */
  rainSeasonStart: number;
}

export const DEFAULT_ANEMOMETER_HEIGHT = 10;

export const defaultClimateSettings = (timeZone: string): ClimateSettings => ({
  timeZone,
  latitude: null,
  elevation: null,
  anemometerHeight: DEFAULT_ANEMOMETER_HEIGHT,
  degreeDayBase: DEFAULT_DEGREE_DAY_BASE,
  gddBase: DEFAULT_GDD_BASE,
  gddCap: DEFAULT_GDD_CAP,
  rainSeasonStart: 1,
});

export interface ClimateDay {
  /** YYYY-MM-DD in the station's time zone. */
  date: string;
  tempMean: number | null;
  tempMax: number | null;
  /** Unix s of the 5-minute bucket (or hour) the high fell in. */
  tempMaxTime: number | null;
  tempMin: number | null;
  tempMinTime: number | null;
  hdd: number | null;
  cdd: number | null;
  gdd: number | null;
  chillHours: number | null;
  rain: number | null;
  et0: number | null;
  windMean: number | null;
  /** The highest gust (or wind where no gust is reported). */
  windMax: number | null;
  windMaxTime: number | null;
  /** Dominant direction: the direction of the day's mean wind vector (degrees), as WeeWX's `vecdir`. */
  windDir: number | null;
}

export interface ClimateTotals {
  tempMean: number | null;
  /** Mean of the daily highs and lows (the NOAA yearly "MEAN MAX" and "MEAN MIN"). */
  tempMeanMax: number | null;
  tempMeanMin: number | null;
  tempMax: number | null;
  tempMaxDate: string | null;
  tempMin: number | null;
  tempMinDate: string | null;
  hdd: number | null;
  cdd: number | null;
  gdd: number | null;
  chillHours: number | null;
  rain: number | null;
  rainMax: number | null;
  rainMaxDate: string | null;
  et0: number | null;
  /** Rain − ET₀ over the days that have both (mm): the water balance. */
  waterBalance: number | null;
  windMean: number | null;
  windMax: number | null;
  windMaxDate: string | null;
  windDir: number | null;
  /** Days with a high ≥ 30 °C, a high ≤ 0 °C, a low ≤ 0 °C, a low ≤ −20 °C (WeeWX's metric NOAA thresholds). */
  daysMaxAbove30: number;
  daysMaxBelow0: number;
  daysMinBelow0: number;
  daysMinBelowMinus20: number;
  /** Days of rain of at least 0.3, 3 and 30 mm. */
  daysRain03: number;
  daysRain3: number;
  daysRain30: number;
}

export interface DayAcc {
  start: number;
  end: number;
  date: string;
  buckets: ClimateBucket[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local days in [from, to) of a zone: their starts, ends and dates. */
export function localDays(
  from: number,
  to: number,
  timeZone: string,
): { start: number; end: number; date: string }[] {
  const out: { start: number; end: number; date: string }[] = [];
  const p = localParts(from, timeZone);
  for (let d = p.d; ; d++) {
    const start = zonedMidnight(p.y, p.m, d, timeZone);
    if (start >= to) break;
    const end = zonedMidnight(p.y, p.m, d + 1, timeZone);
    const q = localParts(start, timeZone);
    out.push({ start, end, date: `${q.y}-${pad(q.m)}-${pad(q.d)}` });
  }
  return out;
}

/** Mean of a key over buckets (each bucket's readings counted). */
function meanOf(buckets: ClimateBucket[], key: string): number | null {
  let n = 0;
  let sum = 0;
  for (const b of buckets) {
    const a = b.aggs[key];
    if (a && a[0] > 0) {
      n += a[0];
      sum += a[1];
    }
  }
  return n > 0 ? sum / n : null;
}

/** The highest (or lowest) of a key and the first bucket it was reached in. */
function extremeOf(buckets: ClimateBucket[], key: string, side: 'max' | 'min'): [number, number] | null {
  let best: [number, number] | null = null;
  for (const b of buckets) {
    const a = b.aggs[key];
    if (!a || a[0] === 0) continue;
    const v = side === 'max' ? a[3] : a[2];
    if (!best || (side === 'max' ? v > best[0] : v < best[0])) best = [v, b.time];
  }
  return best;
}

/** Seconds of the day a key has readings in. */
function coverage(buckets: ClimateBucket[], key: string): number {
  let s = 0;
  for (const b of buckets) if ((b.aggs[key]?.[0] ?? 0) > 0) s += b.span;
  return s;
}

/** East and north parts of the wind: each bucket's mean speed along its last direction. */
function windVector(buckets: ClimateBucket[]): [number, number] {
  let x = 0;
  let y = 0;
  for (const b of buckets) {
    const s = b.aggs.windspd;
    const d = b.aggs.winddir;
    if (!s || s[0] === 0 || !d || d[0] === 0) continue;
    const speed = s[1] / s[0];
    const r = (d[4] * Math.PI) / 180;
    x += speed * Math.sin(r);
    y += speed * Math.cos(r);
  }
  return [x, y];
}

const vectorDirection = ([x, y]: [number, number]): number | null => {
  if (Math.hypot(x, y) < 1e-9) return null;
  const deg = (Math.atan2(x, y) * 180) / Math.PI;
  return Math.round(((deg % 360) + 360) % 360);
};

/** Hours of a day whose mean temperature counts as chill (each hour from the buckets inside it). */
function chillHoursOf(buckets: ClimateBucket[]): number | null {
  const hours = new Map<number, ClimateBucket[]>();
  for (const b of buckets) {
    const h = b.time - (b.time % 3600);
    const list = hours.get(h);
    if (list) list.push(b);
    else hours.set(h, [b]);
  }
  let n = 0;
  let any = false;
  for (const list of hours.values()) {
    const t = meanOf(list, 'tempc0');
    if (t === null) continue;
    any = true;
    if (isChillHour(t)) n++;
  }
  return any ? n : null;
}

/** One day from the buckets that start in it. */
export function summariseDay(day: DayAcc, s: ClimateSettings): ClimateDay {
  const bs = day.buckets;
  const tempMean = meanOf(bs, 'tempc0');
  const hi = extremeOf(bs, 'tempc0', 'max');
  const lo = extremeOf(bs, 'tempc0', 'min');
  const rain = extremeOf(bs, 'dailyrain', 'max');
  const windMean = meanOf(bs, 'windspd');
  const gust = extremeOf(bs, 'gust', 'max') ?? extremeOf(bs, 'windspd', 'max');
  const rhMax = extremeOf(bs, 'humc0', 'max');
  const rhMin = extremeOf(bs, 'humc0', 'min');
  let et0: number | null = null;
  if (hi && lo && s.latitude !== null) {
    const [y, m, d] = day.date.split('-').map(Number);
    // The day's solar energy from the sensor when it reported over most of the day (20 of 24 hours); else
    // FAO-56 Eq. 50 estimates it from the temperature range.
    const solar = coverage(bs, 'solarrad') >= 20 * 3600 ? meanOf(bs, 'solarrad') : null;
    et0 = et0Daily({
      tMax: hi[0],
      tMin: lo[0],
      rhMax: rhMax?.[0] ?? null,
      rhMin: rhMin?.[0] ?? null,
      // FAO-56 ch. 3 "Missing wind speed data": 2 m/s where none was measured.
      u2: windMean === null ? 2 : windAt2m(windMean, s.anemometerHeight),
      rs: solar === null ? null : wattsToDailyMJ(solar),
      latitude: s.latitude,
      elevation: s.elevation ?? 0,
      j: dayOfYear(y, m, d),
    });
  }
  return {
    date: day.date,
    tempMean,
    tempMax: hi?.[0] ?? null,
    tempMaxTime: hi?.[1] ?? null,
    tempMin: lo?.[0] ?? null,
    tempMinTime: lo?.[1] ?? null,
    hdd: tempMean === null ? null : heatingDegreeDays(tempMean, s.degreeDayBase),
    cdd: tempMean === null ? null : coolingDegreeDays(tempMean, s.degreeDayBase),
    gdd: hi && lo ? growingDegreeDays(hi[0], lo[0], s.gddBase, s.gddCap) : null,
    chillHours: chillHoursOf(bs),
    rain: rain?.[0] ?? null,
    et0,
    windMean,
    windMax: gust?.[0] ?? null,
    windMaxTime: gust?.[1] ?? null,
    windDir: vectorDirection(windVector(bs)),
  };
}

/**
 * The days of [from, to) (local midnights of the station's zone), each summarised from the buckets that start
 * in it. Days without any bucket are listed with nulls, so a month always has its every day.
 */
export function climateDays(
  buckets: ClimateBucket[],
  from: number,
  to: number,
  s: ClimateSettings,
): ClimateDay[] {
  const days: DayAcc[] = localDays(from, to, s.timeZone).map((d) => ({ ...d, buckets: [] }));
  let i = 0;
  const sorted = [...buckets].sort((a, b) => a.time - b.time);
  for (const b of sorted) {
    while (i < days.length && b.time >= days[i].end) i++;
    if (i >= days.length) break;
    if (b.time >= days[i].start) days[i].buckets.push(b);
  }
  return days.map((d) => summariseDay(d, s));
}

const sumOf = (days: ClimateDay[], pick: (d: ClimateDay) => number | null): number | null => {
  let any = false;
  let sum = 0;
  for (const d of days) {
    const v = pick(d);
    if (v === null) continue;
    any = true;
    sum += v;
  }
  return any ? sum : null;
};

const meanOfDays = (days: ClimateDay[], pick: (d: ClimateDay) => number | null): number | null => {
  const vs = days.map(pick).filter((v): v is number => v !== null);
  return vs.length ? vs.reduce((a, b) => a + b, 0) / vs.length : null;
};

/** The extreme of a daily value and the first date it was reached. */
function dayExtreme(
  days: ClimateDay[],
  pick: (d: ClimateDay) => number | null,
  side: 'max' | 'min',
): [number, string] | [null, null] {
  let best: [number, string] | null = null;
  for (const d of days) {
    const v = pick(d);
    if (v === null) continue;
    if (!best || (side === 'max' ? v > best[0] : v < best[0])) best = [v, d.date];
  }
  return best ?? [null, null];
}

const countDays = (days: ClimateDay[], test: (d: ClimateDay) => boolean): number => days.filter(test).length;

/** Totals and extremes of a run of days. */
export function climateTotals(days: ClimateDay[]): ClimateTotals {
  const [tempMax, tempMaxDate] = dayExtreme(days, (d) => d.tempMax, 'max');
  const [tempMin, tempMinDate] = dayExtreme(days, (d) => d.tempMin, 'min');
  const [rainMax, rainMaxDate] = dayExtreme(days, (d) => d.rain, 'max');
  const [windMax, windMaxDate] = dayExtreme(days, (d) => d.windMax, 'max');
  // The period's dominant direction: the days' mean wind vectors added up (each day's mean speed along its
  // dominant direction).
  let x = 0;
  let y = 0;
  for (const d of days) {
    if (d.windDir === null || d.windMean === null) continue;
    const r = (d.windDir * Math.PI) / 180;
    x += d.windMean * Math.sin(r);
    y += d.windMean * Math.cos(r);
  }
  const both = days.filter((d) => d.rain !== null && d.et0 !== null);
  return {
    tempMean: meanOfDays(days, (d) => d.tempMean),
    tempMeanMax: meanOfDays(days, (d) => d.tempMax),
    tempMeanMin: meanOfDays(days, (d) => d.tempMin),
    tempMax,
    tempMaxDate,
    tempMin,
    tempMinDate,
    hdd: sumOf(days, (d) => d.hdd),
    cdd: sumOf(days, (d) => d.cdd),
    gdd: sumOf(days, (d) => d.gdd),
    chillHours: sumOf(days, (d) => d.chillHours),
    rain: sumOf(days, (d) => d.rain),
    rainMax,
    rainMaxDate,
    et0: sumOf(days, (d) => d.et0),
    waterBalance: both.length ? both.reduce((a, d) => a + (d.rain as number) - (d.et0 as number), 0) : null,
    windMean: meanOfDays(days, (d) => d.windMean),
    windMax,
    windMaxDate,
    windDir: vectorDirection([x, y]),
    daysMaxAbove30: countDays(days, (d) => d.tempMax !== null && d.tempMax >= 30),
    daysMaxBelow0: countDays(days, (d) => d.tempMax !== null && d.tempMax <= 0),
    daysMinBelow0: countDays(days, (d) => d.tempMin !== null && d.tempMin <= 0),
    daysMinBelowMinus20: countDays(days, (d) => d.tempMin !== null && d.tempMin <= -20),
    daysRain03: countDays(days, (d) => d.rain !== null && d.rain >= 0.3),
    daysRain3: countDays(days, (d) => d.rain !== null && d.rain >= 3),
    daysRain30: countDays(days, (d) => d.rain !== null && d.rain >= 30),
  };
}

export type ClimatePeriod = { kind: 'month'; y: number; m: number } | { kind: 'year'; y: number };

/**
 * The local bounds of a period. A year is the station's climate year: it starts in the rain season's month of
 * `y` (January: the calendar year; July: July `y` to June `y + 1`), so yearly rain and totals follow the season.
 */
export function periodBounds(p: ClimatePeriod, timeZone: string, rainSeasonStart = 1): [number, number] {
  if (p.kind === 'month')
    return [zonedMidnight(p.y, p.m, 1, timeZone), zonedMidnight(p.y, p.m + 1, 1, timeZone)];
  return [
    zonedMidnight(p.y, rainSeasonStart, 1, timeZone),
    zonedMidnight(p.y + 1, rainSeasonStart, 1, timeZone),
  ];
}

/** The rain season (its starting year) a date falls in. */
export const rainSeasonOf = (y: number, m: number, rainSeasonStart: number): number =>
  m >= rainSeasonStart ? y : y - 1;

export interface ClimateMonth {
  /** YYYY-MM */
  month: string;
  totals: ClimateTotals;
}

/** The months of a run of days with their totals (the rows of a yearly report). */
export function climateMonths(days: ClimateDay[]): ClimateMonth[] {
  const out: ClimateMonth[] = [];
  let run: ClimateDay[] = [];
  const flush = () => {
    if (run.length) out.push({ month: run[0].date.slice(0, 7), totals: climateTotals(run) });
    run = [];
  };
  for (const d of days) {
    if (run.length && run[0].date.slice(0, 7) !== d.date.slice(0, 7)) flush();
    run.push(d);
  }
  flush();
  return out;
}

/** Reads `YYYY-MM` or `YYYY` (null when malformed or out of 1970..2100). */
export function parseClimatePeriod(month: unknown, year: unknown): ClimatePeriod | null {
  if (typeof month === 'string' && month !== '') {
    const m = /^(\d{4})-(\d{2})$/.exec(month);
    if (!m) return null;
    const y = Number(m[1]);
    const mo = Number(m[2]);
    if (y < 1970 || y > 2100 || mo < 1 || mo > 12) return null;
    return { kind: 'month', y, m: mo };
  }
  if (typeof year === 'string' && year !== '') {
    if (!/^\d{4}$/.test(year)) return null;
    const y = Number(year);
    if (y < 1970 || y > 2100) return null;
    return { kind: 'year', y };
  }
  return null;
}

/** What `weatherDevices/climate` answers as JSON (SI units; days in the station's zone). */
export interface ClimateAnswer {
  device: string;
  /** YYYY-MM or YYYY */
  period: string;
  /** Unix s: the period's local bounds [from, to). */
  from: number;
  to: number;
  timeZone: string;
  settings: Omit<ClimateSettings, 'timeZone'>;
  days: ClimateDay[];
  totals: ClimateTotals;
  /** Year answers: each month's totals, in the order of the climate year. */
  months?: ClimateMonth[];
  /**
   * With `normals=1`: per day of the period, the station's normal for that calendar day (normals.ts); null when
   * the history spans a year or less. Days without a normal are left out.
   */
  normals?: ClimateNormal[] | null;
  /** With `compare=YYYY`: the same month (or climate year) of that year, for an overlay. */
  compare?: ClimateComparison;
  /** With `hourly=1`: every hour with readings, its mean temperature and ET₀ (mm/hour, FAO-56 Eq. 53). */
  hours?: ClimateHour[];
}

export interface ClimateNormal extends DayNormal {
  date: string;
}

export interface ClimateComparison {
  period: string;
  from: number;
  to: number;
  days: ClimateDay[];
  totals: ClimateTotals;
  months?: ClimateMonth[];
}

export interface ClimateQuery {
  device: string;
  month?: string;
  year?: string;
  format?: 'json' | 'noaa';
  normals?: '1' | 'true';
  hourly?: '1' | 'true';
  compare?: string;
}
