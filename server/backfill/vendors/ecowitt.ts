// Ecowitt.net API v3 history (https://doc.ecowitt.net/web/#/apiv3en, History Data): GET /api/v3/device/history with
// application_key, api_key, mac, start_date, end_date, cycle_type and call_back. The answer is
// {code, msg, time, data: {<group>: {<field>: {unit, list: {<unix s>: "<value>"}}}}} (data is [] with no readings).
// We ask for metric units (temp_unitid=1 ℃, pressure_unitid=3 hPa, wind_speed_unitid=6 m/s, rainfall_unitid=12
// mm, solar_irradiance_unitid=16 W/m²) and still convert by the unit each series names. One local day per call:
// 5-minute data for the last 90 days, 30-minute data up to a year (Ecowitt's retention); start_date and end_date
// are wall times in the device's zone on ecowitt.net, which is the station's zone here.
import { ECOWITT_FIVE_MINUTE_DAYS } from '../../../src/domain/backfill';
import { localParts } from '../../../src/domain/timeZones';
import type { SampleRow } from '../../import/types';
import { canonicalUnit, TO_BASE } from '../../import/units';
import { BackfillError } from '../http';
import { localDays } from './days';
import { isObject, numberOf, type VendorModule } from './types';

/** Ecowitt group.field → catalogue key. */
const FIELDS: Record<string, string> = {
  'outdoor.temperature': 'tempc0',
  'outdoor.humidity': 'humc0',
  'outdoor.dew_point': 'dewpoint',
  'outdoor.feels_like': 'feelslike',
  'indoor.temperature': 'tempin',
  'indoor.humidity': 'humin',
  'solar_and_uvi.solar': 'solarrad',
  'solar_and_uvi.uvi': 'uvi',
  'rainfall.rain_rate': 'rainrate',
  'rainfall.event': 'eventrain',
  'rainfall.hourly': 'hourlyrain',
  'rainfall.daily': 'dailyrain',
  'rainfall.weekly': 'weeklyrain',
  'rainfall.monthly': 'monthlyrain',
  'rainfall.yearly': 'yearlyrain',
  'rainfall_piezo.rain_rate': 'rainratepiezo',
  'rainfall_piezo.event': 'eventrainpiezo',
  'rainfall_piezo.hourly': 'hourlyrainpiezo',
  'rainfall_piezo.daily': 'dailyrainpiezo',
  'rainfall_piezo.weekly': 'weeklyrainpiezo',
  'rainfall_piezo.monthly': 'monthlyrainpiezo',
  'rainfall_piezo.yearly': 'yearlyrainpiezo',
  'wind.wind_speed': 'windspd',
  'wind.wind_gust': 'gust',
  'wind.wind_direction': 'winddir',
  'pressure.relative': 'relbaro',
  'pressure.absolute': 'absbaro',
};
const CALL_BACK = 'outdoor,indoor,solar_and_uvi,rainfall,rainfall_piezo,wind,pressure';
const UNITS =
  'temp_unitid=1&pressure_unitid=3&wind_speed_unitid=6&rainfall_unitid=12&solar_irradiance_unitid=16';
/** Codes of a refused key or MAC (40010 application_key, 40011 api_key, 40012 mac). */
const AUTH_CODES = new Set([40010, 40011, 40012]);

const pad = (n: number) => String(n).padStart(2, '0');
function wall(t: number, tz: string): string {
  const p = localParts(t, tz);
  return `${p.y}-${pad(p.m)}-${pad(p.d)} ${pad(p.h)}:${pad(p.mi)}:${pad(p.s)}`;
}

/** Unit a series names → conversion; dimensionless and degree series as they are. */
function converter(key: string, unit: unknown): ((v: number) => number) | null {
  if (key === 'winddir' || key === 'uvi' || key === 'humc0' || key === 'humin') return (v) => v;
  const u = typeof unit === 'string' ? canonicalUnit(unit) : null;
  return u ? (TO_BASE[u] ?? null) : null;
}

/** The readings of one answer, by time. */
export function ecowittRows(
  answer: unknown,
  from: number,
  to: number,
): Map<number, Record<string, number | null>> {
  if (!isObject(answer) || typeof answer.code !== 'number')
    throw new BackfillError('malformed', 'Ecowitt.net answered without a code');
  if (AUTH_CODES.has(answer.code))
    throw new BackfillError(
      'auth',
      `Ecowitt.net refused the keys (${answer.code} ${String(answer.msg ?? '')})`,
    );
  if (answer.code !== 0)
    throw new BackfillError('vendor', `Ecowitt.net: ${answer.code} ${String(answer.msg ?? '')}`);
  const out = new Map<number, Record<string, number | null>>();
  const data = answer.data;
  if (Array.isArray(data)) return out; // no readings in the range
  if (!isObject(data)) throw new BackfillError('malformed', 'Ecowitt.net answered no data object');
  for (const [group, fields] of Object.entries(data)) {
    if (!isObject(fields)) continue;
    for (const [field, series] of Object.entries(fields)) {
      const key = FIELDS[`${group}.${field}`];
      if (!key || !isObject(series) || !isObject(series.list)) continue;
      const convert = converter(key, series.unit);
      if (!convert) continue;
      for (const [stamp, raw] of Object.entries(series.list)) {
        const t = Number(stamp);
        const v = numberOf(raw);
        if (!Number.isInteger(t) || t < from || t >= to || v === null) continue;
        const row = out.get(t) ?? {};
        row[key] = convert(v);
        out.set(t, row);
      }
    }
  }
  return out;
}

export const ecowitt: VendorModule = (client, endpoint, keys, range) => {
  const days = localDays(range.from, range.to, range.timeZone);
  const fiveMinuteSince = range.now - ECOWITT_FIVE_MINUTE_DAYS * 86400;
  let line = 0;
  return {
    planned: days.length,
    async *pages() {
      for (const [start, end] of days) {
        const cycle = start >= fiveMinuteSince ? '5min' : '30min';
        const q = new URLSearchParams({
          application_key: keys.applicationKey,
          api_key: keys.apiKey,
          mac: keys.mac,
          start_date: wall(start, range.timeZone),
          end_date: wall(end - 1, range.timeZone),
          cycle_type: cycle,
          call_back: CALL_BACK,
        });
        const answer = await client.getJson(`${endpoint}/api/v3/device/history?${q}&${UNITS}`);
        const rows = ecowittRows(answer, start, end);
        const page: SampleRow[] = [...rows.keys()]
          .sort((a, b) => a - b)
          .map((time) => ({ time, values: rows.get(time)!, line: ++line }));
        yield page;
      }
    },
  };
};
