// Forecast and sun/moon of a station:
//  weatherDevices/forecast  find {device, type?: current|hourly|daily}
//     with type → {columns, rows}; without → {current, hourly, daily} (what the data worker loads at once)
//  weatherDevices/sun       find {device, date?} → sunrise, sunset, … moon phase (station location + time zone)
//  weatherMetrics/forecast  internal create only: the hourly refresh publishes `created`
//     {device, type, columns, rows, [type]: {columns, rows}} to the device's channel.
// Provider (issue 22): Open-Meteo when reachable, else the station's own Zambretti forecast (FORECAST_PROVIDER
// unset or auto); `local` or `open-meteo` only that one. Every table says which made it (`source`).
import { BadRequest } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import type { ForecastEvent } from '../../../src/domain/services';
import { DEFAULT_TIME_ZONE, zonedMidnight } from '../../../src/domain/timeZones';
import { onceInCluster } from '../../cluster/leader';
import type { Application, AuthUser } from '../../declarations';
import { AutoProvider } from '../../forecast/auto';
import { LocalProvider } from '../../forecast/local';
import { OpenMeteoProvider } from '../../forecast/open-meteo';
import { sunMoon } from '../../forecast/sun';
import {
  FORECAST_TYPES,
  type Forecast,
  type ForecastProvider,
  type ForecastTable,
  type ForecastType,
} from '../../forecast/types';
import { internalOnly, optionalAuth } from '../../hooks/auth';
import { str } from '../../hooks/validate';
import { deviceWatchers } from '../../realtime/device-channels';
import { canRead, type DeviceRow } from '../devices/device-record';

type P = Params & { user?: AuthUser };
const HOUR = 3600;
const DAY = 86400;
export const LOCATION_REQUIRED = "Set the station's location first (latitude and longitude)";

const providers = new WeakMap<Application, ForecastProvider>();

/** Replaces the forecast provider (tests inject an Open-Meteo provider with a fake fetch). */
export function setForecastProvider(app: Application, provider: ForecastProvider): void {
  providers.set(app, provider);
}

/** The provider FORECAST_PROVIDER names: `local`, `open-meteo`, else (auto) Open-Meteo with the local fallback. */
export function defaultProvider(app: Application, setting = process.env.FORECAST_PROVIDER): ForecastProvider {
  const local = new LocalProvider(app.ctx.samples);
  if (setting === 'local') return local;
  if (setting === 'open-meteo') return new OpenMeteoProvider();
  return new AutoProvider(new OpenMeteoProvider(), local, 600, (e) =>
    app.ctx.log.warn(
      `[forecast] Open-Meteo not reachable, using the stations' own forecast: ${(e as Error).message}`,
    ),
  );
}

function providerOf(app: Application): ForecastProvider {
  let p = providers.get(app);
  if (!p) {
    p = defaultProvider(app);
    providers.set(app, p);
  }
  return p;
}

const site = (d: DeviceRow) => ({
  _id: d._id,
  timezone: d.timezone || DEFAULT_TIME_ZONE,
  latitude: typeof d.latitude === 'number' && Number.isFinite(d.latitude) ? d.latitude : null,
  longitude: typeof d.longitude === 'number' && Number.isFinite(d.longitude) ? d.longitude : null,
});

function readable(app: Application, params: P): Promise<DeviceRow> {
  const query = params.query ?? {};
  if (query.device === undefined || query.device === '') throw new BadRequest('device is required');
  return app.service('weatherDevices').readableData(query.device, params.user);
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

export class ForecastService {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private app: Application) {}

  /** Hourly refresh, just after the hour (the data worker reloads at the hour boundary plus a few seconds). */
  async setup() {
    const schedule = () => {
      const ms = (HOUR - (nowSeconds() % HOUR)) * 1000 + 2000;
      this.timer = setTimeout(() => {
        // Once per cluster: the process holding the leader lock fetches.
        void onceInCluster(
          this.app.ctx.leader,
          () => refreshForecasts(this.app),
          (e) => {
            this.app.ctx.log.error('[forecast] refresh failed', e);
          },
        );
        schedule();
      }, ms);
      this.timer.unref?.();
    };
    schedule();
  }

  async teardown() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  async find(params: P): Promise<ForecastTable | Forecast> {
    const type = params.query?.type;
    if (type !== undefined && !FORECAST_TYPES.includes(type as ForecastType))
      throw new BadRequest(`type must be one of ${FORECAST_TYPES.join(', ')}`, { field: 'type' });
    const device = await readable(this.app, params);
    const forecast = await providerOf(this.app).forecast(site(device), nowSeconds());
    return type ? forecast[type as ForecastType] : forecast;
  }
}

export class SunService {
  constructor(private app: Application) {}

  async find(params: P) {
    const query = params.query ?? {};
    const date = str(query, 'date', { max: 40 });
    const device = await readable(this.app, params);
    const s = site(device);
    if (s.latitude === null || s.longitude === null) throw new BadRequest(LOCATION_REQUIRED);
    return { device: device._id, ...sunMoon(s.latitude, s.longitude, s.timezone, dayOf(date, s.timezone)) };
  }
}

/** `date` as YYYY-MM-DD (a local day of the station), an ISO instant or unix seconds; default today. */
function dayOf(date: string | undefined, timeZone: string): number {
  if (date === undefined) return nowSeconds();
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  let t: number;
  if (ymd) {
    const [y, m, d] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
    const check = new Date(Date.UTC(y, m - 1, d));
    if (check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d)
      throw new BadRequest('date must be a valid YYYY-MM-DD date', { field: 'date' });
    t = zonedMidnight(y, m, d, timeZone) + 12 * HOUR;
  } else {
    const ms = /^\d+$/.test(date) ? Number(date) * 1000 : Date.parse(date);
    if (!Number.isFinite(ms))
      throw new BadRequest('date must be YYYY-MM-DD or an ISO date', { field: 'date' });
    t = Math.floor(ms / 1000);
  }
  if (t < 0 || t > 4102444800) throw new BadRequest('date is out of range', { field: 'date' });
  return t;
}

/** Carries the live forecast events; only server code creates them. */
export class ForecastEvents {
  async create(data: ForecastEvent) {
    return data;
  }
}

/** Recomputes forecasts of stations that uploaded within the last day and publishes them. */
export async function refreshForecasts(app: Application, now = nowSeconds()): Promise<number> {
  const rows = await app.ctx.storage
    .knex('weatherDevices')
    .where('lastUpload', '>=', now - DAY)
    .select('_id');
  let sent = 0;
  for (const { _id } of rows) {
    const device = await app.ctx.devices.get(String(_id));
    if (!device) continue;
    let forecast: Forecast;
    try {
      forecast = await providerOf(app).forecast(site(device), now);
    } catch {
      continue; // no location for Open-Meteo, provider down: try again next hour
    }
    for (const type of FORECAST_TYPES) {
      const part = forecast[type];
      await app.service('weatherMetrics/forecast').create({
        device: device._id,
        type,
        columns: part.columns,
        rows: part.rows,
        source: part.source,
        [type]: part,
      });
      sent++;
    }
  }
  return sent;
}

export function forecast(app: Application): void {
  app.use('weatherDevices/forecast', new ForecastService(app), { methods: ['find'] });
  app.service('weatherDevices/forecast').hooks({ before: { find: [optionalAuth] } });
  app.use('weatherDevices/sun', new SunService(app), { methods: ['find'] });
  app.service('weatherDevices/sun').hooks({ before: { find: [optionalAuth] } });
  app.use('weatherMetrics/forecast', new ForecastEvents(), { methods: ['create'] });
  app.service('weatherMetrics/forecast').hooks({ before: { create: [internalOnly] } });

  // Like the live samples: a watcher receives it only while it may still read the device.
  app.service('weatherMetrics/forecast').publish('created', async (data: { device: string }) => {
    const channel = deviceWatchers(app, data.device);
    if (!channel) return [];
    const device = await app.ctx.devices.get(data.device);
    if (!device || !(await app.ctx.plans.allows(device))) return [];
    return channel.filter((c) => canRead(device, c.user as AuthUser | undefined));
  });
}
