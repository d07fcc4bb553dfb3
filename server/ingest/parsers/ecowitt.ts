// Ecowitt "customized" protocol (Ecowitt, Ambient, Fine Offset clones): POST (Ambient: GET) /data/report/,
// form-encoded, PASSKEY=…; imperial units (some consoles add metric variants). Mapping: docs/upload-protocols.md §3.
// Real captures of every family are in fixtures/ (see fixtures/README.md).
//
// Decisions:
// - Imperial fields win; a metric variant (`tempc`, `baromrelhpa`, `windspeedkmh`, `dailyrainmm` …) only fills
//   a key the imperial field left without a value. A variant not used is reported as unmapped.
// - Rain: with a tipping bucket (`rainratein` … `totalrainin`) the WS90 piezo gauge (`rrain_piezo` …) is a second
//   gauge (`rainratepiezo` … `yearlyrainpiezo`); without one the piezo is the station's gauge (`rainrate` …).
//   `srain_piezo` (1 while raining) → rainingpiezo; `ws90cap_volt` → ws90capvolt.
// - Thermo-hygro channels 1..8: `temp{n}f`/`humidity{n}`/`batt{n}` → tempc{n}/humc{n}/batc{n}, typec{n} = 2.
// - Soil moisture (WH51) `soilmoisture{n}`/`soilbatt{n}` → soilc{n}/batsoilc{n}: channels of their own, so a
//   WH31 and a WH51 on the same number are both kept. Ambient's `soilhum{n}`/`battsm{n}` likewise.
// - WN34 probe `tf_ch{n}`/`tf_batt{n}` → tfc{n}/battfc{n}; leaf wetness `leafwetness_ch{n}`/`leaf_batt{n}` →
//   leafc{n}/batleafc{n}; WN38 black globe `bgt`/`bgtbatt` → bgt/batbgt.
// - `wbgt` is °F like every other Ecowitt temperature (WN38; `wbgtc` is the °C variant) → wbgt °C.
// - `lightning` km → lightningdist, `lightning_num` (strikes today) → lightning1d, `lightning_time` (unix s) →
//   lightningtime (0/empty → null).
// - WH45: `co2`/`co2_24h` → co2/co2avg24h (`co2in`/`co2in_24h`, the console's own sensor, only fill in);
//   `tf_co2`/`humi_co2` → tempco2/humco2; `pm25_co2`/`pm10_co2` and their 24 h averages → the first PM channel
//   (1..4) the upload does not use for `pm25_ch{n}`. `pm25_avg_24h_ch{n}` → pm25avg24hc{n}.
// - Batteries → the 0..5 level scale (values.ts): binary (`wh65batt`, `wh26batt`, `wh25batt`, `batt{n}`: Ecowitt
//   0 ok / 1 low; Ambient — stationtype AMBWeather… — 1 ok / 0 low); Ambient's own `battout battrain battin
//   batt_co2 battsm{n}` are 1 ok / 0 low whatever the stationtype (a WS-1965 says `WS1965B_…`); volts (`wh80batt`, `wh90batt`, `console_batt`: 2 cells; `wh68batt`, `wh40batt`,
//   `soilbatt{n}`, `tf_batt{n}`, `leaf_batt{n}`, `bgtbatt`: 1 cell); levels 0..5 (`pm25batt{n}`, `leakbatt{n}`,
//   `co2_batt`, `wh57batt`). The outdoor array's batteries fold into batc0 keeping the lowest level; the
//   console's (`wh25batt`, `console_batt`, Ambient `battin`) into batin.

import { type FieldSource, fieldsOf } from './fields';
import { FieldMapper } from './mapper';
import type { ParsedUpload } from './types';
import {
  binaryBattery,
  fToC,
  inHgToHpa,
  inToMm,
  kmhToMs,
  levelBattery,
  mphToMs,
  uploadTime,
  voltBattery,
} from './values';

const IGNORED = new Set([
  'PASSKEY',
  'stationtype',
  'model',
  'freq',
  'runtime',
  'heap',
  'dateutc',
  'interval',
]);

type Convert = (value: number) => number | null;
/** A field and its converter; the first of a row is the primary field, the others only fill in. */
type Alt = readonly [field: string, convert?: Convert];

const FIELDS: ReadonlyArray<readonly [key: string, primary: Alt, ...fallbacks: Alt[]]> = [
  ['tempin', ['tempinf', fToC], ['tempinc']],
  ['humin', ['humidityin']],
  ['tempc0', ['tempf', fToC], ['tempc']],
  ['humc0', ['humidity']],
  ['relbaro', ['baromrelin', inHgToHpa], ['baromrelhpa']],
  ['absbaro', ['baromabsin', inHgToHpa], ['baromabshpa']],
  ['winddir', ['winddir']],
  ['winddiravg10m', ['winddir_avg10m']],
  ['windspd', ['windspeedmph', mphToMs], ['windspeedkmh', kmhToMs]],
  ['windavg10m', ['windspdmph_avg10m', mphToMs], ['windspdkmh_avg10m', kmhToMs]],
  ['gust', ['windgustmph', mphToMs], ['windgustkmh', kmhToMs]],
  ['maxdailygust', ['maxdailygust', mphToMs], ['maxdailygustkmh', kmhToMs]],
  ['solarrad', ['solarradiation']],
  ['uvi', ['uv']],
  ['wbgt', ['wbgt', fToC], ['wbgtc']],
  ['bgt', ['bgt', fToC], ['bgtc']],
  ['lightningdist', ['lightning']],
  ['lightning1d', ['lightning_num']],
  ['lightningtime', ['lightning_time', (t) => (t > 0 ? Math.round(t) : null)]],
  ['co2', ['co2'], ['co2in']],
  ['co2avg24h', ['co2_24h'], ['co2in_24h']],
  ['tempco2', ['tf_co2', fToC], ['tf_co2c']],
  ['humco2', ['humi_co2']],
  ['ws90capvolt', ['ws90cap_volt']],
  ['rainingpiezo', ['srain_piezo']],
];

/** [tipping-bucket key, piezo key, bucket field (in), bucket field (mm), piezo field (in)]; piezo mm = +`mm`. */
const RAIN: ReadonlyArray<
  readonly [key: string, piezoKey: string, inches: string, mm: string, piezo: string]
> = [
  ['rainrate', 'rainratepiezo', 'rainratein', 'rainratemm', 'rrain_piezo'],
  ['eventrain', 'eventrainpiezo', 'eventrainin', 'eventrainmm', 'erain_piezo'],
  ['hourlyrain', 'hourlyrainpiezo', 'hourlyrainin', 'hourlyrainmm', 'hrain_piezo'],
  ['dailyrain', 'dailyrainpiezo', 'dailyrainin', 'dailyrainmm', 'drain_piezo'],
  ['weeklyrain', 'weeklyrainpiezo', 'weeklyrainin', 'weeklyrainmm', 'wrain_piezo'],
  ['monthlyrain', 'monthlyrainpiezo', 'monthlyrainin', 'monthlyrainmm', 'mrain_piezo'],
  ['yearlyrain', 'yearlyrainpiezo', 'yearlyrainin', 'yearlyrainmm', 'yrain_piezo'],
  ['totalrain', '', 'totalrainin', 'totalrainmm', ''],
];

const volts1 = (v: number) => voltBattery(v, 1);
const volts2 = (v: number) => voltBattery(v, 2);

const TYPE_THERMO_HYGRO = 2;
/** Channels of thermo-hygro, soil, probe and leaf sensors a console can report. */
const CHANNELS = 8;
const PM_CHANNELS = 4;

/**
 * Parses an Ecowitt form body; never throws for a bad value. PASSKEY may be missing: a station key in the
 * upload path identifies the station without it (the pipeline refuses a MAC upload that lacks it).
 * `dateutc` (UTC `YYYY-MM-DD HH:MM:SS` or `now`) gives the time when plausible, else `now`.
 */
export function parseEcowitt(source: FieldSource, now: number): ParsedUpload {
  const form = fieldsOf(source);
  const stationId = form.get('PASSKEY') ?? '';

  const time = uploadTime(form.get('dateutc'), now);
  const m = new FieldMapper(form, IGNORED);
  // Ambient firmware reports binary batteries the other way round.
  const ambient = /^AMBWeather/i.test(form.get('stationtype') ?? '');
  const binary = ambient ? (v: number) => binaryBattery(v, 1, 0) : (v: number) => binaryBattery(v, 0, 1);
  // Fields only Ambient sends: always its meaning, whatever station type it reports.
  const ambientOwn = (v: number) => binaryBattery(v, 1, 0);

  for (const [key, [field, convert], ...fallbacks] of FIELDS) {
    m.map(field, key, convert);
    for (const [alt, altConvert] of fallbacks) m.fallback(alt, key, altConvert);
  }
  mapRain(m);

  // The console and the outdoor array: several reports fold into one key, the lowest level wins.
  for (const [field, convert] of [
    ['wh25batt', binary],
    ['console_batt', volts2],
    ['battin', ambientOwn],
  ] as const)
    m.lowest('batin', convertField(m, field, convert));
  for (const [field, convert] of [
    ['wh65batt', binary],
    ['wh26batt', binary],
    ['wh80batt', volts2],
    ['wh90batt', volts2],
    ['wh68batt', volts1],
    ['wh40batt', volts1],
    ['battout', ambientOwn],
    ['battrain', ambientOwn],
  ] as const)
    m.lowest('batc0', convertField(m, field, convert));
  m.map('wh57batt', 'batlightning', levelBattery);
  m.map('co2_batt', 'batco2', levelBattery);
  m.fallback('batt_co2', 'batco2', ambientOwn);
  m.map('bgtbatt', 'batbgt', volts1);

  for (let n = 1; n <= CHANNELS; n++) {
    if (m.has(`temp${n}f`) || m.has(`temp${n}c`) || m.has(`humidity${n}`)) {
      m.map(`temp${n}f`, `tempc${n}`, fToC);
      m.fallback(`temp${n}c`, `tempc${n}`);
      m.map(`humidity${n}`, `humc${n}`);
      m.map(`batt${n}`, `batc${n}`, binary);
      m.set(`typec${n}`, TYPE_THERMO_HYGRO);
    }
    m.map(`soilmoisture${n}`, `soilc${n}`);
    m.fallback(`soilhum${n}`, `soilc${n}`);
    m.map(`soilbatt${n}`, `batsoilc${n}`, volts1);
    m.fallback(`battsm${n}`, `batsoilc${n}`, ambientOwn);
    m.map(`tf_ch${n}`, `tfc${n}`, fToC);
    m.fallback(`tf_ch${n}c`, `tfc${n}`);
    m.map(`tf_batt${n}`, `battfc${n}`, volts1);
    m.map(`leafwetness_ch${n}`, `leafc${n}`);
    m.map(`leaf_batt${n}`, `batleafc${n}`, volts1);
  }

  // Leak sensors (Ecowitt has 4; accept up to the catalogue's 7).
  for (let n = 1; n <= 7; n++) {
    m.map(`leak_ch${n}`, `leakc${n}`);
    m.map(`leakbatt${n}`, `batleakc${n}`, levelBattery);
  }

  // PM2.5 sensors (WH41/WH43) on PM channels 1..4; a WH45 combo sensor takes the first free PM channel.
  let freePm = 0;
  for (let n = 1; n <= PM_CHANNELS; n++) {
    if (m.has(`pm25_ch${n}`)) {
      m.map(`pm25_ch${n}`, `pm25c${n}`);
      m.map(`pm25_avg_24h_ch${n}`, `pm25avg24hc${n}`);
      m.map(`pm25batt${n}`, `batpmc${n}`, levelBattery);
    } else if (freePm === 0) {
      freePm = n;
    }
  }
  if (freePm > 0 && (m.has('pm25_co2') || m.has('pm10_co2'))) {
    m.map('pm25_co2', `pm25c${freePm}`);
    m.map('pm10_co2', `pm10c${freePm}`);
    m.map('pm25_24h_co2', `pm25avg24hc${freePm}`);
    m.map('pm10_24h_co2', `pm10avg24hc${freePm}`);
    if (m.has('co2_batt')) m.set(`batpmc${freePm}`, m.values.batco2);
  }

  return {
    protocol: 'ecowitt',
    stationId,
    stationKey: null,
    time,
    values: m.values,
    unmapped: m.unmapped(),
  };
}

/** Tipping bucket to the rain keys, the piezo gauge beside it (or in its place when there is no bucket). */
function mapRain(m: FieldMapper): void {
  const bucket = RAIN.some(([, , inches, mm]) => m.has(inches) || m.has(mm));
  for (const [key, piezoKey, inches, mm, piezo] of RAIN) {
    m.map(inches, key, inToMm);
    m.fallback(mm, key);
    if (!piezo) continue;
    const target = bucket ? piezoKey : key;
    m.fallback(piezo, target, inToMm);
    m.fallback(`${piezo}mm`, target);
  }
}

function convertField(m: FieldMapper, field: string, convert: Convert): number | null | undefined {
  const value = m.num(field);
  return value === undefined || value === null ? value : convert(value);
}
