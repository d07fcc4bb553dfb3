// WSLink (CCL consoles: Bresser, Garni, Sencor, Youshiko…): GET|POST /data/upload.php?wsid=&wspw=&…
// Metric units already, so values pass through; only batteries are normalised to the 0..5 level scale.
// Mapping: docs/upload-protocols.md §1.

import { type FieldSource, fieldsOf } from './fields';
import { FieldMapper, fieldTable } from './mapper';
import { type ParsedUpload, type ParseOptions, UploadError } from './types';
import { binaryBattery, levelBattery, uploadTime } from './values';

/** Fields that are credentials or meta: never values, never "unmapped". */
const IGNORED = new Set(['wsid', 'wspw', 'datetime', 'apiver']);

/** Channel numbers of thermo-hygro channels and leak sensors. */
const CHANNELS = [1, 2, 3, 4, 5, 6, 7];

/** Plain pass-through fields (metric units already). */
const DIRECT: ReadonlyArray<readonly [field: string, key: string]> = [
  ['rbar', 'relbaro'],
  ['abar', 'absbaro'],
  ['intem', 'tempin'],
  ['inhum', 'humin'],
  ['t1tem', 'tempc0'],
  ['t1hum', 'humc0'],
  ['t1feels', 'feelslike'],
  ['t1chill', 'windchill'],
  ['t1heat', 'heatindex'],
  ['t1dew', 'dewpoint'],
  ['t1wbgt', 'wbgt'],
  ['t1wdir', 'winddir'],
  ['t1ws', 'windspd'],
  ['t1ws10mav', 'windavg10m'],
  ['t1wgust', 'gust'],
  ['t1rainra', 'rainrate'],
  ['t1rainhr', 'hourlyrain'],
  ['t1raindy', 'dailyrain'],
  ['t1rainwy', 'weeklyrain'],
  ['t1rainmth', 'monthlyrain'],
  ['t1rainyr', 'yearlyrain'],
  ['t1uvi', 'uvi'],
  ['t1solrad', 'solarrad'],
  ['t1cn', 'cnc0'],
  // lightning
  ['t5lskm', 'lightningdist'],
  ['t5lsf', 'lightning1h'], // strikes in the past 60 min; t5ls1htc below only fills in when this has no value
  ['t5ls5mtc', 'lightning5m'],
  ['t5ls30mtc', 'lightning30m'],
  ['t5ls1dtc', 'lightning1d'],
  ['t5lscn', 'cnlightning'],
  // PM sensor = PM channel 1
  ['t8pm25', 'pm25c1'],
  ['t8pm10', 'pm10c1'],
  ['t8pm25ai', 'pm25aqic1'],
  ['t8pm10ai', 'pm10aqic1'],
  ['t8cn', 'cnpmc1'],
  // HCHO / VOC
  ['t9hcho', 'hcho'],
  ['t9voclv', 'voc'],
  ['t9cn', 'cnhcho'],
  // CO2, CO
  ['t10co2', 'co2'],
  ['t10cn', 'cnco2'],
  ['t11co', 'co'],
  ['t11cn', 'cnco'],
];

/** Batteries reported as 1 normal / 0 low. */
const BINARY_BATTERIES: ReadonlyArray<readonly [field: string, key: string]> = [
  ['inbat', 'batin'],
  ['t1bat', 'batc0'],
  ['t5lsbat', 'batlightning'],
];

/** Batteries reported as levels 0..5. */
const LEVEL_BATTERIES: ReadonlyArray<readonly [field: string, key: string]> = [
  ['t8bat', 'batpmc1'],
  ['t9bat', 'bathcho'],
  ['t10bat', 'batco2'],
  ['t11bat', 'batco'],
];

const binary = (v: number) => binaryBattery(v, 1, 0);

/** Channel and leak sensor fields. */
const CHANNEL_FIELDS: ReadonlyArray<
  readonly [field: string, key: string, convert?: (v: number) => number | null]
> = CHANNELS.flatMap(
  (n) =>
    [
      [`t234c${n}tem`, `tempc${n}`],
      [`t234c${n}hum`, `humc${n}`],
      [`t234c${n}bat`, `batc${n}`, binary],
      [`t234c${n}cn`, `cnc${n}`],
      [`t234c${n}tp`, `typec${n}`],
      [`t6c${n}wls`, `leakc${n}`],
      [`t6c${n}bat`, `batleakc${n}`, binary],
      [`t6c${n}cn`, `cnleakc${n}`],
    ] as const,
);

/** Every plain field, looked up once per field sent. */
const FIELDS = fieldTable([
  ...DIRECT,
  ...BINARY_BATTERIES.map(([field, key]) => [field, key, binary] as const),
  ...LEVEL_BATTERIES.map(([field, key]) => [field, key, levelBattery] as const),
  ...CHANNEL_FIELDS,
]);

/** `t5lst` value meaning "no strike known". */
const NO_STRIKE = 9999;

/**
 * Parses a WSLink upload (query string; some firmware POSTs with the parameters still in the query).
 * `datetime` is the console's local wall time: read in `options.timeZone` when given, else as UTC; absent,
 * malformed or implausible (before 2001, or more than a day ahead of `now`) → `now`.
 * Throws UploadError(400) when wsid or wspw is missing; never throws for a bad value.
 */
export function parseWslink(source: FieldSource, now: number, options: ParseOptions = {}): ParsedUpload {
  const params = fieldsOf(source);
  const stationId = params.get('wsid');
  const stationKey = params.get('wspw');
  if (!stationId || !stationKey) throw new UploadError(400, 'Missing wsid or wspw');

  const time = uploadTime(params.get('datetime'), now, options.timeZone);
  const m = new FieldMapper(params, IGNORED);

  m.mapTable(FIELDS);
  m.fallback('t5ls1htc', 'lightning1h');

  // Minutes since the last strike → unix seconds of that strike.
  m.map('t5lst', 'lightningtime', (minutes) =>
    minutes === NO_STRIKE || minutes < 0 ? null : time - Math.round(minutes * 60),
  );

  return {
    protocol: 'wslink',
    stationId,
    stationKey,
    time,
    values: m.values,
    unmapped: m.unmapped(),
  };
}
