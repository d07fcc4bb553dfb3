// Wunderground PWS protocol (also CCL consoles in "WUnderground API" mode):
// GET /weatherstation/updateweatherstation.php?action=updateraw&ID=&PASSWORD=&dateutc=&…
// Imperial units (°F, mph, inHg, in) converted to base units. Mapping: upload-protocols.md §2.
//
// Decisions:
// - `rainin` is the rain of the past hour → hourlyrain.
// - Extra sensors: `tempf` is the outdoor sensor (channel 0); `temp2f` is the FIRST extra sensor → tempc1,
//   `temp3f` → tempc2 … `temp8f` → tempc7 (typec{n} = 2). `temp9f`+ → unmapped.
// - Soil sensor k (k = 1..4: `soiltempf`/`soilmoisture`, `soiltemp{k}f`/`soilmoisture{k}`) → channel k as a
//   soil channel (tempc{k}, humc{k} = moisture %, typec{k} = 4), but only when channel k is not already taken
//   by `temp{k+1}f` in the same upload; otherwise the soil fields stay unmapped.
// - Only the catalogue's own averaging periods are mapped: `windspdmph_avg2m`, `winddir_avg2m`,
//   `windgustmph_10m`, `windgustdir` → unmapped (no 2-minute keys; a 10-minute gust is not windavg10m).
// - `lowbatt` (1 = low) → batc0 on the 0..5 battery scale: 0 → 5 (ok), 1 → 1 (low).

import { type FieldSource, fieldsOf } from './fields';
import { FieldMapper } from './mapper';
import { type ParsedUpload, UploadError } from './types';
import { binaryBattery, fToC, inHgToHpa, inToMm, mphToMs, uploadTime } from './values';

const IGNORED = new Set(['ID', 'PASSWORD', 'action', 'dateutc', 'realtime', 'rtfreq', 'softwaretype']);

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
];

const TYPE_THERMO_HYGRO = 2;
const TYPE_SOIL = 4;

/**
 * Parses a Wunderground upload. Throws UploadError(400) when ID, PASSWORD, `action=updateraw` or dateutc is
 * missing; never throws for a bad value. `dateutc` is UTC (`YYYY-MM-DD HH:MM:SS`) or `now`; a malformed or
 * implausible one → `now`.
 */
export function parseWunderground(source: FieldSource, now: number): ParsedUpload {
  const params = fieldsOf(source);
  const stationId = params.get('ID');
  const stationKey = params.get('PASSWORD');
  if (!stationId || !stationKey) throw new UploadError(400, 'Missing ID or PASSWORD');
  if (params.get('action') !== 'updateraw') throw new UploadError(400, 'Missing or unknown action');
  const dateutc = params.get('dateutc');
  if (!dateutc) throw new UploadError(400, 'Missing dateutc');

  const time = uploadTime(dateutc, now);
  const m = new FieldMapper(params, IGNORED);

  for (const [field, key, convert] of FIELDS) m.map(field, key, convert);
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
    if (m.has(`temp${k + 1}f`)) continue; // channel k is an air-temperature channel: leave soil unmapped
    m.map(tempField, `tempc${k}`, fToC);
    m.map(moistureField, `humc${k}`);
    m.set(`typec${k}`, TYPE_SOIL);
  }

  return {
    protocol: 'wunderground',
    stationId,
    stationKey,
    time,
    values: m.values,
    unmapped: m.unmapped(),
  };
}
