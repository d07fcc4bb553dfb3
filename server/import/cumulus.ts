// CumulusMX files (fields: CumulusMX/LogFiles/LogFileRec.cs and DayFileRec.cs; fixtures/README.md):
// - the monthly data log (`<Mmm><yy>log.txt`), one reading per logging interval;
// - dayfile.txt, one summary per day.
// Two generations write them:
// - before v4 (and Cumulus 1): `dd/mm/yy,hh:mm,…` with the computer's list separator and decimal mark (German
//   Windows: `24.12.23;10:00;3,4;…`) and its date separator (`/`, `-` or `.`); the time is local wall time;
// - v4 and later: invariant `dd/MM/yy HH:mm,<unix seconds>,…` (comma, dot decimals), so the time is exact.
// Fields from the third on are the same in both. The files do not name their units (Cumulus.ini does): the
// owner picks them, metric (°C, m/s, hPa, mm: Cumulus's defaults) unless told.
import type { Agg } from '../../src/domain/aggregate';
import { zonedTime } from '../../src/domain/timeZones';
import { linesOf, numberOf, splitLine } from './text';
import type { BadLine, DayRow, ImportReader, ReadOptions, SampleRow } from './types';
import { toBase } from './units';

export interface CumulusLayout {
  kind: 'log' | 'dayfile';
  /** v4+: date and time in one field, then unix seconds. */
  modern: boolean;
  delimiter: string;
  decimalComma: boolean;
  dateSeparator: string;
}

const DATE = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{2}|\d{4})$/;
const TIME = /^(\d{1,2}):(\d{2})$/;

/** The layout of a Cumulus file from its first data line, or null when the line is not Cumulus's. */
export function cumulusLayout(text: string): CumulusLayout | null {
  for (const delimiter of [',', ';', '\t']) {
    const f = text.split(delimiter);
    if (f.length < 10) continue;
    const modern = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{2}) (\d{1,2}):(\d{2})$/.exec(f[0]);
    if (modern && /^\d{9,11}$/.test(f[1]))
      return { kind: 'log', modern: true, delimiter, decimalComma: false, dateSeparator: modern[2] };
    const date = DATE.exec(f[0]);
    if (!date) continue;
    const decimalComma = delimiter !== ',' && f.some((x) => /^-?\d+,\d+$/.test(x));
    if (TIME.test(f[1]))
      return { kind: 'log', modern: false, delimiter, decimalComma, dateSeparator: date[2] };
    // dayfile: date, high gust (a number), its bearing, its time.
    if (numberOf(f[1], decimalComma) !== null && TIME.test(f[3]))
      return {
        kind: 'dayfile',
        modern: delimiter === ',' && !decimalComma,
        delimiter,
        decimalComma,
        dateSeparator: date[2],
      };
  }
  return null;
}

type Unit = 'temp' | 'wind' | 'pressure' | 'rain' | 'rate' | null;

/** Monthly log fields from index 2 on: [index, key, unit kind]. Latest gust, ET, sunshine… are not kept. */
const LOG_FIELDS: ReadonlyArray<readonly [number, string, Unit]> = [
  [2, 'tempc0', 'temp'],
  [3, 'humc0', null],
  [4, 'dewpoint', 'temp'],
  [5, 'windspd', 'wind'],
  [6, 'gust', 'wind'],
  [7, 'winddir', null],
  [8, 'rainrate', 'rate'],
  [9, 'dailyrain', 'rain'],
  [10, 'relbaro', 'pressure'],
  [12, 'tempin', 'temp'],
  [13, 'humin', null],
  [15, 'windchill', 'temp'],
  [16, 'heatindex', 'temp'],
  [17, 'uvi', null],
  [18, 'solarrad', null],
  [27, 'feelslike', 'temp'],
  [30, 'wbgt', 'temp'],
];

/** The units of a Cumulus file: metric unless the owner says otherwise. */
function unitsOf(options: ReadOptions) {
  const u = options.units ?? {};
  const temp = u.temp === 'F' ? 'F' : 'C';
  const wind = ({ ms: 'm/s', 'm/s': 'm/s', kmh: 'km/h', 'km/h': 'km/h', mph: 'mph', kn: 'kn' } as const)[
    (u.wind ?? 'ms') as 'ms'
  ];
  const pressure = ['inHg', 'kPa', 'mmHg'].includes(u.pressure ?? '') ? (u.pressure as string) : 'hPa';
  const rain = u.rain === 'in' ? 'in' : 'mm';
  if (!wind) throw new Error(`Unknown wind unit ${u.wind}`);
  return { temp, wind, pressure, rain, rate: `${rain}/h` } as Record<Exclude<Unit, null>, string>;
}

function dateOf(text: string): [y: number, m: number, d: number] | null {
  const m = DATE.exec(text.trim());
  if (!m) return null;
  const year = Number(m[4]);
  return [year < 100 ? 2000 + year : year, Number(m[3]), Number(m[1])];
}

export function cumulusReader(
  source: () => AsyncIterable<Buffer | string>,
  layout: CumulusLayout,
  options: ReadOptions,
): ImportReader {
  const units = unitsOf(options);
  const bad: BadLine[] = [];
  const unitOf = (kind: Unit) => (kind === null ? null : units[kind]);
  const convert = (kind: Unit, raw: string | undefined): number | null => {
    const n = numberOf(raw, layout.decimalComma);
    if (n === null) return null;
    const unit = unitOf(kind);
    return unit ? toBase(unit, n) : n;
  };
  const named: Record<string, string> = {};
  if (layout.kind === 'log')
    for (const [, key, kind] of LOG_FIELDS) named[key] = unitOf(kind) ?? (key === 'winddir' ? 'deg' : '');
  else for (const [key, kind] of DAY_UNITS) named[key] = unitOf(kind) ?? '';

  async function* rows(): AsyncGenerator<SampleRow | DayRow> {
    for await (const { line, text } of linesOf(source())) {
      if (text.trim() === '') continue;
      const f = splitLine(text, layout.delimiter);
      if (layout.kind === 'log') {
        const time = logTime(f, layout, options.timeZone);
        if (time === null) {
          bad.push({ line, reason: 'No date and time' });
          continue;
        }
        const values: Record<string, number | null> = {};
        for (const [i, key, kind] of LOG_FIELDS) if (i < f.length) values[key] = convert(kind, f[i]);
        yield { time, values, line };
      } else {
        const date = dateOf(f[0]);
        if (!date) {
          bad.push({ line, reason: 'No date' });
          continue;
        }
        const time = zonedTime(Date.UTC(date[0], date[1] - 1, date[2]) / 1000, options.timeZone);
        yield { time, aggs: dayAggs(f, convert), line };
      }
    }
  }
  return {
    format: layout.kind === 'log' ? 'cumulus-log' : 'cumulus-dayfile',
    kind: layout.kind === 'log' ? 'samples' : 'daily',
    units: named,
    rows,
    bad,
  };
}

function logTime(f: string[], layout: CumulusLayout, timeZone: string): number | null {
  if (layout.modern) {
    const t = Number(f[1]);
    return Number.isInteger(t) && t > 0 ? t : null;
  }
  const date = dateOf(f[0]);
  const time = TIME.exec(f[1]?.trim() ?? '');
  if (!date || !time) return null;
  return zonedTime(
    Date.UTC(date[0], date[1] - 1, date[2], Number(time[1]), Number(time[2])) / 1000,
    timeZone,
  );
}

const DAY_UNITS: ReadonlyArray<readonly [string, Unit]> = [
  ['tempc0', 'temp'],
  ['humc0', null],
  ['dewpoint', 'temp'],
  ['relbaro', 'pressure'],
  ['gust', 'wind'],
  ['windspd', 'wind'],
  ['winddir', null],
  ['rainrate', 'rate'],
  ['dailyrain', 'rain'],
  ['heatindex', 'temp'],
  ['windchill', 'temp'],
  ['solarrad', null],
  ['uvi', null],
];

/**
 * A dayfile line as daily aggregates [count, sum, min, max, last]. Each counts as one reading of its day: where
 * the file gives the day's mean (temperature) it is the mean; where it gives a low and a high only, the midpoint;
 * where only a high (gust, rain rate, UV) or a low (wind chill), that one value.
 */
function dayAggs(
  f: string[],
  convert: (kind: Unit, raw: string | undefined) => number | null,
): Record<string, Agg> {
  const aggs: Record<string, Agg> = {};
  const put = (key: string, low: number | null, high: number | null, mean?: number | null) => {
    const lo = low ?? high;
    const hi = high ?? low;
    if (lo === null || hi === null) return;
    const m = mean ?? Math.round(((lo + hi) / 2) * 1000) / 1000;
    aggs[key] = [1, m, lo, hi, m];
  };
  put('tempc0', convert('temp', f[4]), convert('temp', f[6]), convert('temp', f[15]));
  put('relbaro', convert('pressure', f[8]), convert('pressure', f[10]));
  put('rainrate', null, convert('rate', f[12]));
  put('dailyrain', null, convert('rain', f[14]));
  put('windspd', null, convert('wind', f[17]));
  put('gust', null, convert('wind', f[1]));
  put('humc0', convert(null, f[19]), convert(null, f[21]));
  put('heatindex', null, convert('temp', f[25]));
  put('windchill', convert('temp', f[33]), null);
  put('dewpoint', convert('temp', f[37]), convert('temp', f[35]));
  put('winddir', convert(null, f[39]), null);
  put('solarrad', null, convert(null, f[42]));
  put('uvi', null, convert(null, f[44]));
  return aggs;
}
