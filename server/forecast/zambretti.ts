// The local forecast: Negretti & Zambra's "Zambretti" barometer rules from the station's own readings.
// Inputs: sea-level pressure now, its change over 3 hours (rising / steady / falling), the wind direction,
// the season and the hemisphere. Output: one of 26 dial letters (A "Settled fine" … Z "Stormy, much rain").
//
// What it can honestly predict: the general character of the weather for the next ~12 hours, from one
// barometer. It does not know temperatures ahead: hourly temperatures are a persistence forecast (now plus
// the change seen at the same time yesterday), daily highs and lows are the recent days' own, and confidence
// falls with the lead time. Precipitation probability is a heuristic of the dial letter, not a measurement.
import { type Agg, aggValue } from '../../src/domain/aggregate';
import { localDayStart, localParts } from '../../src/domain/timeZones';
import type { BucketRow } from '../storage/samples';
import { type Forecast, round, type Summary, table } from './types';

export const ZAMBRETTI_TEXT = [
  'Settled fine',
  'Fine weather',
  'Becoming fine',
  'Fine, becoming less settled',
  'Fine, possible showers',
  'Fairly fine, improving',
  'Fairly fine, possible showers early',
  'Fairly fine, showery later',
  'Showery early, improving',
  'Changeable, mending',
  'Fairly fine, showers likely',
  'Rather unsettled clearing later',
  'Unsettled, probably improving',
  'Showery, bright intervals',
  'Showery, becoming less settled',
  'Changeable, some rain',
  'Unsettled, short fine intervals',
  'Unsettled, rain later',
  'Unsettled, some rain',
  'Mostly very unsettled',
  'Occasional rain, worsening',
  'Rain at times, very unsettled',
  'Rain at frequent intervals',
  'Rain, very unsettled',
  'Stormy, may improve',
  'Stormy, much rain',
] as const;

// Dial letter per pressure band (band 0 = lowest pressure, 21 = highest), for each trend.
const RISING = [25, 25, 25, 24, 24, 19, 16, 12, 11, 9, 8, 6, 5, 2, 1, 1, 0, 0, 0, 0, 0, 0];
const STEADY = [25, 25, 25, 25, 25, 25, 23, 23, 22, 18, 15, 13, 10, 4, 1, 1, 0, 0, 0, 0, 0, 0];
const FALLING = [25, 25, 25, 25, 25, 25, 25, 25, 23, 23, 21, 20, 17, 14, 7, 3, 1, 1, 1, 0, 0, 0];

const TOP = 1050;
const BOTTOM = 950;
const RANGE = TOP - BOTTOM;
/** hPa change over 3 h that counts as rising or falling. */
export const TREND_THRESHOLD = 1.6;

// Pressure correction (% of the range) by wind direction, 16 points from N, northern hemisphere.
const WIND_ADJUST = [6, 5, 5, 2, -0.5, -2, -5, -8.5, -12, -10, -6, -4.5, -3, -0.5, 1.5, 3];

export type Trend = 'rising' | 'steady' | 'falling';

export interface ZambrettiInput {
  /** Sea-level pressure, hPa. */
  pressure: number;
  /** Change over the last 3 hours, hPa. */
  change3h: number;
  /** Wind direction in degrees, or null when calm or unknown. */
  windDir: number | null;
  /** Month 1..12 (station-local). */
  month: number;
  /** Latitude; negative = southern hemisphere (null: northern). */
  latitude: number | null;
}

export interface ZambrettiResult {
  /** 0..25 = letters A..Z. */
  index: number;
  letter: string;
  text: string;
  trend: Trend;
  exceptional: boolean;
}

export function trendOf(change3h: number): Trend {
  if (change3h >= TREND_THRESHOLD) return 'rising';
  if (change3h <= -TREND_THRESHOLD) return 'falling';
  return 'steady';
}

export function zambretti(input: ZambrettiInput): ZambrettiResult {
  const trend = trendOf(input.change3h);
  const south = input.latitude !== null && input.latitude < 0;
  let p = input.pressure;
  if (input.windDir !== null && Number.isFinite(input.windDir)) {
    // Southern hemisphere: the same rules with the compass turned round.
    const dir = (((input.windDir + (south ? 180 : 0)) % 360) + 360) % 360;
    p += (WIND_ADJUST[Math.round(dir / 22.5) % 16] / 100) * RANGE;
  }
  const summer = south ? input.month <= 3 || input.month >= 10 : input.month >= 4 && input.month <= 9;
  if (summer && trend === 'rising') p += (7 / 100) * RANGE;
  if (summer && trend === 'falling') p -= (7 / 100) * RANGE;
  if (p >= TOP) p = TOP - 1;
  let band = Math.floor((p - BOTTOM) / (RANGE / 22));
  const exceptional = band < 0 || band > 21;
  band = Math.min(21, Math.max(0, band));
  const index = (trend === 'rising' ? RISING : trend === 'falling' ? FALLING : STEADY)[band];
  return {
    index,
    letter: String.fromCharCode(65 + index),
    text: ZAMBRETTI_TEXT[index],
    trend,
    exceptional,
  };
}

/** The icon family of a dial letter. */
export function summaryOf(index: number): Summary {
  if (index <= 2) return 'sunny';
  if (index <= 9) return 'partlyCloudy';
  if (index <= 17) return 'unsettled';
  if (index <= 23) return 'rain';
  return 'storm';
}

/** A rough chance of precipitation for a dial letter (heuristic, 0..1). */
export function popOf(index: number): number {
  return round(Math.min(0.95, Math.max(0.02, (index / 25) ** 1.3)), 2) ?? 0;
}

const HOUR = 3600;
const DAY = 86400;
/** Of the recent days' change per day, the share carried into each day ahead. */
const TREND_DAMPING = 0.5;
/** °C per day: a larger recent change (a front passing) is not carried on in full. */
const MAX_TREND = 3;

export interface LocalInput {
  now: number;
  timezone: string;
  latitude: number | null;
  /** 5-minute buckets, ascending, covering at least the last 27 hours when available. */
  fiveMinute: BucketRow[];
  /** Device-local daily buckets, ascending, the last few days including today. */
  daily: BucketRow[];
}

const value = (b: BucketRow | undefined, key: string, agg: 'mean' | 'min' | 'max' | 'last' = 'mean') => {
  const a = b?.aggs[key] as Agg | undefined;
  return a ? aggValue(a, agg) : null;
};

const CURRENT_COLUMNS = [
  'dt',
  'summary',
  'icon',
  'code',
  'text',
  'trend',
  'baro3h',
  'pop',
  'tempc0',
  'humc0',
  'relbaro',
  'windspd',
  'winddir',
  'confidence',
];
const HOURLY_COLUMNS = [
  'dt',
  'summary',
  'icon',
  'code',
  'pop',
  'tempc0',
  'humc0',
  'relbaro',
  'windspd',
  'winddir',
  'confidence',
];
const DAILY_COLUMNS = [
  'dt',
  'summary',
  'icon',
  'code',
  'text',
  'pop',
  'temp_max',
  'temp_min',
  'humc0',
  'windspd',
  'winddir',
  'confidence',
];

/** The newest bucket having `key` at or before `t` (within `tolerance` seconds). */
function near(buckets: BucketRow[], key: string, t: number, tolerance: number): BucketRow | undefined {
  let best: BucketRow | undefined;
  for (const b of buckets) {
    if (!b.aggs[key] || Math.abs(b.time - t) > tolerance) continue;
    if (!best || Math.abs(b.time - t) < Math.abs(best.time - t)) best = b;
  }
  return best;
}

/** Sea-level pressure key available in the data (relbaro preferred; absbaro when the console sends only it). */
function pressureKey(buckets: BucketRow[]): 'relbaro' | 'absbaro' | null {
  if (buckets.some((b) => b.aggs.relbaro)) return 'relbaro';
  if (buckets.some((b) => b.aggs.absbaro)) return 'absbaro';
  return null;
}

/** The local Zambretti forecast from the station's own history. */
export function localForecast(input: LocalInput): Forecast {
  const { now, timezone, latitude } = input;
  const recent = input.fiveMinute.filter((b) => b.time <= now && b.time > now - 27 * HOUR);
  const latest = recent.at(-1);
  const key = pressureKey(recent);
  const month = localParts(now, timezone).m;

  const lastWith = (k: string) => [...recent].reverse().find((b) => b.aggs[k]);
  const tempNow = value(lastWith('tempc0'), 'tempc0');
  const humNow = value(lastWith('humc0'), 'humc0');
  const windNow = value(lastWith('windspd'), 'windspd');
  const dirNow = value(lastWith('winddir'), 'winddir', 'last');

  let z: ZambrettiResult | null = null;
  let change3h: number | null = null;
  let pressureNow: number | null = null;
  let historyHours = 0;
  if (key) {
    const newest = lastWith(key)!;
    pressureNow = value(newest, key);
    // The reading 3 h before the newest one; with less history, the oldest reading at least 1 h back, scaled.
    const past =
      near(recent, key, newest.time - 3 * HOUR, 20 * 60) ??
      recent.find((b) => b.aggs[key] && newest.time - b.time >= HOUR);
    if (past && pressureNow !== null) {
      historyHours = (newest.time - past.time) / HOUR;
      change3h = ((pressureNow - (value(past, key) ?? pressureNow)) * 3) / historyHours;
    }
    if (pressureNow !== null)
      z = zambretti({
        pressure: pressureNow,
        change3h: change3h ?? 0,
        windDir: windNow !== null && windNow < 0.5 ? null : dirNow,
        month,
        latitude,
      });
  }
  // Confidence of the dial itself: full with 3 h of pressure history, less with a shorter or no trend.
  const base = z ? (change3h === null ? 0.3 : Math.min(1, historyHours / 3) * 0.7) : 0;
  const confidence = (hours: number) => round(base * Math.exp(-hours / 24), 2);
  const zFields = (index: number | null) =>
    index === null
      ? {}
      : { summary: summaryOf(index), icon: summaryOf(index), code: String.fromCharCode(65 + index) };

  const current = table(CURRENT_COLUMNS, [
    {
      dt: latest?.time ?? now,
      ...zFields(z?.index ?? null),
      text: z ? (z.exceptional ? `Exceptional weather, ${z.text}` : z.text) : null,
      trend: z && change3h !== null ? z.trend : null,
      baro3h: round(change3h, 1),
      pop: z ? popOf(z.index) : null,
      tempc0: round(tempNow),
      humc0: round(humNow, 0),
      relbaro: round(pressureNow),
      windspd: round(windNow),
      winddir: round(dirNow, 0),
      confidence: confidence(0),
    },
  ]);

  // Hourly: the next 12 hours (the span a Zambretti reading covers). Temperature by persistence of the
  // diurnal change seen 24 h earlier; pressure continues its trend, damped.
  const hourly: Record<string, number | string | null | undefined>[] = [];
  if (z) {
    const start = now - (now % HOUR) + HOUR;
    const rate = change3h === null ? 0 : change3h / 3;
    for (let h = 0; h < 12; h++) {
      const dt = start + h * HOUR;
      const lead = (dt - now) / HOUR;
      const then = near(input.fiveMinute, 'tempc0', dt - DAY, 20 * 60);
      const base24 = near(input.fiveMinute, 'tempc0', now - DAY, 20 * 60);
      const temp =
        tempNow !== null && then && base24
          ? tempNow + (value(then, 'tempc0')! - value(base24, 'tempc0')!)
          : null;
      const humThen = near(input.fiveMinute, 'humc0', dt - DAY, 20 * 60);
      // The dial letter drifts toward the steady reading as the trend ages.
      const index =
        lead > 6 && pressureNow !== null ? zambrettiSteady(pressureNow, month, latitude) : z.index;
      hourly.push({
        dt,
        ...zFields(index),
        pop: popOf(index),
        tempc0: round(temp),
        humc0: round(value(humThen, 'humc0'), 0),
        relbaro: pressureNow === null ? null : round(pressureNow + rate * 6 * (1 - Math.exp(-lead / 6)), 1),
        windspd: null,
        winddir: null,
        confidence: confidence(lead),
      });
    }
  }

  // Daily: today and the next two days. Highs and lows: the recent days' own, carried on by half their trend
  // (a warming spell stays warm, damped, as persistence forecasts do); today's never inside what was measured.
  const daily: Record<string, number | string | null | undefined>[] = [];
  if (z) {
    const today = localDayStart(now, timezone);
    const past = input.daily.filter((d) => d.time < today).slice(-3);
    const sofar = input.daily.find((d) => d.time >= today && d.time < today + DAY);
    const values = (agg: 'max' | 'min', k: string) =>
      past.map((d) => value(d, k, agg)).filter((v): v is number => v !== null);
    const ahead = (agg: 'max' | 'min', k: string, day: number) => {
      const vs = values(agg, k);
      if (!vs.length) return null;
      const mean = vs.reduce((a, b) => a + b, 0) / vs.length;
      const slope = vs.length > 1 ? (vs[vs.length - 1] - vs[0]) / (vs.length - 1) : 0;
      // The mean stands for the middle of the recent days; `day` 0 is today.
      const lead = day + (vs.length + 1) / 2;
      const trend = Math.max(-MAX_TREND, Math.min(MAX_TREND, slope)) * TREND_DAMPING * lead;
      const forecast = mean + trend;
      const seen = value(sofar, k, agg);
      if (day > 0 || seen === null) return forecast;
      return agg === 'max' ? Math.max(forecast, seen) : Math.min(forecast, seen);
    };
    const hum = (() => {
      const vs = past.map((d) => value(d, 'humc0')).filter((v): v is number => v !== null);
      return vs.length ? vs.reduce((a, b) => a + b, 0) / vs.length : null;
    })();
    let dayStart = today;
    const steady = pressureNow === null ? z.index : zambrettiSteady(pressureNow, month, latitude);
    for (let d = 0; d < 3; d++) {
      const index = d === 0 ? z.index : steady;
      daily.push({
        dt: dayStart,
        ...zFields(index),
        text: ZAMBRETTI_TEXT[index],
        pop: popOf(index),
        temp_max: round(ahead('max', 'tempc0', d)),
        temp_min: round(ahead('min', 'tempc0', d)),
        humc0: round(hum, 0),
        windspd: null,
        winddir: null,
        confidence: confidence(12 + d * 24),
      });
      dayStart = localDayStart(dayStart + DAY + 2 * HOUR, timezone);
    }
  }
  return {
    current,
    hourly: table(HOURLY_COLUMNS, hourly),
    daily: table(DAILY_COLUMNS, daily),
  };
}

function zambrettiSteady(pressure: number, month: number, latitude: number | null): number {
  return zambretti({ pressure, change3h: 0, windDir: null, month, latitude }).index;
}
