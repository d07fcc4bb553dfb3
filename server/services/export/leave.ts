// Export to leave (issue 25): a station's 5-minute history in the formats of the programs an owner may move to,
// so they take their years with them.
// - WeeWX: its archive database (SQLite, table `archive` of the wview_extended schema), usUnits 17 (METRICWX:
//   °C, mbar, m/s, mm, mm/h, W/m²) — our base units, so values go in unconverted. A record is stamped at the end
//   of its interval (as WeeWX does) with the interval's mean readings, its highest gust and rain rate, and
//   `rain`, the rain of the interval (the rise of the day's total, which restarts each local day).
// - CumulusMX: its monthly data log in the v4 layout (LogFileRec.cs: `dd/MM/yy HH:mm,<unix>,temp,hum,dew,wind,
//   gust,bearing,rain rate,rain today,pressure,…`), in Cumulus's default units (°C, m/s, hPa, mm). Cumulus keeps
//   one file per month, named `<Mon><yy>log.txt`: a one-month export gets that name.
// Both read one device-local day of buckets at a time; the database is written to a temporary file and streamed.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import Database from 'better-sqlite3';
import { aggValue } from '../../../src/domain/aggregate';
import { localDayEnd, localDayStart, localParts } from '../../../src/domain/timeZones';
import type { Aggs, SampleStore } from '../../storage/samples';

interface Range {
  device: { _id: string; timezone: string };
  from: number;
  to: number;
}

/** The columns of WeeWX's wview_extended `archive` table (weewx src/schemas/wview_extended.py). */
const WVIEW_EXTENDED =
  `altimeter appTemp appTemp1 barometer batteryStatus1 batteryStatus2 batteryStatus3 batteryStatus4
batteryStatus5 batteryStatus6 batteryStatus7 batteryStatus8 cloudbase co co2 consBatteryVoltage dewpoint dewpoint1 ET
extraHumid1 extraHumid2 extraHumid3 extraHumid4 extraHumid5 extraHumid6 extraHumid7 extraHumid8 extraTemp1 extraTemp2
extraTemp3 extraTemp4 extraTemp5 extraTemp6 extraTemp7 extraTemp8 forecast hail hailBatteryStatus hailRate heatindex
heatindex1 heatingTemp heatingVoltage humidex humidex1 inDewpoint inHumidity inTemp inTempBatteryStatus leafTemp1
leafTemp2 leafWet1 leafWet2 lightning_distance lightning_disturber_count lightning_energy lightning_noise_count
lightning_strike_count luminosity maxSolarRad nh3 no2 noise o3 outHumidity outTemp outTempBatteryStatus pb pm10_0
pm1_0 pm2_5 pressure radiation rain rainBatteryStatus rainRate referenceVoltage rxCheckPercent signal1 signal2 signal3
signal4 signal5 signal6 signal7 signal8 snow snowBatteryStatus snowDepth snowMoisture snowRate so2 soilMoist1
soilMoist2 soilMoist3 soilMoist4 soilTemp1 soilTemp2 soilTemp3 soilTemp4 supplyVoltage txBatteryStatus UV
uvBatteryStatus windBatteryStatus windchill windDir windGust windGustDir windrun windSpeed`.split(/\s+/);

/** WeeWX column ← our key and the aggregate of the 5-minute bucket it takes. */
const TO_WEEWX: ReadonlyArray<readonly [string, string, 'mean' | 'max' | 'last']> = [
  ['outTemp', 'tempc0', 'mean'],
  ['outHumidity', 'humc0', 'mean'],
  ['dewpoint', 'dewpoint', 'mean'],
  ['heatindex', 'heatindex', 'mean'],
  ['windchill', 'windchill', 'mean'],
  ['appTemp', 'feelslike', 'mean'],
  ['inTemp', 'tempin', 'mean'],
  ['inHumidity', 'humin', 'mean'],
  ['barometer', 'relbaro', 'mean'],
  ['pressure', 'absbaro', 'mean'],
  ['windSpeed', 'windspd', 'mean'],
  ['windDir', 'winddir', 'last'],
  ['windGust', 'gust', 'max'],
  ['rainRate', 'rainrate', 'max'],
  ['radiation', 'solarrad', 'mean'],
  ['UV', 'uvi', 'mean'],
  ['pm2_5', 'pm25c1', 'mean'],
  ['pm10_0', 'pm10c1', 'mean'],
  ['co2', 'co2', 'mean'],
  ...[1, 2, 3, 4, 5, 6, 7].flatMap(
    (n) =>
      [
        [`extraTemp${n}`, `tempc${n}`, 'mean'],
        [`extraHumid${n}`, `humc${n}`, 'mean'],
      ] as const,
  ),
];

const value = (aggs: Aggs, key: string, how: 'mean' | 'max' | 'last'): number | null => {
  const a = aggs[key];
  return a ? aggValue(a, how) : null;
};

/** The 5-minute buckets of [from, to), a device-local day at a time, with the rain of each interval. */
async function* intervals(store: SampleStore, { device, from, to }: Range) {
  const tz = device.timezone;
  for (let t = from; t < to; ) {
    const end = Math.min(localDayEnd(t, tz), to);
    // The day's total restarts at local midnight; a bucket's rain is its rise over the previous bucket's total.
    let before = 0;
    let day = localDayStart(t, tz);
    for (const b of await store.buckets('buckets5m', device._id, t, end)) {
      const start = localDayStart(b.time, tz);
      if (start !== day) {
        day = start;
        before = 0;
      }
      const total = value(b.aggs, 'dailyrain', 'max');
      const rain = total === null ? null : Math.max(0, Math.round((total - before) * 1000) / 1000);
      if (total !== null) before = total;
      yield { time: b.time, aggs: b.aggs, rain, dailyrain: total };
    }
    t = end;
  }
}

/** A WeeWX archive database of the range, as a stream of its file (removed once read). */
export async function weewxArchive(store: SampleStore, range: Range, tmpDir: string): Promise<Readable> {
  await mkdir(tmpDir, { recursive: true });
  const path = join(tmpDir, `weewx-${randomBytes(8).toString('hex')}.sdb`);
  const db = new Database(path);
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    const columns = WVIEW_EXTENDED.map((c) => `\`${c}\` REAL`).join(', ');
    db.exec(
      `CREATE TABLE archive (\`dateTime\` INTEGER NOT NULL UNIQUE PRIMARY KEY, \`usUnits\` INTEGER NOT NULL, \`interval\` INTEGER NOT NULL, ${columns})`,
    );
    const names = ['dateTime', 'usUnits', 'interval', 'rain', ...TO_WEEWX.map(([c]) => c)];
    const insert = db.prepare(
      `INSERT INTO archive (${names.map((n) => `\`${n}\``).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
    );
    let batch: unknown[][] = [];
    const write = db.transaction((rows: unknown[][]) => {
      for (const r of rows) insert.run(...r);
    });
    for await (const b of intervals(store, range)) {
      batch.push([b.time + 300, 17, 5, b.rain, ...TO_WEEWX.map(([, key, how]) => value(b.aggs, key, how))]);
      if (batch.length >= 2000) {
        write(batch);
        batch = [];
      }
    }
    write(batch);
  } finally {
    db.close();
  }
  const stream = createReadStream(path);
  stream.on('close', () => void rm(path, { force: true }));
  return stream;
}

const pad = (n: number) => String(n).padStart(2, '0');
const fixed = (v: number | null, dp: number) => (v === null ? '' : v.toFixed(dp));
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Cumulus's own name for the log of the month holding `t` (device-local): `Nov24log.txt`. */
export function cumulusLogName(t: number, timeZone: string): string {
  const p = localParts(t, timeZone);
  return `${MONTHS[p.m - 1]}${String(p.y).slice(2)}log.txt`;
}

/** CumulusMX v4 monthly-log lines of the range (CRLF, as Cumulus writes on Windows and reads anywhere). */
export async function* cumulusLog(store: SampleStore, range: Range): AsyncGenerator<string> {
  const tz = range.device.timezone;
  let text = '';
  for await (const b of intervals(store, range)) {
    const t = b.time + 300; // Cumulus, like WeeWX, logs at the end of the interval
    const p = localParts(t, tz);
    const v = (key: string, how: 'mean' | 'max' | 'last' = 'mean') => value(b.aggs, key, how);
    const fields = [
      `${pad(p.d)}/${pad(p.m)}/${pad(p.y % 100)} ${pad(p.h)}:${pad(p.mi)}`,
      String(t),
      fixed(v('tempc0'), 1),
      fixed(v('humc0') === null ? null : Math.round(v('humc0')!), 0),
      fixed(v('dewpoint'), 1),
      fixed(v('windspd'), 1),
      fixed(v('gust', 'max'), 1),
      fixed(v('winddir', 'last') === null ? null : Math.round(v('winddir', 'last')!), 0),
      fixed(v('rainrate', 'max'), 2),
      fixed(b.dailyrain, 2),
      fixed(v('relbaro'), 2),
      '', // the station's rain counter: not known
      fixed(v('tempin'), 1),
      fixed(v('humin') === null ? null : Math.round(v('humin')!), 0),
      fixed(v('gust', 'last'), 1),
      fixed(v('windchill'), 1),
      fixed(v('heatindex'), 1),
      fixed(v('uvi'), 1),
      fixed(v('solarrad') === null ? null : Math.round(v('solarrad')!), 0),
      '',
      '',
      '',
      '',
      '',
      fixed(v('winddir', 'last') === null ? null : Math.round(v('winddir', 'last')!), 0),
      '',
      fixed(b.dailyrain, 2),
      fixed(v('feelslike'), 1),
      '',
      '',
      fixed(v('wbgt'), 1),
    ];
    text += `${fields.join(',')}\r\n`;
    if (text.length > 64 * 1024) {
      yield text;
      text = '';
    }
  }
  if (text) yield text;
}
