// Hourly ET₀ of a station (issue 26, FAO-56 Eq. 53) from its 5-minute or hourly buckets: per UTC hour the mean
// temperature, humidity and wind (reduced to 2 m) and the solar energy of the hour. Without a solar sensor the
// hour's radiation is its clear-sky radiation times the day's ratio that Hargreaves' formula (Eq. 50) gives,
// Rs/Rso = 0.16 √(Tmax − Tmin) / (0.75 + 2·10⁻⁵ z) (Ra cancels out). At night the longwave term takes the ratio
// of the last hour the sun was up (the note to Eq. 39 for hourly periods).
import { localDayStart } from '../timeZones';
import {
  clearSky,
  dayOfYear,
  et0HourlyDetail,
  extraterrestrialHourly,
  wattsToHourlyMJ,
  windAt2m,
} from './et0';
import type { ClimateBucket, ClimateSettings } from './summary';

export interface ClimateHour {
  /** Unix s of the hour's start (UTC hour). */
  time: number;
  tempMean: number | null;
  et0: number | null;
}

const mean = (bs: ClimateBucket[], key: string): number | null => {
  let n = 0;
  let s = 0;
  for (const b of bs) {
    const a = b.aggs[key];
    if (a && a[0] > 0) {
      n += a[0];
      s += a[1];
    }
  }
  return n > 0 ? s / n : null;
};

/** The hours of the buckets in time order, with ET₀ where temperature and humidity were measured. */
export function climateHours(
  buckets: ClimateBucket[],
  s: ClimateSettings & { longitude: number | null },
): ClimateHour[] {
  const hours = new Map<number, ClimateBucket[]>();
  const days = new Map<number, [number, number]>();
  for (const b of [...buckets].sort((x, y) => x.time - y.time)) {
    const h = b.time - (b.time % 3600);
    const list = hours.get(h);
    if (list) list.push(b);
    else hours.set(h, [b]);
    const t = b.aggs.tempc0;
    if (t && t[0] > 0) {
      // Days keyed by their local midnight: localDayStart remembers the zone's last day, so the buckets of one
      // day cost no time-zone arithmetic each (ingest folds a day's buckets every few minutes, ingest/climate-today).
      const key = localDayStart(b.time, s.timeZone);
      const range = days.get(key);
      days.set(key, range ? [Math.min(range[0], t[2]), Math.max(range[1], t[3])] : [t[2], t[3]]);
    }
  }
  let nightRatio = 0.8;
  const out: ClimateHour[] = [];
  for (const [time, bs] of hours) {
    const r = climateHour(time, bs, s, days.get(localDayStart(time, s.timeZone)), nightRatio);
    nightRatio = r.nightRatio;
    out.push(r.hour);
  }
  return out;
}

/**
 * The extraterrestrial radiation of an hour at a place. The last one is kept: the day so far asks for the same
 * hour at every reading of it (an import's, every 5 minutes), and the calendar arithmetic cost more than the rest.
 */
const lastRa = { time: Number.NaN, latitude: Number.NaN, longitude: Number.NaN, ra: 0 };
function raOf(time: number, latitude: number, longitude: number): number {
  if (time === lastRa.time && latitude === lastRa.latitude && longitude === lastRa.longitude)
    return lastRa.ra;
  const d = new Date(time * 1000);
  const j = dayOfYear(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
  lastRa.ra = extraterrestrialHourly(latitude, longitude, j, d.getUTCHours() + 0.5);
  lastRa.time = time;
  lastRa.latitude = latitude;
  lastRa.longitude = longitude;
  return lastRa.ra;
}

/** An hour's ET₀ needs the day's temperature range only when it has no solar reading (Hargreaves' ratio). */
export const hourUsesRange = (bs: ClimateBucket[]): boolean => mean(bs, 'solarrad') === null;

/**
 * One hour of climateHours: its buckets, the temperature range [low, high] of its local day (undefined when none),
 * and the cloudiness ratio the night takes (from the last hour the sun was up). Answers the hour and the ratio
 * the next hour takes.
 */
export function climateHour(
  time: number,
  bs: ClimateBucket[],
  s: ClimateSettings & { longitude: number | null },
  range: [number, number] | undefined,
  nightRatio: number,
): { hour: ClimateHour; nightRatio: number } {
  const t = mean(bs, 'tempc0');
  const rh = mean(bs, 'humc0');
  if (t === null || rh === null || s.latitude === null || s.longitude === null)
    return { hour: { time, tempMean: t, et0: null }, nightRatio };
  const elevation = s.elevation ?? 0;
  const ra = raOf(time, s.latitude, s.longitude);
  const wind = mean(bs, 'windspd');
  const solar = mean(bs, 'solarrad');
  const hargreaves = range
    ? Math.min(1, (0.16 * Math.sqrt(range[1] - range[0])) / (0.75 + 2e-5 * elevation))
    : 0.75;
  const detail = et0HourlyDetail({
    t,
    rh,
    u2: wind === null ? 2 : windAt2m(wind, s.anemometerHeight),
    rs: solar === null ? null : wattsToHourlyMJ(solar),
    ra,
    elevation,
    ratioAtNight: nightRatio,
    ratioWithoutSensor: hargreaves,
  });
  return {
    hour: { time, tempMean: t, et0: detail.et0 },
    nightRatio: detail.rso > 0.05 ? Math.min(1, detail.rs / clearSky(ra, elevation)) : nightRatio,
  };
}
