// Climate summaries of a station (issue 26):
//  weatherDevices/climate  find {device, month=YYYY-MM | year=YYYY, format?=json|noaa} (whoever may read it)
//    json: {device, period, from, to, timeZone, settings, days, totals, months?} in SI (°C, °C·day, mm, m/s),
//          days in the station's time zone; a year is the station's climate year (it starts in the rain
//          season's month, src/domain/climate/summary.ts periodBounds).
//    noaa: the NOAA text of WeeWX's layout (src/domain/climate/noaa.ts) in the caller's units, text/plain.
import { BadRequest } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import { climateHours } from '../../../src/domain/climate/hourly';
import { noaaMonth, noaaYear } from '../../../src/domain/climate/noaa';
import { dailyNormals, hasNormals } from '../../../src/domain/climate/normals';
import {
  CLIMATE_KEYS,
  type ClimateAnswer,
  type ClimateBucket,
  type ClimateDay,
  type ClimateNormal,
  type ClimatePeriod,
  type ClimateSettings,
  climateDays,
  climateMonths,
  climateTotals,
  defaultClimateSettings,
  parseClimatePeriod,
  periodBounds,
} from '../../../src/domain/climate/summary';
import { DEFAULT_TIME_ZONE, localDayStart, localParts } from '../../../src/domain/timeZones';
import { DEFAULT_UNIT_PREFS } from '../../../src/domain/unitPrefs';
import type { Application, AuthUser, HookContext } from '../../declarations';
import { optionalAuth } from '../../hooks/auth';
import { type DeviceRow, present } from '../devices/device-record';
import { storedUnitPrefs, unitPrefs } from '../export/export';

type P = Params & { user?: AuthUser };

const KEYS = [...CLIMATE_KEYS];

/** The station's climate settings (null columns are the defaults). */
export function climateSettings(device: DeviceRow): ClimateSettings {
  const d = defaultClimateSettings(device.timezone || DEFAULT_TIME_ZONE);
  return {
    ...d,
    latitude: device.latitude ?? null,
    elevation: device.elevation ?? null,
    anemometerHeight: device.anemometerHeight ?? d.anemometerHeight,
    degreeDayBase: device.degreeDayBase ?? d.degreeDayBase,
    gddBase: device.gddBase ?? d.gddBase,
    rainSeasonStart: device.rainSeasonStart ?? d.rainSeasonStart,
  };
}

export class ClimateService {
  constructor(private app: Application) {}

  /**
   * The period's 5-minute buckets, and hourly buckets for the hours that have none (the 5-minute ones are
   * trimmed after a plan's store period; the hours stay).
   */
  private async buckets(device: string, from: number, to: number): Promise<ClimateBucket[]> {
    const store = this.app.ctx.samples;
    const fives = await store.buckets('buckets5m', device, from, to, KEYS);
    const hours = await store.buckets('buckets1h', device, from, to, KEYS);
    const covered = new Set(fives.map((b) => b.time - (b.time % 3600)));
    const out: ClimateBucket[] = fives.map((b) => ({ time: b.time, span: 300, aggs: b.aggs }));
    for (const h of hours) if (!covered.has(h.time)) out.push({ time: h.time, span: 3600, aggs: h.aggs });
    return out;
  }

  /** The normals of the period's days from every daily bucket the station has (normals.ts). */
  private async normals(
    device: string,
    s: ClimateSettings,
    days: ClimateDay[],
  ): Promise<ClimateNormal[] | null> {
    const now = Math.floor(Date.now() / 1000);
    const rows = await this.app.ctx.samples.buckets('buckets1d', device, 0, now, ['tempc0', 'dailyrain']);
    const dateOf = (time: number) => {
      const p = localParts(time, s.timeZone);
      return `${p.y}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
    };
    // The station's history runs to its newest reading (today's too), but a normal is made of whole days only:
    // the day under way is not a year's value of its date yet (its mean so far would pull the normal towards the
    // very day the dashboard compares with it).
    if (!hasNormals(rows[0] ? dateOf(rows[0].time) : null, rows.at(-1) ? dateOf(rows.at(-1)!.time) : null))
      return null;
    const today = localDayStart(now, s.timeZone);
    const daily = rows
      .filter((r) => r.time < today)
      .map((r) => {
        const t = r.aggs.tempc0;
        const rain = r.aggs.dailyrain;
        return {
          date: dateOf(r.time),
          tempMean: t && t[0] > 0 ? t[1] / t[0] : null,
          rain: rain && rain[0] > 0 ? rain[3] : null,
        };
      });
    const normals = dailyNormals(daily);
    const out: ClimateNormal[] = [];
    for (const d of days) {
      const n = normals.get(d.date.slice(5));
      if (n) out.push({ date: d.date, ...n });
    }
    return out;
  }

  async find(params: P): Promise<ClimateAnswer | string> {
    const query = (params.query ?? {}) as Record<string, unknown>;
    if (query.device === undefined || query.device === '') throw new BadRequest('device is required');
    if (query.month !== undefined && query.year !== undefined)
      throw new BadRequest('Give month or year, not both', { field: 'month' });
    const period = parseClimatePeriod(query.month, query.year);
    if (!period)
      throw new BadRequest('month must be YYYY-MM or year YYYY (1970..2100)', {
        field: query.year !== undefined ? 'year' : 'month',
      });
    const flag = (key: 'normals' | 'hourly') => {
      const v = query[key];
      if (v === undefined || v === '0' || v === 'false' || v === false) return false;
      if (v === '1' || v === 'true' || v === true) return true;
      throw new BadRequest(`${key} must be 1 or 0`, { field: key });
    };
    const wantNormals = flag('normals');
    const wantHours = flag('hourly');
    let compareYear: number | null = null;
    if (query.compare !== undefined && query.compare !== '') {
      if (typeof query.compare !== 'string' || !/^\d{4}$/.test(query.compare))
        throw new BadRequest('compare must be a year YYYY', { field: 'compare' });
      compareYear = Number(query.compare);
      if (compareYear < 1970 || compareYear > 2100)
        throw new BadRequest('compare must be a year YYYY (1970..2100)', { field: 'compare' });
    }
    const format = query.format ?? 'json';
    if (format !== 'json' && format !== 'noaa')
      throw new BadRequest('format must be json or noaa', { field: 'format' });
    const fromQuery = unitPrefs(query, true);
    const device = await this.app.service('weatherDevices').readableData(query.device, params.user);
    const settings = climateSettings(device);
    const [from, to] = periodBounds(period, settings.timeZone, settings.rainSeasonStart);
    const buckets = await this.buckets(device._id, from, to);
    const days = climateDays(buckets, from, to, settings);
    const totals = climateTotals(days);
    const months = period.kind === 'year' ? climateMonths(days) : undefined;
    if (format === 'noaa') {
      const units = {
        ...DEFAULT_UNIT_PREFS,
        ...(await storedUnitPrefs(this.app, params.user)),
        ...fromQuery,
      };
      // The report's header names the position as the station page does: rounded for a visitor.
      const seen = present(device, params.user);
      const station = {
        name: device.name,
        latitude: seen.latitude ?? null,
        longitude: seen.longitude ?? null,
        elevation: device.elevation ?? null,
        timeZone: settings.timeZone,
      };
      (params as { climateText?: boolean }).climateText = true;
      return period.kind === 'month'
        ? noaaMonth(station, units, period.y, period.m, days, totals)
        : noaaYear(station, units, period.y, months ?? [], days, totals);
    }
    const { timeZone, ...rest } = settings;
    const label = (p: ClimatePeriod) =>
      p.kind === 'month' ? `${p.y}-${String(p.m).padStart(2, '0')}` : String(p.y);
    const answer: ClimateAnswer = {
      device: device._id,
      period: label(period),
      from,
      to,
      timeZone,
      settings: rest,
      days,
      totals,
      months,
    };
    if (wantHours) answer.hours = climateHours(buckets, { ...settings, longitude: device.longitude ?? null });
    if (wantNormals) answer.normals = await this.normals(device._id, settings, days);
    if (compareYear !== null) {
      const other: ClimatePeriod = { ...period, y: compareYear };
      const [a, b] = periodBounds(other, settings.timeZone, settings.rainSeasonStart);
      const otherDays = climateDays(await this.buckets(device._id, a, b), a, b, settings);
      answer.compare = {
        period: label(other),
        from: a,
        to: b,
        days: otherDays,
        totals: climateTotals(otherDays),
        months: other.kind === 'year' ? climateMonths(otherDays) : undefined,
      };
    }
    return answer;
  }
}

/** The NOAA text goes out as text/plain (REST); over socket.io it is the answer's string. */
function textHeaders(context: HookContext): void {
  if (!(context.params as { climateText?: boolean }).climateText) return;
  context.http = {
    ...context.http,
    headers: { ...(context.http?.headers ?? {}), 'Content-Type': 'text/plain; charset=utf-8' },
  };
}

export function climate(app: Application): void {
  app.use('weatherDevices/climate', new ClimateService(app), { methods: ['find'] });
  app.service('weatherDevices/climate').hooks({
    before: { find: [optionalAuth] },
    after: { find: [textHeaders] },
  });
}
