// WeatherLink v2 historic data (https://weatherlink.github.io/v2-api/api-reference): GET
// /v2/historic/{station-id}?api-key&start-timestamp&end-timestamp with the API secret in the X-Api-Secret
// header, at most 24 hours per call; historic data needs a Pro plan (a 403 otherwise). The answer is
// {station_id, sensors: [{lsid, sensor_type, data_structure_type, data: [{ts, …archive fields}]}], generated_at},
// one record per archive interval per sensor, in imperial units. Fields differ by data structure (WeatherLink Live
// ISS: temp_last, hum_last…; Vantage archive: temp_out, hum_out…; barometer: bar_sea_level, bar_absolute): each
// known field is read wherever it appears, and a timestamp's fields are merged across sensors. Rain is per
// interval (rainfall_mm): summed into the local day's running total, as a console's daily rain.

import type { SampleRow } from '../../import/types';
import { fToC, inHgToHpa, inToMm, mphToMs } from '../../ingest/parsers/values';
import { BackfillError } from '../http';
import { localDays } from './days';
import { isObject, numberOf, type VendorModule } from './types';

const FIELDS: Record<string, readonly [key: string, convert: (v: number) => number]> = {
  temp_last: ['tempc0', fToC],
  temp_out: ['tempc0', fToC],
  hum_last: ['humc0', (v) => v],
  hum_out: ['humc0', (v) => v],
  dew_point_last: ['dewpoint', fToC],
  dew_point_out: ['dewpoint', fToC],
  wind_speed_avg: ['windspd', mphToMs],
  wind_speed_hi: ['gust', mphToMs],
  wind_dir_of_prevail: ['winddir', (v) => v],
  bar_sea_level: ['relbaro', inHgToHpa],
  bar: ['relbaro', inHgToHpa],
  bar_absolute: ['absbaro', inHgToHpa],
  solar_rad_avg: ['solarrad', (v) => v],
  uv_index_avg: ['uvi', (v) => v],
  rain_rate_hi_in: ['rainrate', inToMm],
  temp_in_last: ['tempin', fToC],
  hum_in_last: ['humin', (v) => v],
};

export const DAY_MAX_S = 86400;

/** A day's readings by time; the interval rain summed into the running daily rain from `start`. */
export function weatherlinkRows(
  answer: unknown,
  from: number,
  to: number,
): Map<number, Record<string, number | null>> {
  if (!isObject(answer) || !Array.isArray(answer.sensors))
    throw new BackfillError('malformed', 'WeatherLink answered no sensors list');
  const out = new Map<number, Record<string, number | null>>();
  const rain = new Map<number, number>();
  for (const sensor of answer.sensors) {
    if (!isObject(sensor) || !Array.isArray(sensor.data)) continue;
    for (const r of sensor.data) {
      if (!isObject(r)) continue;
      const t = numberOf(r.ts);
      if (t === null || t < from || t >= to) continue;
      const row = out.get(t) ?? {};
      for (const [field, [key, convert]] of Object.entries(FIELDS)) {
        const v = numberOf(r[field]);
        if (v !== null && row[key] === undefined) row[key] = convert(v);
      }
      const mm =
        numberOf(r.rainfall_mm) ??
        (numberOf(r.rainfall_in) === null ? null : inToMm(numberOf(r.rainfall_in)!));
      if (mm !== null) rain.set(t, (rain.get(t) ?? 0) + mm);
      out.set(t, row);
    }
  }
  let total = 0;
  for (const t of [...out.keys()].sort((a, b) => a - b)) {
    if (!rain.has(t)) continue;
    total += rain.get(t)!;
    out.get(t)!.dailyrain = Math.round(total * 1000) / 1000;
  }
  return out;
}

export const weatherlink: VendorModule = (client, endpoint, keys, range) => {
  // Local days: each call stays within 24 hours and the rain total starts at the day's midnight.
  const days = localDays(range.from, range.to, range.timeZone);
  let line = 0;
  return {
    planned: days.length,
    async *pages() {
      for (const [start, end] of days) {
        const q = new URLSearchParams({
          'api-key': keys.apiKey,
          'start-timestamp': String(start),
          'end-timestamp': String(Math.min(end, start + DAY_MAX_S)),
        });
        const answer = await client.getJson(
          `${endpoint}/v2/historic/${encodeURIComponent(keys.stationId)}?${q}`,
          { 'x-api-secret': keys.apiSecret },
        );
        const rows = weatherlinkRows(answer, start, end);
        yield [...rows.keys()]
          .sort((a, b) => a - b)
          .map((time): SampleRow => ({ time, values: rows.get(time)!, line: ++line }));
      }
    },
  };
};
