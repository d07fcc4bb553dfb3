// Ecowitt "customized" protocol (Ecowitt, Ambient, Fine Offset clones): POST /data/report/, form-encoded,
// PASSKEY=…; imperial units (some consoles add metric variants). Mapping: upload-protocols.md §3.
//
// Decisions:
// - Imperial fields win; a metric variant (`tempc`, `baromrelhpa`, `windspeedkmh`, `dailyrainmm` …) only fills
//   a key the imperial field left without a value. WS90 piezo rain (`rrain_piezo` …) likewise only fills rain
//   keys the tipping bucket did not provide.
// - Channels: `temp{n}f`/`humidity{n}`/`batt{n}` n = 1..7 → tempc{n}/humc{n}/batc{n}, typec{n} = 2;
//   channel 8 → unmapped. `tf_ch{n}` (WN34 probe: soil or water, unknown) → unmapped.
// - Soil moisture (WH51): `soilmoisture{n}` → humc{n} (moisture %) with typec{n} = 4 and `soilbatt{n}` → batc{n},
//   when channel n (1..7) carries no thermo-hygro sensor in the same upload; otherwise both stay unmapped.
// - `wbgt` is °F like every other Ecowitt temperature (WN38; `wbgtc` is the °C variant) → wbgt °C.
// - `lightning` km → lightningdist, `lightning_num` (strikes today) → lightning1d, `lightning_time` (unix s) →
//   lightningtime (0/empty → null).
// - `co2` → co2 (`co2in`, the console's own sensor, only fills in); WH45 `pm25_co2`/`pm10_co2` → the first
//   PM channel (1..4) the upload does not use for `pm25_ch{n}`; `tf_co2`/`humi_co2` → unmapped.
// - Batteries → the 0..5 level scale (values.ts): binary 0 ok / 1 low (`wh65batt`, `wh26batt`, `wh25batt`,
//   `batt{n}`); volts (`wh80batt`, `wh90batt`: 2 cells; `wh68batt`, `wh40batt`, `soilbatt{n}`: 1 cell);
//   levels 0..5 (`pm25batt{n}`, `leakbatt{n}`, `co2_batt`, `wh57batt`). The outdoor sensors' batteries
//   (`wh65batt wh26batt wh80batt wh90batt wh68batt wh40batt`) fold into batc0 keeping the lowest level;
//   `wh25batt` (gateway's indoor sensor) → batin; `wh57batt` → batlightning; `co2_batt` → batco2.

import { type FieldSource, fieldsOf } from './fields';
import { FieldMapper } from './mapper';
import { type ParsedUpload, UploadError } from './types';
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
/** [catalogue key, imperial field, converter, ...metric/alternative fields that only fill in]. */
type Alt = readonly [field: string, convert?: Convert];

const FIELDS: ReadonlyArray<readonly [key: string, primary: Alt, ...fallbacks: Alt[]]> = [
  ['tempin', ['tempinf', fToC], ['tempinc']],
  ['humin', ['humidityin']],
  ['tempc0', ['tempf', fToC], ['tempc']],
  ['humc0', ['humidity']],
  ['relbaro', ['baromrelin', inHgToHpa], ['baromrelhpa']],
  ['absbaro', ['baromabsin', inHgToHpa], ['baromabshpa']],
  ['winddir', ['winddir']],
  ['windspd', ['windspeedmph', mphToMs], ['windspeedkmh', kmhToMs]],
  ['windavg10m', ['windspdmph_avg10m', mphToMs], ['windspdkmh_avg10m', kmhToMs]],
  ['gust', ['windgustmph', mphToMs], ['windgustkmh', kmhToMs]],
  ['maxdailygust', ['maxdailygust', mphToMs], ['maxdailygustkmh', kmhToMs]],
  ['solarrad', ['solarradiation']],
  ['uvi', ['uv']],
  ['rainrate', ['rainratein', inToMm], ['rainratemm'], ['rrain_piezo', inToMm], ['rrain_piezomm']],
  ['eventrain', ['eventrainin', inToMm], ['eventrainmm'], ['erain_piezo', inToMm], ['erain_piezomm']],
  ['hourlyrain', ['hourlyrainin', inToMm], ['hourlyrainmm'], ['hrain_piezo', inToMm], ['hrain_piezomm']],
  ['dailyrain', ['dailyrainin', inToMm], ['dailyrainmm'], ['drain_piezo', inToMm], ['drain_piezomm']],
  ['weeklyrain', ['weeklyrainin', inToMm], ['weeklyrainmm'], ['wrain_piezo', inToMm], ['wrain_piezomm']],
  ['monthlyrain', ['monthlyrainin', inToMm], ['monthlyrainmm'], ['mrain_piezo', inToMm], ['mrain_piezomm']],
  ['yearlyrain', ['yearlyrainin', inToMm], ['yearlyrainmm'], ['yrain_piezo', inToMm], ['yrain_piezomm']],
  ['wbgt', ['wbgt', fToC], ['wbgtc']],
  ['lightningdist', ['lightning']],
  ['lightning1d', ['lightning_num']],
  ['lightningtime', ['lightning_time', (t) => (t > 0 ? Math.round(t) : null)]],
  ['co2', ['co2'], ['co2in']],
];

const binary = (v: number) => binaryBattery(v, 0, 1);
const volts1 = (v: number) => voltBattery(v, 1);
const volts2 = (v: number) => voltBattery(v, 2);

/** Outdoor-array batteries folded into batc0 (lowest level wins). */
const OUTDOOR_BATTERIES: ReadonlyArray<readonly [field: string, convert: Convert]> = [
  ['wh65batt', binary],
  ['wh26batt', binary],
  ['wh80batt', volts2],
  ['wh90batt', volts2],
  ['wh68batt', volts1],
  ['wh40batt', volts1],
];

const TYPE_THERMO_HYGRO = 2;
const TYPE_SOIL = 4;

/**
 * Parses an Ecowitt form body. Throws UploadError(400) when PASSKEY is missing; never throws for a bad value.
 * `dateutc` (UTC `YYYY-MM-DD HH:MM:SS` or `now`) gives the time when plausible, else `now`.
 */
export function parseEcowitt(source: FieldSource, now: number): ParsedUpload {
  const form = fieldsOf(source);
  const stationId = form.get('PASSKEY');
  if (!stationId) throw new UploadError(400, 'Missing PASSKEY');

  const time = uploadTime(form.get('dateutc'), now);
  const m = new FieldMapper(form, IGNORED);

  for (const [key, [field, convert], ...fallbacks] of FIELDS) {
    m.map(field, key, convert);
    for (const [alt, altConvert] of fallbacks) m.fallback(alt, key, altConvert);
  }

  // Batteries of the console / outdoor array / single sensors.
  m.map('wh25batt', 'batin', binary);
  for (const [field, convert] of OUTDOOR_BATTERIES) m.lowest('batc0', convertField(m, field, convert));
  m.map('wh57batt', 'batlightning', levelBattery);
  m.map('co2_batt', 'batco2', levelBattery);

  // Thermo-hygro channels 1..7, or soil-moisture channels where no thermo-hygro sensor uses the number.
  for (let n = 1; n <= 7; n++) {
    const thermoHygro = form.has(`temp${n}f`) || form.has(`temp${n}c`) || form.has(`humidity${n}`);
    if (thermoHygro) {
      m.map(`temp${n}f`, `tempc${n}`, fToC);
      m.fallback(`temp${n}c`, `tempc${n}`);
      m.map(`humidity${n}`, `humc${n}`);
      m.map(`batt${n}`, `batc${n}`, binary);
      m.set(`typec${n}`, TYPE_THERMO_HYGRO);
    } else if (form.has(`soilmoisture${n}`)) {
      m.map(`soilmoisture${n}`, `humc${n}`);
      m.map(`soilbatt${n}`, `batc${n}`, volts1);
      m.set(`typec${n}`, TYPE_SOIL);
    }
  }

  // Leak sensors (Ecowitt has 4; accept up to the catalogue's 7).
  for (let n = 1; n <= 7; n++) {
    m.map(`leak_ch${n}`, `leakc${n}`);
    m.map(`leakbatt${n}`, `batleakc${n}`, levelBattery);
  }

  // PM2.5 sensors (WH41/WH43) on PM channels 1..4; a WH45 combo sensor takes the first free PM channel.
  let freePm = 0;
  for (let n = 1; n <= 4; n++) {
    if (form.has(`pm25_ch${n}`)) {
      m.map(`pm25_ch${n}`, `pm25c${n}`);
      m.map(`pm25batt${n}`, `batpmc${n}`, levelBattery);
    } else if (freePm === 0) {
      freePm = n;
    }
  }
  if (freePm > 0 && (form.has('pm25_co2') || form.has('pm10_co2'))) {
    m.map('pm25_co2', `pm25c${freePm}`);
    m.map('pm10_co2', `pm10c${freePm}`);
    if (form.has('co2_batt')) m.set(`batpmc${freePm}`, m.values.batco2);
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

function convertField(m: FieldMapper, field: string, convert: Convert): number | null | undefined {
  const value = m.num(field);
  return value === undefined || value === null ? value : convert(value);
}
