// Files with a header row: Weather Underground's PWS history, Ecowitt's exports (ecowitt.net and the console's
// SD card log share their column names), and any CSV the owner maps in the browser. One reader takes a list of
// columns (index, catalogue key, unit) and a way to read the time; each format only says how to build that list.
import { METRIC_BY_KEY } from '../../src/domain/catalogue';
import { zonedTime } from '../../src/domain/timeZones';
import { parseWallTimeAsUtc } from '../ingest/parsers/values';
import { linesOf, numberOf, splitLine } from './text';
import type { BadLine, CsvMapping, ImportFormat, ImportReader, ReadOptions, SampleRow } from './types';
import { canonicalUnit, TO_BASE, toBase } from './units';

export interface Column {
  index: number;
  key: string;
  unit: string;
}

type TimeOf = (fields: string[]) => number | null;

/** A wall time `YYYY-MM-DD hh:mm[:ss]` (or `T`) in `timeZone` (UTC when null) → unix seconds. */
export function wallTime(raw: string | undefined, timeZone: string | null): number | null {
  if (!raw) return null;
  const text = raw.trim().replace(/<br>$/i, '');
  const withSeconds = /^\d{4}-\d{1,2}-\d{1,2}[ T]\d{1,2}:\d{2}$/.test(text) ? `${text}:00` : text;
  const wall = parseWallTimeAsUtc(withSeconds);
  if (wall === null) return null;
  return timeZone ? zonedTime(wall, timeZone) : wall;
}

function tableReader(
  format: ImportFormat,
  source: () => AsyncIterable<Buffer | string>,
  delimiter: string,
  columns: Column[],
  timeOf: TimeOf,
  decimalComma = false,
): ImportReader {
  const bad: BadLine[] = [];
  const units: Record<string, string> = {};
  for (const c of columns) units[c.key] = c.unit;
  async function* rows(): AsyncGenerator<SampleRow> {
    let header = true;
    for await (const { line, text } of linesOf(source())) {
      const t = text.trim();
      if (header) {
        header = t === ''; // the first non-empty line is the header
        continue;
      }
      if (t === '' || /^<br\s*\/?>$/i.test(t) || t.startsWith('<!--')) continue;
      const f = splitLine(t.replace(/<br\s*\/?>$/i, ''), delimiter);
      const time = timeOf(f);
      if (time === null) {
        bad.push({ line, reason: 'No date and time' });
        continue;
      }
      const values: Record<string, number | null> = {};
      for (const c of columns) {
        const n = numberOf(f[c.index], decimalComma);
        values[c.key] = n === null ? null : toBase(c.unit, n);
      }
      yield { time, values, line };
    }
  }
  return { format, kind: 'samples', units, rows, bad };
}

// ---------------------------------------------------------------------------------------------------------
// Weather Underground: WXDailyHistory.asp?format=1 (and the tools that rebuild it from the PWS history API):
// `Time,TemperatureF,DewpointF,PressureIn,…,dailyrainin,SolarRadiationWatts/m^2,SoftwareType,DateUTC<br>`, or
// the metric spelling (TemperatureC, PressurehPa, WindSpeedKMH, HourlyPrecipMM, dailyrainMM). DateUTC is the
// time when present; otherwise Time is local wall time.
// ---------------------------------------------------------------------------------------------------------

const WU: Record<string, readonly [key: string, unit: string]> = {
  temperaturef: ['tempc0', 'F'],
  temperaturec: ['tempc0', 'C'],
  dewpointf: ['dewpoint', 'F'],
  dewpointc: ['dewpoint', 'C'],
  pressurein: ['relbaro', 'inHg'],
  pressurehpa: ['relbaro', 'hPa'],
  winddirectiondegrees: ['winddir', 'deg'],
  windspeedmph: ['windspd', 'mph'],
  windspeedkmh: ['windspd', 'km/h'],
  windspeedgustmph: ['gust', 'mph'],
  windspeedgustkmh: ['gust', 'km/h'],
  humidity: ['humc0', '%'],
  hourlyprecipin: ['hourlyrain', 'in'],
  hourlyprecipmm: ['hourlyrain', 'mm'],
  dailyrainin: ['dailyrain', 'in'],
  dailyrainmm: ['dailyrain', 'mm'],
  'solarradiationwatts/m^2': ['solarrad', 'W/m²'],
};

export const isWundergroundHeader = (header: string[]) => {
  const h = header.map((x) => x.trim().toLowerCase());
  return (
    h[0] === 'time' && (h.includes('temperaturef') || h.includes('temperaturec')) && h.includes('humidity')
  );
};

export function wundergroundReader(
  source: () => AsyncIterable<Buffer | string>,
  header: string[],
  options: ReadOptions,
): ImportReader {
  const h = header.map((x) => x.trim().replace(/<br>$/i, '').toLowerCase());
  const columns: Column[] = [];
  h.forEach((name, index) => {
    const known = WU[name];
    if (known) columns.push({ index, key: known[0], unit: known[1] });
  });
  const utc = h.indexOf('dateutc');
  const timeOf: TimeOf = utc >= 0 ? (f) => wallTime(f[utc], null) : (f) => wallTime(f[0], options.timeZone);
  return tableReader('wunderground', source, ',', columns, timeOf);
}

// ---------------------------------------------------------------------------------------------------------
// Ecowitt: `Time,Indoor Temperature(℃),…,Outdoor Temperature(℃),…,Wind(m/s),Gust(m/s),Wind Direction(deg),
// ABS Pressure(hPa),REL Pressure(hPa),Solar Rad(w/m2),UV-Index,Rain Rate(mm/Hr),…,Yearly Rain(mm)` with the
// units the owner chose in the app; newer files add `Timestamp` (unix seconds) after Time. Time is local wall
// time (`YYYY-MM-DD hh:mm`).
// ---------------------------------------------------------------------------------------------------------

const ECOWITT: Record<string, string> = {
  'indoor temperature': 'tempin',
  'indoor humidity': 'humin',
  'outdoor temperature': 'tempc0',
  'outdoor humidity': 'humc0',
  'dew point': 'dewpoint',
  'feels like': 'feelslike',
  wbgt: 'wbgt',
  wind: 'windspd',
  'wind speed': 'windspd',
  gust: 'gust',
  'wind gust': 'gust',
  'wind direction': 'winddir',
  'abs pressure': 'absbaro',
  'pressure absolute': 'absbaro',
  'rel pressure': 'relbaro',
  'pressure relative': 'relbaro',
  'solar rad': 'solarrad',
  solar: 'solarrad',
  'uv-index': 'uvi',
  uvi: 'uvi',
  'rain rate': 'rainrate',
  'hourly rain': 'hourlyrain',
  'event rain': 'eventrain',
  'daily rain': 'dailyrain',
  'weekly rain': 'weeklyrain',
  'monthly rain': 'monthlyrain',
  'yearly rain': 'yearlyrain',
  'piezo rate': 'rainratepiezo',
  'piezo hourly rain': 'hourlyrainpiezo',
  'piezo event rain': 'eventrainpiezo',
  'piezo daily rain': 'dailyrainpiezo',
  'piezo weekly rain': 'weeklyrainpiezo',
  'piezo monthly rain': 'monthlyrainpiezo',
  'piezo yearly rain': 'yearlyrainpiezo',
};

/** `Outdoor Temperature(℃)` → [`outdoor temperature`, `℃`]. */
function nameAndUnit(header: string): [string, string | null] {
  const m = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(header.trim());
  return m ? [m[1].toLowerCase(), m[2]] : [header.trim().toLowerCase(), null];
}

export const isEcowittHeader = (header: string[]) =>
  header[0]?.trim().toLowerCase() === 'time' &&
  header.some((x) => {
    const [name, unit] = nameAndUnit(x);
    return name === 'outdoor temperature' && unit !== null;
  });

export function ecowittReader(
  source: () => AsyncIterable<Buffer | string>,
  header: string[],
  options: ReadOptions,
): ImportReader {
  const columns: Column[] = [];
  let stamp = -1;
  header.forEach((raw, index) => {
    const [name, unitText] = nameAndUnit(raw);
    if (name === 'timestamp') stamp = index;
    const key = ECOWITT[name];
    if (!key || !METRIC_BY_KEY[key]) return;
    const unit = unitText === null ? (key === 'uvi' ? 'UVI' : null) : canonicalUnit(unitText);
    if (unit) columns.push({ index, key, unit });
  });
  const timeOf: TimeOf =
    stamp >= 0
      ? (f) => {
          const t = Number(f[stamp]);
          return Number.isInteger(t) && t > 0 ? t : wallTime(f[0], options.timeZone);
        }
      : (f) => wallTime(f[0], options.timeZone);
  return tableReader('ecowitt', source, ',', columns, timeOf);
}

// ---------------------------------------------------------------------------------------------------------
// Any CSV with a header, mapped by the owner: the time column (unix seconds, ISO 8601, or local wall time) and
// per column a catalogue key and the unit it is in.
// ---------------------------------------------------------------------------------------------------------

export function mappedReader(
  source: () => AsyncIterable<Buffer | string>,
  header: string[],
  delimiter: string,
  mapping: CsvMapping,
  options: ReadOptions,
): ImportReader {
  const names = header.map((h) => h.trim());
  const timeIndex = names.indexOf(mapping.time);
  if (timeIndex < 0) throw new MappingError(`No column ${mapping.time}`);
  const columns: Column[] = [];
  for (const [name, { key, unit }] of Object.entries(mapping.columns)) {
    const index = names.indexOf(name);
    if (index < 0) throw new MappingError(`No column ${name}`);
    if (!METRIC_BY_KEY[key]) throw new MappingError(`Unknown metric ${key}`);
    if (!TO_BASE[unit]) throw new MappingError(`Unknown unit ${unit}`);
    columns.push({ index, key, unit });
  }
  const timeOf: TimeOf = (f) => {
    const raw = f[timeIndex]?.trim();
    if (!raw) return null;
    if (mapping.timeFormat === 'unix') {
      const t = Number(raw);
      return Number.isFinite(t) && t > 0 ? Math.floor(t > 1e11 ? t / 1000 : t) : null;
    }
    if (mapping.timeFormat === 'iso' && /(Z|[+-]\d{2}:?\d{2})$/.test(raw)) {
      const ms = Date.parse(raw);
      return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
    }
    return wallTime(raw, mapping.timeFormat === 'iso' ? 'UTC' : options.timeZone);
  };
  // A file split by `;` or tabs is usually so because its decimal mark is a comma.
  return tableReader('csv', source, delimiter, columns, timeOf, delimiter !== ',');
}

export class MappingError extends Error {}
