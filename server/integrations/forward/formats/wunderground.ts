// The Wunderground PWS protocol: Weather Underground, PWSweather (the same protocol at its own address) and
// custom targets in Wunderground format (another portal, Home Assistant, ecowitt2mqtt…).
//
// GET <endpoint>?ID=&PASSWORD=&dateutc=YYYY-MM-DD+HH%3AMM%3ASS&winddir=&windspeedmph=&windgustmph=&humidity=
//     &tempf=&rainin=&dailyrainin=&baromin=&dewptf=&UV=&solarradiation=&AqPM2.5=&AqPM10=&softwaretype=
//     &action=updateraw
// Sources:
//  - parameter order, dateutc with '+' and %3A, integer humidity and wind direction, "&action=updateraw" last:
//    CumulusMX CumulusMX/ThirdParty/WebUploadWund.cs GetURL() and WebUploadPWS.cs GetURL().
//  - decimals: WeeWX src/weewx/restx.py AmbientThread._FORMATS — baromin %.3f, tempf/dewptf %.1f,
//    rainin/dailyrainin %.2f, windspeedmph/windgustmph %.1f, UV %.2f, solarradiation %.2f, AqPM2.5/AqPM10 %.1f
//    (CumulusMX prints the same: TempFstr F1, PressINstr F3, RainINstr F2, WindMPHStr F1).
//  - units: °F, mph, inHg (sea-level pressure: our relbaro), inches; rainin is the rain of the past hour.
//  - answers: WU replies "success"; 401 or "INVALIDPASSWORDID" is a wrong ID/key (CumulusMX: "Unauthorized,
//    check credentials"); PWSweather signals a bad login with a line starting "ERROR" and a garbled upload with
//    one containing "invalid" (WeeWX AmbientThread.check_response).
import type { Sample } from '../../../../src/domain/types';
import {
  byStatus,
  type NetworkFormat,
  type OutgoingRequest,
  SOFTWARE,
  SOFTWARE_VERSION,
  type TargetFields,
  type Verdict,
} from './types';
import { cToF, fixed, hpaToInHg, mmToIn, msToMph, reading, utcParts } from './units';

/** [parameter, catalogue key, convert, decimals] in the order they are sent. */
const FIELDS: ReadonlyArray<readonly [string, string, ((v: number) => number) | null, number]> = [
  ['winddir', 'winddir', null, 0],
  ['windspeedmph', 'windspd', msToMph, 1],
  ['windgustmph', 'gust', msToMph, 1],
  ['humidity', 'humc0', null, 0],
  ['tempf', 'tempc0', cToF, 1],
  ['rainin', 'hourlyrain', mmToIn, 2],
  ['dailyrainin', 'dailyrain', mmToIn, 2],
  ['baromin', 'relbaro', hpaToInHg, 3],
  ['dewptf', 'dewpoint', cToF, 1],
  ['UV', 'uvi', null, 2],
  ['solarradiation', 'solarrad', null, 2],
  ['AqPM2.5', 'pm25c1', null, 1],
  ['AqPM10', 'pm10c1', null, 1],
];

/** The query parameters of one sample (ID and PASSWORD first). */
export function wundergroundParams(target: TargetFields, sample: Sample): URLSearchParams {
  const t = utcParts(sample.time);
  const params = new URLSearchParams();
  params.set('ID', target.stationId);
  params.set('PASSWORD', target.key);
  params.set('dateutc', `${t.yyyy}-${t.mm}-${t.dd} ${t.hh}:${t.mi}:${t.ss}`);
  for (const [name, key, convert, dp] of FIELDS) {
    const v = reading(sample, key);
    if (v !== undefined) params.set(name, fixed(convert ? convert(v) : v, dp));
  }
  params.set('softwaretype', `${SOFTWARE} v${SOFTWARE_VERSION}`);
  params.set('action', 'updateraw');
  return params;
}

function get(endpoint: string, params: URLSearchParams): OutgoingRequest {
  const url = new URL(endpoint);
  for (const [k, v] of params) url.searchParams.append(k, v);
  return { method: 'GET', url: url.toString() };
}

export const wunderground: NetworkFormat = {
  build: (target, sample, _station, endpoint) => get(endpoint, wundergroundParams(target, sample)),
  judge(status, body): Verdict {
    if (/INVALIDPASSWORDID/i.test(body)) return { kind: 'rejected', message: body.trim().slice(0, 120) };
    return byStatus(status, body);
  },
};

export const pwsweather: NetworkFormat = {
  build: wunderground.build,
  judge(status, body): Verdict {
    const lines = body.split(/\r?\n/);
    const error = lines.find((l) => l.startsWith('ERROR'));
    if (error) return { kind: 'rejected', message: error.slice(0, 120) };
    const invalid = lines.find((l) => l.includes('invalid'));
    if (invalid && status < 300) return { kind: 'failed', message: invalid.slice(0, 120) };
    return byStatus(status, body);
  },
};

/** A custom target in Wunderground format: the same GET to the owner's URL (its own query kept). */
export const customWunderground: NetworkFormat = {
  build: (target, sample) => get(target.url ?? '', wundergroundParams(target, sample)),
  judge: wunderground.judge,
};
