// Windy stations API v2.
//
// GET <endpoint>?id=<station ID>&time=<ISO 8601 UTC, ms>&wind=&gust=&winddir=&rh=&dewpoint=&pressure=&uv=
//     &solarradiation=&precip=&temp=&softwaretype=    with  Authorization: Bearer <station password>
// Source: CumulusMX CumulusMX/ThirdParty/WebUploadWindy.cs GetURL() and DoUpdate():
//  - endpoint https://stations.windy.com/api/v2/observation/update/; the password goes in the Bearer header,
//    never in the URL; time "yyyy-MM-ddTHH:mm:ss.fffZ".
//  - wind (average; we send the 10-minute average when the station has it, else the current speed) and gust in
//    m/s F1 (WindMSStr), winddir integer degrees, rh integer %, dewpoint and temp °C F1 (TempCstr), pressure in
//    Pa F0 (PressPAstr: hPa × 100, sea level), uv F1, solarradiation integer W/m², precip = rain of the past
//    hour in mm F2 (RainMMstr).
//  - answers: 200 stored; 400 "station password is invalid, does not match the station, or payload failed
//    validation" and 401 "missing station password" are a refused key; 409 a duplicate; 429 rate limited.
import type { NetworkFormat, Verdict } from './types';
import { byStatus, SOFTWARE, SOFTWARE_VERSION } from './types';
import { fixed, reading } from './units';

export const windy: NetworkFormat = {
  build(target, sample, _station, endpoint) {
    const url = new URL(endpoint);
    const q = url.searchParams;
    const put = (name: string, value: number | undefined, dp: number) => {
      if (value !== undefined) q.set(name, fixed(value, dp));
    };
    q.set('id', target.stationId);
    q.set('time', new Date(sample.time * 1000).toISOString());
    put('wind', reading(sample, 'windavg10m') ?? reading(sample, 'windspd'), 1);
    put('gust', reading(sample, 'gust'), 1);
    put('winddir', reading(sample, 'winddiravg10m') ?? reading(sample, 'winddir'), 0);
    put('rh', reading(sample, 'humc0'), 0);
    put('dewpoint', reading(sample, 'dewpoint'), 1);
    const hpa = reading(sample, 'relbaro');
    put('pressure', hpa === undefined ? undefined : hpa * 100, 0);
    put('uv', reading(sample, 'uvi'), 1);
    put('solarradiation', reading(sample, 'solarrad'), 0);
    put('precip', reading(sample, 'hourlyrain'), 2);
    put('temp', reading(sample, 'tempc0'), 1);
    q.set('softwaretype', `${SOFTWARE} v${SOFTWARE_VERSION}`);
    return { method: 'GET', url: url.toString(), headers: { authorization: `Bearer ${target.key}` } };
  },
  judge(status, body): Verdict {
    if (status === 400 || status === 401) return { ...byStatus(status, body), kind: 'rejected' };
    if (status === 409) return { kind: 'failed', message: 'HTTP 409: duplicate observation' };
    return byStatus(status, body);
  },
};
