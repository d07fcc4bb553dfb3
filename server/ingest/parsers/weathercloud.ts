// Weathercloud: GET|POST /v01/set (or /set) ?wid=&key=&…, or the same pairs as path segments
// (/set/wid/<id>/key/<key>/temp/215/…). Metric units, most values in tenths (temp 215 = 21.5 °C). Fields as
// WeeWX's wcloud extension (matthewwall/weewx-wcloud), CumulusMX (ThirdParty/WebUploadWCloud.cs) and pywws
// (service/weathercloud.py) send them; sources beside the fixtures (server/ingest/fixtures/weathercloud/).
//
// Decisions:
// - `wid` is the station ID, `key` the station key.
// - `-32768` is Weathercloud's "the sensor exists but gives no reading": no value.
// - `bar` is the sea-level pressure (WeeWX `barometer`, CumulusMX `Pressure`) → relbaro.
// - `wspdavg`/`wdiravg` are 10-minute averages (WeeWX computes them over 600 s) → windavg10m/winddiravg10m;
//   `wspdhi` is the highest gust of those 10 minutes → gust.
// - Time: `date` YYYYMMDD with `time` HHMM or HHMMSS (UTC; WeeWX), or `time` alone as YYYYMMDD HHMMSS (pywws).
//   Missing (CumulusMX sends only `date`), malformed or implausible → the server's time.
// - Meaning differs between senders (unmapped, listed for the owner): `temp01`… (WeeWX: extra, leaf and soil
//   temperatures), `soilmoist*` (centibar), `leafwet*`, `et`, `battery*`, `dewin`/`heatin`, `aqi`.

import { type FieldSource, fieldsOf } from './fields';
import { FieldMapper } from './mapper';
import { type ParsedUpload, UploadError } from './types';
import { isPlausibleTime, round3 } from './values';

const IGNORED = new Set(['wid', 'key', 'time', 'date', 'ver', 'type', 'software', 'softwareid']);

const NOT_WORKING = -32768;

type Convert = (value: number) => number | null;
const tenths: Convert = (v) => (v === NOT_WORKING ? null : round3(v / 10));
const whole: Convert = (v) => (v === NOT_WORKING ? null : v);

const FIELDS: ReadonlyArray<readonly [field: string, key: string, convert: Convert]> = [
  ['temp', 'tempc0', tenths],
  ['hum', 'humc0', whole],
  ['dew', 'dewpoint', tenths],
  ['chill', 'windchill', tenths],
  ['heat', 'heatindex', tenths],
  ['bar', 'relbaro', tenths],
  ['wspd', 'windspd', tenths],
  ['wspdavg', 'windavg10m', tenths],
  ['wspdhi', 'gust', tenths],
  ['wdir', 'winddir', whole],
  ['wdiravg', 'winddiravg10m', whole],
  ['rain', 'dailyrain', tenths],
  ['rainrate', 'rainrate', tenths],
  ['solarrad', 'solarrad', tenths],
  ['uvi', 'uvi', tenths],
  ['tempin', 'tempin', tenths],
  ['humin', 'humin', whole],
  // Particles are whole µg/m³ (CumulusMX formats them F0, not in tenths).
  ['pm25', 'pm25c1', whole],
  ['pm10', 'pm10c1', whole],
];

/** `/set/wid/<id>/key/<key>/temp/215/…` (also under /v01): the name/value pairs of the path as fields. */
export const WEATHERCLOUD_PATH_FIELDS = /^\/(?:v01\/)?set\/(.+?)\/?$/;

/** `date` + `time` (UTC) → unix seconds when well-formed and plausible, else `now`. */
export function weathercloudTime(date: string | undefined, time: string | undefined, now: number): number {
  const full = /^(\d{8})[ T]?(\d{6})$/.exec(time?.trim() ?? '');
  const d = full?.[1] ?? date?.trim();
  const t = full?.[2] ?? time?.trim();
  if (!d || !t || !/^\d{8}$/.test(d) || !/^(\d{4}|\d{6})$/.test(t)) return now;
  const [y, mo, day] = [Number(d.slice(0, 4)), Number(d.slice(4, 6)), Number(d.slice(6, 8))];
  const [h, mi, s] = [
    Number(t.slice(0, 2)),
    Number(t.slice(2, 4)),
    t.length === 6 ? Number(t.slice(4, 6)) : 0,
  ];
  if (mo < 1 || mo > 12 || day < 1 || h > 23 || mi > 59 || s > 59) return now;
  const ms = Date.UTC(y, mo - 1, day, h, mi, s);
  if (new Date(ms).getUTCDate() !== day) return now;
  return isPlausibleTime(ms / 1000, now) ? ms / 1000 : now;
}

/** Parses a Weathercloud upload. Throws UploadError(400) without `wid` or `key`; never for a bad value. */
export function parseWeathercloud(source: FieldSource, now: number): ParsedUpload {
  const params = fieldsOf(source);
  const stationId = params.get('wid');
  const stationKey = params.get('key');
  if (!stationId || !stationKey) throw new UploadError(400, 'Missing wid or key');
  const m = new FieldMapper(params, IGNORED);
  for (const [field, key, convert] of FIELDS) m.map(field, key, convert);
  return {
    protocol: 'weathercloud',
    stationId,
    stationKey,
    time: weathercloudTime(params.get('date'), params.get('time'), now),
    values: m.values,
    unmapped: m.unmapped(),
  };
}
