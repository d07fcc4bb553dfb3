// OpenWeatherMap, its weather-station measurements API (API 3.0), station registration included.
//
// Register (once, when the target has no station ID yet):
//   POST <base>/stations?appid=<API key>   {"external_id","name","latitude","longitude","altitude"}
//   → 201 {"ID": "<station id>", …}: the ID is kept as the target's station ID.
// Measurements:
//   POST <base>/measurements?appid=<API key>   [{"station_id","dt","temperature","wind_speed","wind_gust",
//     "wind_deg","pressure","humidity","dew_point","rain_1h","rain_24h"}]   → 204
// Source: OpenWeatherMap "Weather Stations API" (https://openweathermap.org/stations): "Register a station"
// (POST /data/3.0/stations, the answer's `ID`), "Send the measurements" (POST /data/3.0/measurements, an array,
// station_id and dt required), units °C, m/s, hPa, %, mm; 401 an invalid API key. (WeeWX has no OWM uploader
// in core; the weewx-owm extension posts the same body.)
import type { HttpRequest, NetworkFormat, StationFacts, TargetFields } from './types';
import { byStatus } from './types';
import { reading } from './units';

/** The stations URL next to the measurements one (`…/data/3.0/measurements` → `…/data/3.0/stations`). */
function stationsUrl(endpoint: string, key: string): string {
  const url = new URL(endpoint.replace(/\/measurements\/?$/, '/stations'));
  url.searchParams.set('appid', key);
  return url.toString();
}

/** The registration request for a target without a station ID. */
export function registerRequest(
  target: TargetFields,
  station: StationFacts & { id: string; name: string; elevation: number | null },
  endpoint: string,
): HttpRequest {
  return {
    method: 'POST',
    url: stationsUrl(endpoint, target.key),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      external_id: station.id,
      name: station.name,
      latitude: station.latitude ?? 0,
      longitude: station.longitude ?? 0,
      altitude: station.elevation ?? 0,
    }),
  };
}

/** The station ID of a registration's answer, or null. */
export function registeredId(status: number, body: string): string | null {
  if (status !== 200 && status !== 201) return null;
  try {
    const id = (JSON.parse(body) as { ID?: unknown }).ID;
    return typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

export const openweathermap: NetworkFormat = {
  build(target, sample, station, endpoint) {
    const url = new URL(endpoint);
    url.searchParams.set('appid', target.key);
    const m: Record<string, string | number> = { station_id: target.stationId, dt: sample.time };
    const put = (name: string, value: number | undefined | null) => {
      if (value !== undefined && value !== null && Number.isFinite(value)) m[name] = value;
    };
    put('temperature', reading(sample, 'tempc0'));
    put('wind_speed', reading(sample, 'windspd'));
    put('wind_gust', reading(sample, 'gust'));
    put('wind_deg', reading(sample, 'winddir'));
    put('pressure', reading(sample, 'relbaro'));
    put('humidity', reading(sample, 'humc0'));
    put('dew_point', reading(sample, 'dewpoint'));
    put('rain_1h', reading(sample, 'hourlyrain'));
    put('rain_24h', station.rain24h);
    return {
      method: 'POST',
      url: url.toString(),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([m]),
    };
  },
  judge: byStatus,
};
