// Open-Meteo (https://open-meteo.com, no key): the default forecast when the server can reach it (auto.ts), or
// the only one with FORECAST_PROVIDER=open-meteo. Asked in metric units with unix times; answers are cached per
// station for 30 minutes. The outgoing request is the one `fetchFn` call below (a guarded outgoing path can be
// passed in there).
import { BadRequest, Unavailable } from '@feathersjs/errors';
import type { Forecast, ForecastProvider, ForecastSite, Summary } from './types';
import { round, table, withSource } from './types';

export type FetchLike = (
  url: string,
  init?: { signal?: AbortSignal },
) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

const BASE = 'https://api.open-meteo.com/v1/forecast';
const CACHE_SECONDS = 1800;

/** WMO weather interpretation code → summary id. */
export function summaryOfWmo(code: number | null | undefined): Summary | null {
  if (typeof code !== 'number' || !Number.isFinite(code)) return null;
  if (code <= 1) return 'sunny';
  if (code === 2) return 'partlyCloudy';
  if (code === 3) return 'cloudy';
  if (code === 45 || code === 48) return 'fog';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'snow';
  if (code >= 95) return 'storm';
  if (code >= 51 && code <= 57) return 'unsettled';
  if (code >= 61 && code <= 82) return 'rain';
  return null;
}

export function openMeteoUrl(site: { latitude: number; longitude: number }): string {
  const q = new URLSearchParams({
    latitude: String(site.latitude),
    longitude: String(site.longitude),
    current:
      'temperature_2m,relative_humidity_2m,pressure_msl,wind_speed_10m,wind_direction_10m,weather_code,precipitation,visibility',
    hourly:
      'temperature_2m,relative_humidity_2m,pressure_msl,precipitation_probability,precipitation,wind_speed_10m,wind_direction_10m,weather_code,visibility',
    daily:
      'weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max,precipitation_sum,wind_speed_10m_max,wind_direction_10m_dominant',
    wind_speed_unit: 'ms',
    timeformat: 'unixtime',
    timezone: 'auto',
    forecast_days: '7',
  });
  return `${BASE}?${q}`;
}

type Series = Record<string, unknown[] | undefined>;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const pct = (v: unknown): number | null => {
  const n = num(v);
  return n === null ? null : round(n / 100, 2);
};

/** Parses Open-Meteo's JSON (timeformat=unixtime) into our three tables. */
export function parseOpenMeteo(json: unknown, now: number): Forecast {
  if (!json || typeof json !== 'object') throw new Unavailable('Open-Meteo sent no forecast');
  const o = json as { current?: Record<string, unknown>; hourly?: Series; daily?: Series; error?: boolean };
  if (o.error) throw new Unavailable('Open-Meteo refused the request');
  const c = o.current ?? {};
  const current = table(
    // Visibility in m (the sky card's Fog/Haze/Clear band).
    [
      'dt',
      'summary',
      'icon',
      'code',
      'tempc0',
      'humc0',
      'relbaro',
      'windspd',
      'winddir',
      'precipitation',
      'visibility',
    ],
    [
      {
        dt: num(c.time) ?? now,
        summary: summaryOfWmo(num(c.weather_code)),
        icon: summaryOfWmo(num(c.weather_code)),
        code: num(c.weather_code),
        tempc0: num(c.temperature_2m),
        humc0: num(c.relative_humidity_2m),
        relbaro: num(c.pressure_msl),
        windspd: num(c.wind_speed_10m),
        winddir: num(c.wind_direction_10m),
        precipitation: num(c.precipitation),
        visibility: num(c.visibility),
      },
    ],
  );
  const h = o.hourly ?? {};
  const hourlyRows = (h.time ?? [])
    .map((t, i) => ({ t: num(t), i }))
    .filter(({ t }) => t !== null && t > now - 3600)
    .slice(0, 48)
    .map(({ t, i }) => {
      const code = num(h.weather_code?.[i]);
      return {
        dt: t,
        summary: summaryOfWmo(code),
        icon: summaryOfWmo(code),
        code,
        pop: pct(h.precipitation_probability?.[i]),
        tempc0: num(h.temperature_2m?.[i]),
        humc0: num(h.relative_humidity_2m?.[i]),
        relbaro: num(h.pressure_msl?.[i]),
        windspd: num(h.wind_speed_10m?.[i]),
        winddir: num(h.wind_direction_10m?.[i]),
        precipitation: num(h.precipitation?.[i]),
        visibility: num(h.visibility?.[i]),
      };
    });
  const hourly = table(
    [
      'dt',
      'summary',
      'icon',
      'code',
      'pop',
      'tempc0',
      'humc0',
      'relbaro',
      'windspd',
      'winddir',
      'precipitation',
      'visibility',
    ],
    hourlyRows,
  );
  const d = o.daily ?? {};
  const daily = table(
    ['dt', 'summary', 'icon', 'code', 'pop', 'temp_max', 'temp_min', 'windspd', 'winddir', 'precipitation'],
    (d.time ?? []).map((t, i) => {
      const code = num(d.weather_code?.[i]);
      return {
        dt: num(t),
        summary: summaryOfWmo(code),
        icon: summaryOfWmo(code),
        code,
        pop: pct(d.precipitation_probability_max?.[i]),
        temp_max: num(d.temperature_2m_max?.[i]),
        temp_min: num(d.temperature_2m_min?.[i]),
        windspd: num(d.wind_speed_10m_max?.[i]),
        winddir: num(d.wind_direction_10m_dominant?.[i]),
        precipitation: num(d.precipitation_sum?.[i]),
      };
    }),
  );
  return { current, hourly, daily };
}

export class OpenMeteoProvider implements ForecastProvider {
  readonly name = 'open-meteo';
  private cache = new Map<string, { at: number; forecast: Forecast }>();

  constructor(private fetchFn: FetchLike = fetch as unknown as FetchLike) {}

  async forecast(site: ForecastSite, now: number): Promise<Forecast> {
    if (site.latitude === null || site.longitude === null)
      throw new BadRequest("Set the station's location first (latitude and longitude)");
    const hit = this.cache.get(site._id);
    if (hit && now - hit.at < CACHE_SECONDS) return hit.forecast;
    let json: unknown;
    try {
      const res = await this.fetchFn(openMeteoUrl({ latitude: site.latitude, longitude: site.longitude }), {
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      json = await res.json();
    } catch (error) {
      if (hit) return hit.forecast; // a stale forecast beats none
      throw new Unavailable(`The forecast provider is not reachable (${(error as Error).message})`);
    }
    const forecast = withSource(parseOpenMeteo(json, now), 'open-meteo');
    this.cache.set(site._id, { at: now, forecast });
    return forecast;
  }
}
