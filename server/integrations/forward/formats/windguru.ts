// Windguru, its station upload API: a GET signed with a salt and an MD5 hash instead of the password.
//
// GET <endpoint>?uid=<station UID>&salt=<unique text>&hash=<MD5(salt + uid + API password)>&unixtime=
//     &interval=&wind_avg=&wind_max=&wind_direction=&temperature=&rh=&mslp=&precip=&precip_interval=
// Sources: Windguru's "Station upload API" (https://stations.windguru.cz/upload_api.php) and the WeeWX WindGuru
// extension (weewx-windguru windguru.py, after the WindFinder one):
//  - wind_avg, wind_max (gust) in knots over `interval` seconds, wind_direction degrees, temperature °C,
//    rh %, mslp hPa (sea level), precip mm over `precip_interval` seconds; unixtime the reading's time.
//  - the salt must differ between requests (it guards against replay): the reading's time and a random part.
//  - answers: "OK" stored; "wrong hash" / "unknown uid" (any "wrong" or "unknown") the UID or password refused.
import { createHash, randomBytes } from 'node:crypto';
import type { NetworkFormat, Verdict } from './types';
import { byStatus } from './types';
import { fixed, reading } from './units';

const msToKnots = (ms: number) => ms * 1.943844;

export const windguru: NetworkFormat = {
  build(target, sample, _station, endpoint) {
    const url = new URL(endpoint);
    const q = url.searchParams;
    const put = (name: string, value: number | undefined, dp: number) => {
      if (value !== undefined) q.set(name, fixed(value, dp));
    };
    const salt = `${sample.time}${randomBytes(4).toString('hex')}`;
    q.set('uid', target.stationId);
    q.set('salt', salt);
    q.set(
      'hash',
      createHash('md5')
        .update(salt + target.stationId + target.key, 'utf8')
        .digest('hex'),
    );
    q.set('unixtime', String(sample.time));
    // The 10-minute average when the station has it, else the speed of this reading (one minute).
    const avg10 = reading(sample, 'windavg10m');
    const speed = avg10 ?? reading(sample, 'windspd');
    if (speed !== undefined) q.set('interval', avg10 !== undefined ? '600' : '60');
    put('wind_avg', speed === undefined ? undefined : msToKnots(speed), 1);
    const gust = reading(sample, 'gust');
    put('wind_max', gust === undefined ? undefined : msToKnots(gust), 1);
    put('wind_direction', reading(sample, 'winddiravg10m') ?? reading(sample, 'winddir'), 0);
    put('temperature', reading(sample, 'tempc0'), 1);
    put('rh', reading(sample, 'humc0'), 0);
    put('mslp', reading(sample, 'relbaro'), 1);
    const rain = reading(sample, 'hourlyrain');
    if (rain !== undefined) {
      put('precip', rain, 1);
      q.set('precip_interval', '3600');
    }
    return { method: 'GET', url: url.toString() };
  },
  judge(status, body): Verdict {
    if (status < 200 || status >= 300) return byStatus(status, body);
    const line = body.trim().split(/\r?\n/)[0] ?? '';
    if (/^OK\b/i.test(line)) return { kind: 'ok', message: 'ok' };
    if (/wrong|unknown|invalid/i.test(line)) return { kind: 'rejected', message: line.slice(0, 120) };
    return { kind: 'failed', message: line.slice(0, 120) };
  },
};
