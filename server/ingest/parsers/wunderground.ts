// Wunderground PWS protocol (also CCL consoles in "WUnderground API" mode, and Fine Offset loggers):
// GET /weatherstation/updateweatherstation.php (or .asp) ?action=updateraw&ID=&PASSWORD=&dateutc=&…
// Imperial units (°F, mph, inHg, in) converted to base units. Mapping: docs/upload-protocols.md §2.
//
// Decisions:
// - `action` is `updateraw`, or `updateraww` as CCL firmware (Bresser, Garni…) spells it; any other is refused.
// - The metric-key dialect of Fine Offset loggers (HP1000/HP1001, "Weather logger"; weewx-interceptor records
//   it): `outtemp intemp dewpoint windchill` °C, `outhumi inhumi` %, `windspeed windgust` km/h (what weewx reads
//   them as), `absbaro relbaro` hPa, `rainrate` mm/h, `dailyrain weeklyrain monthlyrain yearlyrain` mm, `light`
//   lux (→ W/m² ÷ 126.58). Its `UV` is the sensor's raw reading (hundreds at midday), not an index: unmapped.
// - `rainin` is the rain of the past hour → hourlyrain. `leafwetness`/`leafwetness2` % → leafc1/leafc2.
// - Extra sensors: `tempf` is the outdoor sensor (channel 0); `temp2f` is the FIRST extra sensor → tempc1,
//   `temp3f` → tempc2 … `temp8f` → tempc7 (typec{n} = 2). `temp9f`+ → unmapped.
// - Soil sensor k (k = 1..4: `soiltempf`/`soilmoisture`, `soiltemp{k}f`/`soilmoisture{k}`) → channel k as a
//   soil channel (tempc{k}, humc{k} = moisture %, typec{k} = 4) when channel k is not already taken by
//   `temp{k+1}f` in the same upload; otherwise to the soil and probe channels (soilc{k}, tfc{k}).
// - Only the catalogue's own averaging periods are mapped: `windspdmph_avg2m`, `winddir_avg2m`,
//   `windgustmph_10m`, `windgustdir` → unmapped (no 2-minute keys; a 10-minute gust is not windavg10m).
// - `lowbatt` (1 = low) → batc0 on the 0..5 battery scale: 0 → 5 (ok), 1 → 1 (low).
//
// Other networks took this format with their own credentials (dialects, below): PWSweather (`ID`/`PASSWORD`,
// /pwsupdate/pwsupdate.php) and Met Office WOW (`siteid`/`siteAuthenticationKey`, /automaticreading). Station
// software does not always send `action` and `dateutc` to them (pywws sends WOW no `action`), so there both
// are optional: a missing `dateutc` is the server's time.

import { type FieldSource, fieldsOf } from './fields';
import { FieldMapper } from './mapper';
import { type ParsedUpload, UploadError } from './types';
import { binaryBattery, fToC, inHgToHpa, inToMm, kmhToMs, luxToWm2, mphToMs, uploadTime } from './values';

/** Meta fields of every dialect (the credentials are added per dialect). */
const META = ['action', 'dateutc', 'realtime', 'rtfreq', 'softwaretype'];

type Convert = (value: number) => number;

const FIELDS: ReadonlyArray<readonly [field: string, key: string, convert?: Convert]> = [
  ['tempf', 'tempc0', fToC],
  ['humidity', 'humc0'],
  ['dewptf', 'dewpoint', fToC],
  ['windchillf', 'windchill', fToC],
  ['winddir', 'winddir'],
  ['windspeedmph', 'windspd', mphToMs],
  ['windgustmph', 'gust', mphToMs],
  ['rainin', 'hourlyrain', inToMm],
  ['dailyrainin', 'dailyrain', inToMm],
  ['weeklyrainin', 'weeklyrain', inToMm],
  ['monthlyrainin', 'monthlyrain', inToMm],
  ['yearlyrainin', 'yearlyrain', inToMm],
  ['baromin', 'relbaro', inHgToHpa],
  ['absbaromin', 'absbaro', inHgToHpa],
  ['solarradiation', 'solarrad'],
  ['UV', 'uvi'],
  ['indoortempf', 'tempin', fToC],
  ['indoorhumidity', 'humin'],
  ['AqPM2.5', 'pm25c1'],
  ['AqPM10', 'pm10c1'],
  ['AqCO', 'co'],
  ['leafwetness', 'leafc1'],
  ['leafwetness2', 'leafc2'],
  // The metric-key dialect.
  ['outtemp', 'tempc0'],
  ['outhumi', 'humc0'],
  ['intemp', 'tempin'],
  ['inhumi', 'humin'],
  ['dewpoint', 'dewpoint'],
  ['windchill', 'windchill'],
  ['windspeed', 'windspd', kmhToMs],
  ['windgust', 'gust', kmhToMs],
  ['absbaro', 'absbaro'],
  ['relbaro', 'relbaro'],
  ['rainrate', 'rainrate'],
  ['dailyrain', 'dailyrain'],
  ['weeklyrain', 'weeklyrain'],
  ['monthlyrain', 'monthlyrain'],
  ['yearlyrain', 'yearlyrain'],
  ['light', 'solarrad', luxToWm2],
];

/** Keys only the metric-key dialect sends. */
const METRIC_KEYS = ['outtemp', 'intemp', 'outhumi', 'inhumi'];

/** Spellings of the upload action real firmware sends. */
const ACTIONS = new Set(['updateraw', 'updateraww']);

const TYPE_THERMO_HYGRO = 2;
const TYPE_SOIL = 4;

/** A network that takes Wunderground's fields: its credential fields, and whether `action`/`dateutc` are required. */
export interface WundergroundDialect {
  /** Its descriptor's name (server/ingest/protocols/). */
  protocol: string;
  id: string;
  key: string;
  strict: boolean;
}

/** A parser for one dialect of the format (see the header). */
export function wundergroundDialect(dialect: WundergroundDialect) {
  const ignored = new Set([dialect.id, dialect.key, ...META]);
  return (source: FieldSource, now: number) => parseDialect(dialect, ignored, source, now);
}

/**
 * Parses a Wunderground upload. Throws UploadError(400) when ID, PASSWORD, `action=updateraw` or dateutc is
 * missing; never throws for a bad value. `dateutc` is UTC (`YYYY-MM-DD HH:MM:SS`) or `now`; a malformed or
 * implausible one → `now`.
 */
export const parseWunderground = wundergroundDialect({
  protocol: 'wunderground',
  id: 'ID',
  key: 'PASSWORD',
  strict: true,
});

/** PWSweather: Wunderground's fields, credentials and path prefix of its own (pwsupdate/pwsupdate.php). */
export const parsePwsweather = wundergroundDialect({
  protocol: 'pwsweather',
  id: 'ID',
  key: 'PASSWORD',
  strict: false,
});

/** Met Office WOW: Wunderground's fields with the site ID and its authentication key (the "AWS PIN"). */
export const parseWow = wundergroundDialect({
  protocol: 'wow',
  id: 'siteid',
  key: 'siteAuthenticationKey',
  strict: false,
});

function parseDialect(
  dialect: WundergroundDialect,
  ignored: ReadonlySet<string>,
  source: FieldSource,
  now: number,
): ParsedUpload {
  const params = fieldsOf(source);
  const stationId = params.get(dialect.id);
  const stationKey = params.get(dialect.key);
  if (!stationId || !stationKey) throw new UploadError(400, `Missing ${dialect.id} or ${dialect.key}`);
  const action = params.get('action');
  if ((dialect.strict || action !== undefined) && !ACTIONS.has(action ?? ''))
    throw new UploadError(400, 'Missing or unknown action');
  const dateutc = params.get('dateutc');
  if (!dateutc && dialect.strict) throw new UploadError(400, 'Missing dateutc');

  const time = uploadTime(dateutc, now);
  const m = new FieldMapper(params, ignored);

  // In the metric-key dialect `UV` is the sensor's raw reading: left unmapped.
  const metricDialect = METRIC_KEYS.some((k) => m.has(k));
  for (const [field, key, convert] of FIELDS) {
    if (field === 'UV' && metricDialect) continue;
    // Imperial and metric keys of one quantity: the imperial field (first in the table) wins.
    if (m.values[key] === undefined || m.values[key] === null) m.map(field, key, convert);
  }
  m.map('lowbatt', 'batc0', (v) => binaryBattery(v, 0, 1));

  // Extra temperature sensors: temp2f → channel 1 … temp8f → channel 7.
  for (let n = 1; n <= 7; n++) {
    const field = `temp${n + 1}f`;
    if (!m.has(field)) continue;
    m.map(field, `tempc${n}`, fToC);
    m.set(`typec${n}`, TYPE_THERMO_HYGRO);
  }

  // Soil sensors 1..4 → soil channels 1..4 when free.
  for (let k = 1; k <= 4; k++) {
    const suffix = k === 1 ? '' : String(k);
    const tempField = `soiltemp${suffix}f`;
    const moistureField = `soilmoisture${suffix}`;
    if (!m.has(tempField) && !m.has(moistureField)) continue;
    if (m.has(`temp${k + 1}f`)) {
      // Channel k is an air-temperature channel: the soil sensor has channels of its own.
      m.map(tempField, `tfc${k}`, fToC);
      m.map(moistureField, `soilc${k}`);
      continue;
    }
    m.map(tempField, `tempc${k}`, fToC);
    m.map(moistureField, `humc${k}`);
    m.set(`typec${k}`, TYPE_SOIL);
  }

  return {
    protocol: dialect.protocol,
    stationId,
    stationKey,
    time,
    values: m.values,
    unmapped: m.unmapped(),
  };
}
