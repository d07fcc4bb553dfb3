// A WeeWX archive: its SQLite database (weewx.sdb), table `archive`, one row per archive interval, schema
// `wview_extended` (weewx src/schemas/wview_extended.py; fixtures/README.md). Each row names its unit system in
// `usUnits`: 1 US (°F, inHg, mph, inch), 16 METRIC (°C, mbar, km/h, cm), 17 METRICWX (°C, mbar, m/s, mm).
// `rain` is the rain of that interval: it becomes the day's running total (dailyrain), device-local day, which
// is what our daily records read. Rows are read in time order through an iterator, never all at once.
import Database from 'better-sqlite3';
import { localDayStart } from '../../src/domain/timeZones';
import type { BadLine, ImportReader, ReadOptions, SampleRow } from './types';
import { toBase } from './units';

type Group = 'temp' | 'pressure' | 'speed' | 'rain' | 'rate' | 'distance' | null;

const UNITS: Record<number, Record<Exclude<Group, null>, string>> = {
  1: { temp: 'F', pressure: 'inHg', speed: 'mph', rain: 'in', rate: 'in/h', distance: 'mi' },
  16: { temp: 'C', pressure: 'hPa', speed: 'km/h', rain: 'cm', rate: 'cm/h', distance: 'km' },
  17: { temp: 'C', pressure: 'hPa', speed: 'm/s', rain: 'mm', rate: 'mm/h', distance: 'km' },
};

/** WeeWX column → catalogue key and unit group. */
const COLUMNS: ReadonlyArray<readonly [string, string, Group]> = [
  ['outTemp', 'tempc0', 'temp'],
  ['outHumidity', 'humc0', null],
  ['dewpoint', 'dewpoint', 'temp'],
  ['heatindex', 'heatindex', 'temp'],
  ['windchill', 'windchill', 'temp'],
  ['inTemp', 'tempin', 'temp'],
  ['inHumidity', 'humin', null],
  ['barometer', 'relbaro', 'pressure'],
  ['pressure', 'absbaro', 'pressure'],
  ['windSpeed', 'windspd', 'speed'],
  ['windGust', 'gust', 'speed'],
  ['windDir', 'winddir', null],
  ['rainRate', 'rainrate', 'rate'],
  ['radiation', 'solarrad', null],
  ['UV', 'uvi', null],
  ['pm2_5', 'pm25c1', null],
  ['pm10_0', 'pm10c1', null],
  ['co2', 'co2', null],
  ['lightning_distance', 'lightningdist', 'distance'],
  ...[1, 2, 3, 4, 5, 6, 7].flatMap(
    (n) =>
      [
        [`extraTemp${n}`, `tempc${n}`, 'temp'],
        [`extraHumid${n}`, `humc${n}`, null],
      ] as const,
  ),
];

export class NotWeewxError extends Error {}

/** Opens a WeeWX database read-only; throws NotWeewxError when it has no `archive` table with dateTime/usUnits. */
export function weewxReader(path: string, options: ReadOptions): ImportReader & { close(): void } {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  let present: Set<string>;
  try {
    present = new Set(
      (db.prepare("SELECT name FROM pragma_table_info('archive')").all() as { name: string }[]).map(
        (r) => r.name,
      ),
    );
  } catch (error) {
    db.close();
    throw new NotWeewxError(`Not a SQLite database: ${(error as Error).message}`);
  }
  if (!present.has('dateTime') || !present.has('usUnits')) {
    db.close();
    throw new NotWeewxError('No WeeWX archive table (archive with dateTime and usUnits)');
  }
  const columns = COLUMNS.filter(([c]) => present.has(c));
  const hasRain = present.has('rain');
  const first = db.prepare('SELECT usUnits FROM archive ORDER BY dateTime LIMIT 1').pluck().get() as
    | number
    | undefined;
  const system = UNITS[first ?? 1] ?? UNITS[1];
  const units: Record<string, string> = {};
  for (const [, key, group] of columns) units[key] = group ? system[group] : key === 'winddir' ? 'deg' : '';
  if (hasRain) units.dailyrain = system.rain;
  const bad: BadLine[] = [];
  const select = `SELECT dateTime, usUnits${hasRain ? ', rain' : ''}${columns.map(([c]) => `, "${c}"`).join('')} FROM archive ORDER BY dateTime`;

  async function* rows(): AsyncGenerator<SampleRow> {
    let day = Number.NaN;
    let total = 0;
    let n = 0;
    for (const row of db.prepare(select).iterate() as IterableIterator<Record<string, number | null>>) {
      n++;
      const time = Number(row.dateTime);
      const sys = UNITS[Number(row.usUnits)];
      if (!sys) {
        bad.push({ line: n, reason: `Unknown usUnits ${row.usUnits}` });
        continue;
      }
      const values: Record<string, number | null> = {};
      for (const [column, key, group] of columns) {
        const v = row[column];
        values[key] =
          v === null || v === undefined || !Number.isFinite(v) ? null : group ? toBase(sys[group], v) : v;
      }
      if (hasRain) {
        // The day of the record's own time, as the buckets count it (so a day's records see one running total).
        const start = localDayStart(time, options.timeZone);
        if (start !== day) {
          day = start;
          total = 0;
        }
        if (row.rain !== null && Number.isFinite(row.rain) && (row.rain as number) >= 0)
          total += toBase(sys.rain, row.rain as number);
        values.dailyrain = Math.round(total * 1000) / 1000;
      }
      yield { time, values, line: n };
    }
  }
  return { format: 'weewx', kind: 'samples', units, rows, bad, close: () => db.close() };
}
