// Windy stations: GET|POST /pws/update/<key>?…, or /pws/update and /api/v2/observation/update with the key in
// `PASSWORD` (or `Authorization: Bearer <key>`). Each quantity has a metric and an imperial name; either may be
// sent. Fields from Windy's protocol page (community.windy.com/topic/8168) and what pywws (service/windy.py) and
// CumulusMX (ThirdParty/WebUploadWindy.cs) send; sources beside the fixtures (server/ingest/fixtures/windy/).
//
// Decisions:
// - The station key identifies the station (Windy's API key or station password is the portal's station key);
//   `station`/`si`/`stationId` (an index in the owner's Windy account) and `id` are kept as meta, not checked.
// - `pressure` is in Pa (CumulusMX sends Pa), `mbar` in hPa, `baromin` in inHg; read as sea-level → relbaro.
// - `precip`/`rainin` is the rain of the past hour → hourlyrain.
// - Time: `time` (ISO 8601, `Z` or an offset), `dateutc` (UTC `YYYY-MM-DD HH:MM:SS`) or `ts` (unix s or ms);
//   none, malformed or implausible → the server's time.

import { type FieldSource, fieldsOf } from './fields';
import { FieldMapper } from './mapper';
import type { ParsedUpload } from './types';
import { fToC, inHgToHpa, inToMm, isPlausibleTime, mphToMs, parseNumber, round3, uploadTime } from './values';

const IGNORED = new Set([
  'PASSWORD',
  'station',
  'si',
  'stationId',
  'id',
  'time',
  'dateutc',
  'ts',
  'softwaretype',
  'stationtype',
]);

type Convert = (value: number) => number;

/** key → [metric field, its conversion], then [imperial field, its conversion]. */
const FIELDS: ReadonlyArray<readonly [key: string, ...(readonly [field: string, convert?: Convert])[]]> = [
  ['tempc0', ['temp'], ['tempf', fToC]],
  ['windspd', ['wind'], ['windspeedmph', mphToMs]],
  ['gust', ['gust'], ['windgustmph', mphToMs]],
  ['winddir', ['winddir']],
  ['humc0', ['rh'], ['humidity']],
  ['dewpoint', ['dewpoint'], ['dewptf', fToC]],
  ['relbaro', ['pressure', (pa) => round3(pa / 100)], ['mbar'], ['baromin', inHgToHpa]],
  ['hourlyrain', ['precip'], ['rainin', inToMm]],
  ['uvi', ['uv']],
  ['solarrad', ['solarradiation']],
];

/** `time` / `dateutc` / `ts` → unix seconds (see the header). */
export function windyTime(params: ReadonlyMap<string, string>, now: number): number {
  // An unencoded `+01:00` arrives as a space (form decoding): read it as the `+` it was.
  const iso = params.get('time')?.replace(/ (\d{2}:?\d{2})$/, '+$1');
  if (iso) {
    const ms =
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso) && /(Z|[+-]\d{2}:?\d{2})$/i.test(iso)
        ? Date.parse(iso)
        : NaN;
    const time = Math.floor(ms / 1000);
    return isPlausibleTime(time, now) ? time : now;
  }
  const ts = parseNumber(params.get('ts'));
  if (typeof ts === 'number') {
    const time = Math.floor(ts > 1e11 ? ts / 1000 : ts);
    return isPlausibleTime(time, now) ? time : now;
  }
  return uploadTime(params.get('dateutc'), now);
}

/** Parses a Windy upload; never throws for a bad value (the key was checked when the station was found). */
export function parseWindy(source: FieldSource, now: number): ParsedUpload {
  const params = fieldsOf(source);
  const m = new FieldMapper(params, IGNORED);
  for (const [key, first, ...others] of FIELDS) {
    m.map(first[0], key, first[1]);
    for (const [field, convert] of others) m.fallback(field, key, convert);
  }
  return {
    protocol: 'windy',
    stationId: '',
    stationKey: null,
    time: windyTime(params, now),
    values: m.values,
    unmapped: m.unmapped(),
  };
}

/** At most this many observations of one JSON upload are stored (Windy's bulk form; a console sends one). */
const MAX_OBSERVATIONS = 100;

/**
 * Windy's POST JSON form (`{"stations":[…],"observations":[{"station":0,"dateutc":…,"temp":…}]}`): one field
 * set per observation, each with the request's own fields (the key) under it. `stations` (name, place, sensor
 * heights) is the owner's Windy setup, not readings. Only one station's observations are read: the index the
 * query names as `station`, else the first observation's. null when the body is not that shape.
 */
export function windyObservations(
  text: string,
  query: ReadonlyMap<string, string>,
): Map<string, string>[] | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  const observations = (body as { observations?: unknown } | null)?.observations;
  if (!Array.isArray(observations) || observations.length === 0) return null;
  const index = (o: Record<string, unknown>) => String(o.station ?? o.si ?? o.stationId ?? 0);
  const records = observations.filter(
    (o): o is Record<string, unknown> => typeof o === 'object' && o !== null,
  );
  if (records.length === 0) return null;
  const wanted = query.get('station') ?? index(records[0]);
  const uploads: Map<string, string>[] = [];
  for (const o of records) {
    if (index(o) !== wanted || uploads.length >= MAX_OBSERVATIONS) continue;
    const fields = new Map(query);
    for (const [name, value] of Object.entries(o))
      if (typeof value === 'number' || typeof value === 'string') fields.set(name, String(value));
    uploads.push(fields);
  }
  return uploads;
}
