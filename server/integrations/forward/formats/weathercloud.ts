// WeatherCloud API v01.
//
// GET <endpoint>?wid=<ID>&key=<key>&temp=&chill=&dew=&heat=&hum=&wspd=&wspdhi=&wspdavg=&wdir=&wdiravg=&bar=
//     &rain=&rainrate=&solarrad=&uvi=&pm25=&pm10=&date=YYYYMMDD&software=
// Source: CumulusMX CumulusMX/ThirdParty/WebUploadWCloud.cs GetURL():
//  - endpoint https://api.weathercloud.net/v01/set, wid and key in the query.
//  - tenths as integers: temperatures °C × 10 (temp, chill = wind chill, dew, heat = heat index), wind m/s × 10
//    (wspd current, wspdhi gust, wspdavg average), bar hPa × 10 (sea level), rain = today's rain mm × 10,
//    rainrate mm/h × 10, solarrad W/m² × 10, uvi × 10; hum and wdir/wdiravg integers; pm25/pm10 µg/m³ F0;
//    date = the UTC date yyyyMMdd. (Indoor values, sent by CumulusMX, are left out: they are the owner's.)
//  - answers: 200 success, 400 bad request, 401 "Incorrect WID or Key", 429 too many requests, 500 server error.
import type { NetworkFormat } from './types';
import { byStatus, SOFTWARE, SOFTWARE_VERSION } from './types';
import { fixed, reading, utcParts } from './units';

/** [parameter, catalogue key, factor] (value × factor, rounded to an integer). */
const FIELDS: ReadonlyArray<readonly [string, string, number]> = [
  ['temp', 'tempc0', 10],
  ['chill', 'windchill', 10],
  ['dew', 'dewpoint', 10],
  ['heat', 'heatindex', 10],
  ['hum', 'humc0', 1],
  ['wspd', 'windspd', 10],
  ['wspdhi', 'gust', 10],
  ['wspdavg', 'windavg10m', 10],
  ['wdir', 'winddir', 1],
  ['wdiravg', 'winddiravg10m', 1],
  ['bar', 'relbaro', 10],
  ['rain', 'dailyrain', 10],
  ['rainrate', 'rainrate', 10],
  ['solarrad', 'solarrad', 10],
  ['uvi', 'uvi', 10],
  ['pm25', 'pm25c1', 1],
  ['pm10', 'pm10c1', 1],
];

export const weathercloud: NetworkFormat = {
  build(target, sample, _station, endpoint) {
    const url = new URL(endpoint);
    const q = url.searchParams;
    q.set('wid', target.stationId);
    q.set('key', target.key);
    for (const [name, key, factor] of FIELDS) {
      const v = reading(sample, key);
      if (v !== undefined) q.set(name, fixed(Math.round(v * factor), 0));
    }
    const t = utcParts(sample.time);
    q.set('date', `${t.yyyy}${t.mm}${t.dd}`);
    q.set('software', `${SOFTWARE}_v${SOFTWARE_VERSION}`);
    return { method: 'GET', url: url.toString() };
  },
  judge: byStatus,
};
